import { createHash, randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  ACK_EVENT,
  HUBS,
  hubNamespace,
  ONLINE_STATUS_EVENT,
  RATE_LIMITED,
  REAUTHENTICATE_EVENT,
  SUBSCRIBE_EVENT,
  UNSUBSCRIBE_EVENT,
  type Hub,
  type RealtimeEvent,
  type RealtimeMessage,
  type Room,
} from '@careslot/contracts';
import { isPracticeUser } from './access';
import { isSignedInUser, principalOfClaims, type LegacyOrganizationResolver, type Principal } from './auth';
import { contextFor, type AccessBackend, type RequestContext } from './context';
import type { Database } from './db';
import type { ProductClaims, TokenService } from './tokens';

export interface PublishOptions {
  hub: Hub;
  event: RealtimeEvent;
  rooms: Room[];
  data: Record<string, unknown>;
  /**
   * A message derived from a domain event passes an id made from the event's (and a version from its
   * aggregate's): a redelivered event then sends the same message again, which the client drops.
   */
  messageId?: string;
  version?: number;
}

/** The caller on a hub connection: its request context, built from its verified token and handshake. */
export interface RealtimeCaller {
  hub: Hub;
  /** The socket's context (contextFor): the same policy and feature switches as an HTTP request's. */
  context: RequestContext;
  /** The signed-in user's product id; null for a guest or a token without one. */
  userId: string | null;
  /** Whether the caller may join the room, by the rule its module registered (none registered: no). */
  mayJoin(room: string): Promise<boolean>;
}

/** The room a rule is asked about. */
export interface RoomRequest {
  hub: Hub;
  /** The whole room, `<prefix>:<id>`. */
  room: string;
  prefix: string;
}

/**
 * Who may join rooms `<prefix>:<id>`; the module that owns the prefix registers it once. It decides on the
 * socket's request context with the platform's policy (platform/access.ts: authorizeRoomJoin for patient and
 * clinical rooms, which audits the join; mayUseFeature for a feature switch), never a check of its own.
 */
export type RoomRule = (context: RequestContext, id: string, request: RoomRequest) => Promise<boolean>;

/** Of these user ids, the ones whose presence the caller may see. */
export type PresenceRule = (context: RequestContext, userIds: string[]) => Promise<string[]>;

export interface MessageRegistration {
  /**
   * The room the message is about, read from its payload: the handler runs only when the caller may join it
   * (the same rule as following it). Null or absent room: refused.
   */
  room: (payload: unknown) => string | null;
  /** Runs for an authorized message; what it returns is the acknowledgement the browser receives. */
  handle: (caller: RealtimeCaller, payload: unknown) => Promise<unknown>;
}

/** What the hubs take from the app when they start: the same access footing as its HTTP requests. */
export interface RealtimeSetup {
  /** Where the sockets' contexts look facts up and write audit rows, feature access included (app.ts's). */
  access: AccessBackend;
  /** How a legacy EHR token's practice number becomes an organization (as the HTTP hook resolves it). */
  legacyOrganization?: LegacyOrganizationResolver;
}

export interface Realtime {
  /**
   * Starts the hubs on the HTTP server; before that, publish reaches nobody. With Redis it resolves once this
   * instance's subscriptions are in place, so a message published anywhere afterwards reaches its sockets.
   */
  attach(server: HttpServer, setup: RealtimeSetup): Promise<void>;
  /** Sends an event to the rooms on every instance; returns the message id clients acknowledge. */
  publish(options: PublishOptions): string;
  /** Messages this instance sent to a user and not yet acknowledged (what a test or a probe inspects). */
  pendingFor(userId: string): RealtimeMessage[];
  /**
   * Messages sent to a user on a hub (every hub when absent) and not yet acknowledged, by any instance and
   * across restarts when the database keeps them: what a reconnecting client receives again.
   */
  storedPendingFor(userId: string, hub?: Hub): Promise<RealtimeMessage[]>;
  /**
   * Who may follow rooms `<prefix>:<id>` on these hubs (a module's rule; unregistered kinds are refused). A
   * prefix is registered once, by the module that owns it: a second registration, or one of the rooms joined
   * from the token (user, org, subject), throws when the app starts.
   */
  registerRooms(hubs: Hub | readonly Hub[], prefix: string, rule: RoomRule): void;
  /** Whose online status a caller may ask for (rules add up; the caller always sees itself). */
  registerPresence(rule: PresenceRule): void;
  /** A browser-to-server message on a hub, authorized by the room it names (e.g. video signalling). */
  onMessage(hub: Hub, event: string, registration: MessageRegistration): void;
  /**
   * Closes every socket of the token subject (an account's sign-out everywhere, a deactivation) on every
   * instance (through the Redis adapter when configured). Call it after revoking the subject's tokens: the
   * client's reconnect is then refused.
   */
  dropSessions(subject: string): void;
  close(): Promise<void>;
}

