import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  ACK_EVENT,
  HUBS,
  hubNamespace,
  ONLINE_STATUS_EVENT,
  SUBSCRIBE_EVENT,
  UNSUBSCRIBE_EVENT,
  type Hub,
  type RealtimeEvent,
  type RealtimeMessage,
  type Room,
} from '@careslot/contracts';
import { isSignedInUser, principalFromClaims, type Principal } from './auth';
import type { TokenService } from './tokens';

export interface PublishOptions {
  hub: Hub;
  event: RealtimeEvent;
  rooms: Room[];
  data: Record<string, unknown>;
}

export interface Realtime {
  /** Starts the hubs on the HTTP server; before that, publish reaches nobody. */
  attach(server: HttpServer): Promise<void>;
  /** Sends an event to the rooms on every instance; returns the message id clients acknowledge. */
  publish(options: PublishOptions): string;
  /** Messages sent to a user and not yet acknowledged (redelivered when the user reconnects). */
  pendingFor(userId: string): RealtimeMessage[];
  close(): Promise<void>;
}

interface SocketData {
  principal: Principal;
  userId: string | null;
}

const FOLLOWABLE = /^(schedule|schedule-reasons|meeting|appointment):[A-Za-z0-9_-]{1,64}$/;
const PENDING_LIMIT = 100;
const PENDING_TTL_MS = 5 * 60_000;

function tokenOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token;
  const header = socket.handshake.headers.authorization;
  const match = header ? /^bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

function requestedUserId(socket: Socket): string | null {
  const fromQuery = socket.handshake.query.userId;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const auth = socket.handshake.auth as { userId?: unknown } | undefined;
  return typeof auth?.userId === 'string' && auth.userId ? auth.userId : null;
}

export interface RealtimeOptions {
  tokens: TokenService;
  redisUrl?: string | undefined;
  now?: () => Date;
}

/**
 * socket.io, one namespace per hub of the spec, connected with ?userId= and the bearer token. A signed-in
 * user joins their own room (user:<id>) and their practice's (org:<id>); anyone with a valid token, guests
 * included, may follow schedule, meeting and appointment rooms. With REDIS_URL the Redis adapter fans events
 * out across instances.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const now = options.now ?? (() => new Date());
  let io: Server | null = null;
  let redis: { pub: Redis; sub: Redis } | null = null;
  let versionCounter = 0;
  const pending = new Map<string, RealtimeMessage[]>();

  const remember = (userId: string, message: RealtimeMessage) => {
    const cutoff = now().getTime() - PENDING_TTL_MS;
    const list = (pending.get(userId) ?? []).filter((m) => new Date(m.sentAt).getTime() >= cutoff);
    list.push(message);
    pending.set(userId, list.slice(-PENDING_LIMIT));
  };

  const acknowledge = (userId: string, messageId: string) => {
    const list = pending.get(userId);
    if (!list) return;
    const rest = list.filter((m) => m.messageId !== messageId);
    if (rest.length) pending.set(userId, rest);
    else pending.delete(userId);
  };

  const setUpHub = (server: Server, hub: Hub) => {
    const namespace = server.of(hubNamespace(hub));
    namespace.use((socket, next) => {
      const token = tokenOf(socket);
      if (!token) {
        next(new Error('unauthorized'));
        return;
      }
      options.tokens.verify(token).then(
        (claims) => {
          const principal = principalFromClaims(claims);
          const asked = requestedUserId(socket);
          const own = principal.userId ?? principal.subject;
          // A signed-in user may only listen as themself; a guest listens to public rooms only.
          if (isSignedInUser(principal) && asked && asked !== own) {
            next(new Error('forbidden'));
            return;
          }
          (socket.data as SocketData) = { principal, userId: isSignedInUser(principal) ? own : null };
          next();
        },
        () => next(new Error('unauthorized')),
      );
    });

    namespace.on('connection', (socket) => {
      const data = socket.data as SocketData;
      if (data.userId) {
        void socket.join(`user:${data.userId}`);
        for (const message of pending.get(data.userId) ?? []) socket.emit(message.data.event as string, message);
      }
      if (data.principal.organizationId && isSignedInUser(data.principal)) {
        void socket.join(`org:${data.principal.organizationId}`);
      }

      socket.on(ACK_EVENT, (payload: { userId?: string; messageId?: string }) => {
        if (data.userId && typeof payload?.messageId === 'string') acknowledge(data.userId, payload.messageId);
      });
      socket.on(SUBSCRIBE_EVENT, (payload: { rooms?: unknown }, reply?: (ok: { rooms: string[] }) => void) => {
        const rooms = Array.isArray(payload?.rooms) ? payload.rooms.filter((r): r is string => typeof r === 'string' && FOLLOWABLE.test(r)) : [];
        void socket.join(rooms);
        reply?.({ rooms });
      });
      socket.on(UNSUBSCRIBE_EVENT, (payload: { rooms?: unknown }) => {
        if (Array.isArray(payload?.rooms)) for (const r of payload.rooms) if (typeof r === 'string') void socket.leave(r);
      });
      socket.on(
        ONLINE_STATUS_EVENT,
        (payload: { userIds?: unknown }, reply?: (status: { userId: string; online: boolean }[]) => void) => {
          const ids = Array.isArray(payload?.userIds) ? payload.userIds.filter((u): u is string => typeof u === 'string').slice(0, 200) : [];
          void Promise.all(
            ids.map(async (userId) => ({ userId, online: (await namespace.in(`user:${userId}`).fetchSockets()).length > 0 })),
          ).then((status) => {
            if (reply) reply(status);
            else socket.emit('ReceiveUserOnlineStatus', status);
          });
        },
      );
    });
  };

  return {
    async attach(server) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (options.redisUrl) {
        // Loaded only when configured: the embedded default starts without them.
        const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
        const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
        const sub = pub.duplicate();
        redis = { pub, sub };
        io.adapter(createAdapter(pub, sub));
      }
      for (const hub of HUBS) setUpHub(io, hub);
    },
    publish({ hub, event, rooms, data }) {
      versionCounter = (versionCounter + 1) % 1000;
      const message: RealtimeMessage = {
        messageId: randomUUID(),
        version: now().getTime() * 1000 + versionCounter,
        sentAt: now().toISOString(),
        data: { ...data, event },
      };
      for (const room of rooms) if (room.startsWith('user:')) remember(room.slice(5), message);
      if (io && rooms.length) io.of(hubNamespace(hub)).to(rooms).emit(event, message);
      return message.messageId;
    },
    pendingFor: (userId) => pending.get(userId) ?? [],
    async close() {
      if (io) await io.close();
      io = null;
      if (redis) {
        redis.pub.disconnect();
        redis.sub.disconnect();
        redis = null;
      }
    },
  };
}
