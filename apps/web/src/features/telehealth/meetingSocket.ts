import type { Socket } from 'socket.io-client';
import { ACK_EVENT, hubNamespace, SUBSCRIBE_EVENT, type RealtimeMessage } from '@careslot/contracts';

export type MeetingEvent =
  'TeleVisitStatus' | 'TeleMeetingReadinessCheck' | 'BroadcastUserChatSession' | 'TeleVisitSignal';

export interface Signal {
  MeetingId: string;
  From: string;
  To: string;
  Kind: 'hello' | 'offer' | 'answer' | 'candidate' | 'bye';
  Sdp?: string;
  Candidate?: RTCIceCandidateInit;
  Session?: string;
}

/**
 * The meeting's socket on the meetings hub: follows `meeting:<id>`, hands its events to listeners (each
 * acknowledged), and sends WebRTC signals, which the server relays only between admitted participants.
 */
export class MeetingSocket {
  private socket: Socket | null = null;
  private readonly listeners = new Map<MeetingEvent, Set<(data: Record<string, unknown>) => void>>();
  private readonly connectListeners = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly meetingId: string,
    private readonly token: () => string | null,
  ) {}

  async open(): Promise<void> {
    const { io } = await import('socket.io-client');
    if (this.closed) return;
    const socket = io(hubNamespace('meetings'), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token() ?? '' },
    });
    this.socket = socket;
    socket.on('connect', () => {
      void socket
        .emitWithAck(SUBSCRIBE_EVENT, { rooms: [`meeting:${this.meetingId}`] })
        .then(() => this.connectListeners.forEach((listener) => listener()));
    });
    socket.onAny((event: string, message: RealtimeMessage | undefined) => {
      if (!message || typeof message.messageId !== 'string') return;
      socket.emit(ACK_EVENT, { userId: null, messageId: message.messageId });
      this.listeners.get(event as MeetingEvent)?.forEach((listener) => listener(message.data));
    });
  }

  /** Runs after every (re)connection once the meeting's room is followed. */
  onReady(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  on(event: MeetingEvent, listener: (data: Record<string, unknown>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  signal(signal: Omit<Signal, 'From' | 'MeetingId'>): void {
    this.socket?.emit('TeleVisitSignal', { MeetingId: this.meetingId, ...signal });
  }

  close(): void {
    this.closed = true;
    this.socket?.disconnect();
    this.socket = null;
  }
}