/** A message id made from a domain event's id and the message's part: the same on every redelivery. */
export function messageIdFor(eventId: string, part: string): string {
  const hex = createHash('sha256').update(`${eventId}|${part}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A publisher for a consumer of a domain event: its messages take their ids from the event (and their order
 * within it), so a redelivered event sends the same ids again and a client that has them drops them.
 */
export function publisherFor(
  realtime: Pick<Realtime, 'publish'>,
  eventId: string,
): Pick<Realtime, 'publish'> {
  const sent = new Map<string, number>();
  return {
    publish: (options) => {
      const n = (sent.get(options.event) ?? 0) + 1;
      sent.set(options.event, n);
      return realtime.publish({
        ...options,
        messageId: messageIdFor(eventId, `${options.hub}:${options.event}:${n}`),
      });
    },
  };
}

interface SocketData {
  principal: Principal;
  context: RequestContext;
  userId: string | null;
  /** When the socket's token expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * Inbound messages a socket may send: a bucket of `burst` that refills `perSecond`; a message over it is refused
 * (acknowledged with { error: 'rate_limited' }), and a socket refused `disconnectAfter` times before its bucket
 * is full again is closed.
 */
export interface SocketRateLimit {
  burst: number;
  perSecond: number;
  disconnectAfter: number;
}

/**
 * A client acknowledges each message it receives and may follow a calendar's schedules one by one, so the burst
 * is a page's worth; video signalling sends a few dozen candidates per call, well under the refill.
 */
const DEFAULT_RATE_LIMIT: SocketRateLimit = { burst: 100, perSecond: 20, disconnectAfter: 50 };
/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;
/** Rooms joined from the token: no module may register these prefixes, and a client cannot leave them. */
const TOKEN_ROOMS = new Set(['user', 'org', 'subject']);
const subjectRoom = (subject: string) => `subject:${subject}`;

const ROOM = /^([a-z-]{1,32}):([A-Za-z0-9_-]{1,64})$/;
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

/** Where unacknowledged user messages wait: the database (any instance, after a restart), or memory. */
interface PendingStore {
  add(userId: string, hub: Hub, message: RealtimeMessage): Promise<void>;
  list(userId: string, hub: Hub | undefined, since: Date): Promise<RealtimeMessage[]>;
  acknowledge(userId: string, messageId: string): Promise<void>;
}

function memoryPending(): PendingStore {
  const pending = new Map<string, { hub: Hub; message: RealtimeMessage }[]>();
  return {
    async add(userId, hub, message) {
      const list = (pending.get(userId) ?? []).filter((m) => m.message.messageId !== message.messageId);
      list.push({ hub, message });
      pending.set(userId, list.slice(-PENDING_LIMIT));
    },
    async list(userId, hub, since) {
      return (pending.get(userId) ?? [])
        .filter((m) => (!hub || m.hub === hub) && new Date(m.message.sentAt) >= since)
        .map((m) => m.message);
    },
    async acknowledge(userId, messageId) {
      const rest = (pending.get(userId) ?? []).filter((m) => m.message.messageId !== messageId);
      if (rest.length) pending.set(userId, rest);
      else pending.delete(userId);
    },
  };
}

function databasePending(database: Database): PendingStore {
  return {
    async add(userId, hub, message) {
      await database.query(
        `insert into realtime_pending (message_id, user_id, hub, event, message, sent_at) values ($1, $2, $3, $4, $5, $6)
         on conflict (message_id) do nothing`,
        [message.messageId, userId, hub, String(message.data.event), JSON.stringify(message), message.sentAt],
      );
    },
    async list(userId, hub, since) {
      // Expired messages of the user go first: the list stays short without a sweeper.
      await database.query('delete from realtime_pending where user_id = $1 and sent_at < $2', [
        userId,
        since.toISOString(),
      ]);
      const rows = await database.query<{ message: RealtimeMessage | string }>(
        `select message from realtime_pending where user_id = $1 and ($2::text is null or hub = $2)
         order by sent_at desc limit ${PENDING_LIMIT}`,
        [userId, hub ?? null],
      );
      return rows
        .map((r) => (typeof r.message === 'string' ? (JSON.parse(r.message) as RealtimeMessage) : r.message))
        .reverse();
    },
    async acknowledge(userId, messageId) {
      await database.query('delete from realtime_pending where user_id = $1 and message_id = $2', [
        userId,
        messageId,
      ]);
    },
  };
}

export interface RealtimeOptions {
  tokens: TokenService;
  redisUrl?: string | undefined;
  now?: () => Date;
  /** Keeps unacknowledged user messages in the database (realtime_pending); without it, in memory. */
  database?: Database;
  log?: { error(details: object, message: string): void };
  /** Inbound messages per socket (default: a burst of 100, 20 a second, closed after 50 refusals). */
  rateLimit?: SocketRateLimit;
}

/** A token bucket on the monotonic clock: rate limits are about the machine's time, not the business clock. */
function tokenBucket(limit: SocketRateLimit) {
  let tokens = limit.burst;
  let refusals = 0;
  let last = performance.now();
  return {
    /** 'ok', 'refused' or 'abuse' (refused too often: close the socket). */
    take(): 'ok' | 'refused' | 'abuse' {
      const at = performance.now();
      tokens = Math.min(limit.burst, tokens + ((at - last) / 1000) * limit.perSecond);
      last = at;
      if (tokens >= limit.burst) refusals = 0;
      if (tokens >= 1) {
        tokens -= 1;
        return 'ok';
      }
      refusals += 1;
      return refusals >= limit.disconnectAfter ? 'abuse' : 'refused';
    },
  };
}

/**
 * socket.io, one namespace per hub of the spec, connected with ?userId= and the bearer token
 * (docs/decisions/0029-realtime-room-rules.md, 0083-rooms-on-the-request-context.md). Each socket carries a
 * request context built like an HTTP request's; a signed-in user joins their own room (user:<id>), a practice
 * user their practice's (org:<id>). Every other room is joined on request, when the rule its module registered
 * allows it on that context; browser-to-server messages are authorized by the same rules and rate-limited per
 * socket. A socket closes when its token expires (unless the client sent a fresh one) and when its subject's
 * sessions are dropped. With REDIS_URL the Redis adapter fans events and drops out across instances.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const now = options.now ?? (() => new Date());
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  let io: Server | null = null;
  let redis: { pub: Redis; sub: Redis } | null = null;
  let versionCounter = 0;
  const pending = options.database ? databasePending(options.database) : memoryPending();
  /** This instance's view, kept beside the store: pendingFor answers from it without a query. */
  const local = new Map<string, RealtimeMessage[]>();
  const remember = (userId: string, message: RealtimeMessage) => {
    const cutoff = now().getTime() - PENDING_TTL_MS;
    const list = (local.get(userId) ?? []).filter(
      (m) => new Date(m.sentAt).getTime() >= cutoff && m.messageId !== message.messageId,
    );
    list.push(message);
    local.set(userId, list.slice(-PENDING_LIMIT));
  };
  const forget = (userId: string, messageId: string) => {
    const rest = (local.get(userId) ?? []).filter((m) => m.messageId !== messageId);
    if (rest.length) local.set(userId, rest);
    else local.delete(userId);
  };
  /** Writes of pending messages still in flight, so an acknowledgement never overtakes its message's write. */
  const writing = new Map<string, Promise<void>>();
  const roomRules = new Map<string, { hubs: Set<Hub>; rule: RoomRule }>();
  const presenceRules: PresenceRule[] = [];
  const messageHandlers = new Map<Hub, Map<string, MessageRegistration>>();
  // Without a logger (tests, tools) a failure still shows, as a warning without details.
  const logError = (error: unknown, message: string) =>
    options.log ? options.log.error({ err: error }, message) : process.emitWarning(message);

  const mayJoin = async (hub: Hub, context: RequestContext, room: string): Promise<boolean> => {
    const match = ROOM.exec(room);
    if (!match) return false;
    const prefix = match[1]!;
    const registered = roomRules.get(prefix);
    if (!registered || !registered.hubs.has(hub)) return false;
    try {
      return await registered.rule(context, match[2]!, { hub, room, prefix });
    } catch (error) {
      logError(error, 'a real-time room rule failed; the room is refused');
      return false;
    }
  };

  const visibleUsers = async (context: RequestContext, userIds: string[]): Promise<Set<string>> => {
    const own = context.userId;
    const seen = new Set(own && userIds.includes(own) && context.isSignedIn ? [own] : []);
    const rest = userIds.filter((id) => !seen.has(id));
    if (!context.isSignedIn || rest.length === 0) return seen;
    for (const rule of presenceRules) {
      const allowed = await rule(context, rest).catch((error: unknown) => {
        logError(error, 'a presence rule failed; those users are not shown');
        return [] as string[];
      });
      for (const id of allowed) seen.add(id);
    }
    return seen;
  };

  /** The socket's identity from a verified token: its principal, context and expiry. */
  const identify = async (
    setup: RealtimeSetup,
    socket: Socket,
    claims: ProductClaims,
  ): Promise<Omit<SocketData, 'userId'>> => {
    const principal = await principalOfClaims(claims, setup.legacyOrganization);
    const userAgent = socket.handshake.headers['user-agent'];
    const context = contextFor(
      principal,
      { ip: socket.handshake.address || null, userAgent: typeof userAgent === 'string' ? userAgent : null },
      setup.access,
    );
    // A token without exp never expires by itself: it is checked again at setTimeout's longest delay.
    const expiresAt = claims.exp ? claims.exp * 1000 : now().getTime() + MAX_TIMER_MS;
    return { principal, context, expiresAt };
  };

  const setUpHub = (server: Server, hub: Hub, setup: RealtimeSetup) => {
    const namespace = server.of(hubNamespace(hub));
    namespace.use((socket, next) => {
      const token = tokenOf(socket);
      if (!token) {
        next(new Error('unauthorized'));
        return;
      }
      // Fresh: a client whose sessions were just dropped must not reconnect on a cached "not revoked".
      options.tokens
        .verify(token, { fresh: true })
        .then((claims) => identify(setup, socket, claims))
        .then(
          (identity) => {
            const { principal } = identity;
            const asked = requestedUserId(socket);
            const own = principal.userId ?? principal.subject;
            // A signed-in user may only listen as themself; a guest listens to the rooms its rules allow.
            if (isSignedInUser(principal) && asked && asked !== own) {
              next(new Error('forbidden'));
              return;
            }
            (socket.data as SocketData) = { ...identity, userId: isSignedInUser(principal) ? own : null };
            next();
          },
          () => next(new Error('unauthorized')),
        );
    });

    namespace.on('connection', (socket) => {
      const data = socket.data as SocketData;
      const caller: RealtimeCaller = {
        hub,
        get context() {
          return data.context;
        },
        userId: data.userId,
        mayJoin: (room) => mayJoin(hub, data.context, room),
      };

      // The token is checked again when it expires: the socket closes unless a fresh one came meanwhile.
      let expiry: ReturnType<typeof setTimeout> | null = null;
      const watchExpiry = () => {
        if (expiry) clearTimeout(expiry);
        const wait = Math.min(Math.max(data.expiresAt - now().getTime(), 0), MAX_TIMER_MS);
        expiry = setTimeout(() => {
          if (data.expiresAt <= now().getTime()) socket.disconnect(true);
          else watchExpiry();
        }, wait);
      };
      watchExpiry();
      socket.on('disconnect', () => {
        if (expiry) clearTimeout(expiry);
      });

      const bucket = tokenBucket(rateLimit);
      socket.use((packet, next) => {
        const verdict = bucket.take();
        if (verdict === 'ok') {
          next();
          return;
        }
        const reply: unknown = packet[packet.length - 1];
        if (typeof reply === 'function') (reply as (answer: unknown) => void)({ error: RATE_LIMITED });
        if (verdict === 'abuse') socket.disconnect(true);
      });

      void socket.join(subjectRoom(data.principal.subject));
      if (data.userId) {
        void socket.join(`user:${data.userId}`);
        const userId = data.userId;
        pending.list(userId, hub, new Date(now().getTime() - PENDING_TTL_MS)).then(
          (messages) => {
            for (const message of messages) socket.emit(message.data.event as string, message);
          },
          (error: unknown) => logError(error, 'pending real-time messages could not be read'),
        );
      }
      if (isPracticeUser(data.context)) void socket.join(`org:${data.context.organizationId}`);

      socket.on(
        REAUTHENTICATE_EVENT,
        (payload: { token?: unknown }, reply?: (answer: { ok: true } | { error: string }) => void) => {
          const token = typeof payload?.token === 'string' ? payload.token : null;
          if (!token) {
            reply?.({ error: 'unauthorized' });
            return;
          }
          options.tokens
            .verify(token, { fresh: true })
            .then((claims) => identify(setup, socket, claims))
            .then(
              (identity) => {
                const before = data.principal;
                const after = identity.principal;
                // The same caller only: another user, practice or set of roles reconnects, so that its rooms
                // (joined from the token and by rules) are decided again.
                const same =
                  after.subject === before.subject &&
                  after.userId === before.userId &&
                  after.organizationId === before.organizationId &&
                  after.isGuest === before.isGuest &&
                  [...after.roles].sort().join() === [...before.roles].sort().join();
                if (!same) {
                  reply?.({ error: 'forbidden' });
                  return;
                }
                Object.assign(data, identity);
                watchExpiry();
                reply?.({ ok: true });
              },
              () => reply?.({ error: 'unauthorized' }),
            );
        },
      );
      socket.on(ACK_EVENT, (payload: { userId?: string; messageId?: string }) => {
        const userId = data.userId;
        const messageId = payload?.messageId;
        if (!userId || typeof messageId !== 'string') return;
        forget(userId, messageId);
        void (writing.get(messageId) ?? Promise.resolve())
          .then(() => pending.acknowledge(userId, messageId))
          .catch((error: unknown) => logError(error, 'an acknowledgement could not be recorded'));
      });
      socket.on(
        SUBSCRIBE_EVENT,
        (payload: { rooms?: unknown }, reply?: (ok: { rooms: string[] }) => void) => {
          const asked = Array.isArray(payload?.rooms)
            ? [...new Set(payload.rooms.filter((r): r is string => typeof r === 'string'))].slice(0, 200)
            : [];
          void Promise.all(asked.map(async (room) => ((await caller.mayJoin(room)) ? room : null))).then(
            (allowed) => {
              const rooms = allowed.filter((r): r is string => r !== null);
              // A socket closed while its rules ran joins nothing.
              if (socket.connected) void socket.join(rooms);
              reply?.({ rooms: socket.connected ? rooms : [] });
            },
          );
        },
      );
      socket.on(UNSUBSCRIBE_EVENT, (payload: { rooms?: unknown }) => {
        // The rooms joined from the token stay: leaving them would only deafen the caller's own socket.
        if (Array.isArray(payload?.rooms))
          for (const r of payload.rooms)
            if (typeof r === 'string' && !TOKEN_ROOMS.has(r.slice(0, r.indexOf(':')))) void socket.leave(r);
      });
      socket.on(
        ONLINE_STATUS_EVENT,
        (payload: { userIds?: unknown }, reply?: (status: { userId: string; online: boolean }[]) => void) => {
          const ids = Array.isArray(payload?.userIds)
            ? [...new Set(payload.userIds.filter((u): u is string => typeof u === 'string'))].slice(0, 200)
            : [];
          void visibleUsers(data.context, ids)
            .then((visible) =>
              Promise.all(
                ids
                  .filter((id) => visible.has(id))
                  .map(async (userId) => ({
                    userId,
                    online: (await namespace.in(`user:${userId}`).fetchSockets()).length > 0,
                  })),
              ),
            )
            .then((status) => {
              if (reply) reply(status);
              else socket.emit('ReceiveUserOnlineStatus', status);
            });
        },
      );
      for (const [event, registration] of messageHandlers.get(hub) ?? []) {
        socket.on(event, (payload: unknown, reply?: (answer: unknown) => void) => {
          const room = registration.room(payload);
          void (room ? caller.mayJoin(room) : Promise.resolve(false))
            .then(async (allowed) =>
              allowed ? await registration.handle(caller, payload) : { error: 'forbidden' },
            )
            .then(
              (answer) => reply?.(answer),
              (error: unknown) => {
                logError(error, 'a real-time message handler failed');
                reply?.({ error: 'failed' });
              },
            );
        });
      }
    });
  };

  return {
    async attach(server, setup) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (options.redisUrl) {
        // Loaded only when configured: the embedded default starts without them.
        const [{ Redis }, { createAdapter }] = await Promise.all([
          import('ioredis'),
          import('@socket.io/redis-adapter'),
        ]);
        const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
        const sub = pub.duplicate();
        redis = { pub, sub };
        io.adapter(createAdapter(pub, sub));
      }
      for (const hub of HUBS) setUpHub(io, hub, setup);
      // Each hub's adapter sent its SUBSCRIBE on the subscriber connection; a PING queued behind them is answered
      // after them, so from here on a message published by any instance reaches this one.
      if (redis) await redis.sub.ping();
    },
    publish({ hub, event, rooms, data, messageId, version }) {
      versionCounter = (versionCounter + 1) % 1000;
      const message: RealtimeMessage = {
        messageId: messageId ?? randomUUID(),
        version: version ?? now().getTime() * 1000 + versionCounter,
        sentAt: now().toISOString(),
        data: { ...data, event },
      };
      for (const room of rooms) {
        if (!room.startsWith('user:')) continue;
        remember(room.slice(5), message);
        const write = pending
          .add(room.slice(5), hub, message)
          .catch((error: unknown) => logError(error, 'a pending real-time message could not be kept'))
          .finally(() => writing.delete(message.messageId));
        writing.set(message.messageId, write);
      }
      if (io && rooms.length) io.of(hubNamespace(hub)).to(rooms).emit(event, message);
      return message.messageId;
    },
    pendingFor: (userId) => local.get(userId) ?? [],
    storedPendingFor: (userId, hub) => pending.list(userId, hub, new Date(now().getTime() - PENDING_TTL_MS)),
    registerRooms(hubs, prefix, rule) {
      if (TOKEN_ROOMS.has(prefix))
        throw new Error(`real-time rooms ${prefix}: joined from the token, not by a rule`);
      if (!/^[a-z-]{1,32}$/.test(prefix)) throw new Error(`real-time rooms ${prefix}: not a room prefix`);
      if (roomRules.has(prefix)) throw new Error(`real-time rooms ${prefix}: already have a rule`);
      roomRules.set(prefix, { hubs: new Set(typeof hubs === 'string' ? [hubs] : hubs), rule });
    },
    registerPresence(rule) {
      presenceRules.push(rule);
    },
    onMessage(hub, event, registration) {
      const handlers = messageHandlers.get(hub) ?? new Map<string, MessageRegistration>();
      if (handlers.has(event)) throw new Error(`real-time message ${event} on ${hub}: already handled`);
      handlers.set(event, registration);
      messageHandlers.set(hub, handlers);
    },
    dropSessions(subject) {
      if (!io) return;
      for (const hub of HUBS) io.of(hubNamespace(hub)).in(subjectRoom(subject)).disconnectSockets(true);
    },
    async close() {
      await Promise.all(writing.values());
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
