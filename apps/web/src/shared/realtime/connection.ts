import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  ACK_EVENT,
  hubNamespace,
  REALTIME_RECONNECT,
  REAUTHENTICATE_EVENT,
  SUBSCRIBE_EVENT,
  UNSUBSCRIBE_EVENT,
  type Hub,
  type RealtimeEvent,
  type RealtimeMessage,
} from '@careslot/contracts';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** Delay before reconnect attempt n (0-based): 2000 ms × (n + 1), at most 5 retries; null once spent. */
export function reconnectDelay(attempt: number): number | null {
  return attempt < REALTIME_RECONNECT.retries ? REALTIME_RECONNECT.delayMs(attempt) : null;
}

type Connect = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

let socketIo: Promise<Connect> | null = null;
/**
 * The socket.io client loads when a first connection opens (a live calendar, the notifications), not with
 * the page: it is a fifth of a patient page's JavaScript otherwise (docs/performance.md).
 */
function loadSocketIo(): Promise<Connect> {
  socketIo ??= import('socket.io-client').then((m) => m.io);
  return socketIo;
}

export interface HubConnectionOptions {
  getToken: () => string | null;
  userId?: string | null;
  /** Injected in tests; defaults to socket.io-client (loaded on first use). */
  connect?: Connect;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

type Handler = (message: RealtimeMessage) => void;

/** How many recent message ids a connection remembers to drop a redelivered message. */
const SEEN_LIMIT = 500;

/**
 * One hub connection (practice-portal.md §4.8): connecting → connected; on an unplanned close (the server closes
 * a socket whose token expired, or whose sessions ended) it reconnects up to 5 times with 2000 ms × (attempt + 1),
 * each time with the session's current token; every received message is acknowledged with userId and messageId.
 */
export class HubConnection {
  private socket: Socket | null = null;
  private attempt = 0;
  private stopped = true;
  private timer: unknown = null;
  /** Bumped by every open and stop: a socket.io client that finishes loading after a stop opens nothing. */
  private generation = 0;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly rooms = new Set<string>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  /**
   * Ids of messages already handed to listeners: the server sends a message again when it was not
   * acknowledged (a reconnect) or its domain event was delivered twice; it is acknowledged, not handled twice.
   */
  private readonly seen = new Set<string>();
  state: ConnectionState = 'disconnected';

  constructor(
    private readonly hub: Hub,
    private readonly options: HubConnectionOptions,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.open('connecting');
  }

  /** Stops on purpose: no reconnect. */
  stop() {
    this.stopped = true;
    this.generation += 1;
    if (this.timer !== null)
      (this.options.cancel ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.setState('disconnected');
  }

  on(event: RealtimeEvent, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  /** Follows rooms such as `schedule:<id>`; kept across reconnects. */
  subscribe(rooms: string[]) {
    rooms.forEach((r) => this.rooms.add(r));
    this.socket?.emit(SUBSCRIBE_EVENT, { rooms });
  }

  unsubscribe(rooms: string[]) {
    rooms.forEach((r) => this.rooms.delete(r));
    this.socket?.emit(UNSUBSCRIBE_EVENT, { rooms });
  }

  /**
   * The session's token was renewed (same user): an open socket hands it to the server (Reauthenticate), which
   * would otherwise close the socket when the old token expires. Refused (another user, other roles), or with
   * no socket open, the connection opens again with the new token (decision 0083).
   */
  renewToken() {
    if (this.stopped) return;
    const token = this.options.getToken();
    if (!token) return;
    const socket = this.socket;
    if (socket && this.state === 'connected') {
      socket.emit(REAUTHENTICATE_EVENT, { token }, (answer?: { ok?: boolean }) => {
        if (!answer?.ok && this.socket === socket && !this.stopped) this.reopen();
      });
      return;
    }
    if (this.state === 'disconnected' && this.timer === null) this.reopen();
  }

  private reopen() {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.attempt = 0;
    this.open('reconnecting');
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(state: ConnectionState) {
    this.state = state;
    this.stateListeners.forEach((l) => l(state));
  }

  private open(state: 'connecting' | 'reconnecting') {
    this.setState(state);
    const generation = ++this.generation;
    if (this.options.connect) {
      this.attach(this.options.connect);
      return;
    }
    void loadSocketIo().then(
      (connect) => {
        if (!this.stopped && generation === this.generation) this.attach(connect);
      },
      () => {
        if (!this.stopped && generation === this.generation) this.scheduleReconnect();
      },
    );
  }

  private attach(connect: Connect) {
    const socket = connect(hubNamespace(this.hub), {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: {
        token: this.options.getToken() ?? '',
        ...(this.options.userId ? { userId: this.options.userId } : {}),
      },
      ...(this.options.userId ? { query: { userId: this.options.userId } } : {}),
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.attempt = 0;
      this.setState('connected');
      if (this.rooms.size) socket.emit(SUBSCRIBE_EVENT, { rooms: [...this.rooms] });
    });
    socket.onAny((event: string, message: RealtimeMessage | undefined) => {
      if (message && typeof message.messageId === 'string') {
        socket.emit(ACK_EVENT, { userId: this.options.userId ?? null, messageId: message.messageId });
        if (this.seen.has(message.messageId)) return;
        this.seen.add(message.messageId);
        if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);
      }
      if (message) this.handlers.get(event)?.forEach((h) => h(message));
    });
    const lost = () => this.scheduleReconnect();
    socket.on('disconnect', lost);
    socket.on('connect_error', lost);
  }

  private scheduleReconnect() {
    if (this.stopped || this.timer !== null) return;
    this.socket?.removeAllListeners();
    this.socket = null;
    const delay = reconnectDelay(this.attempt);
    if (delay === null) {
      this.setState('disconnected');
      return;
    }
    this.attempt += 1;
    this.setState('reconnecting');
    this.timer = (this.options.schedule ?? setTimeout)(() => {
      this.timer = null;
      if (!this.stopped) this.open('reconnecting');
    }, delay);
  }
}
