import type { Hub, RealtimeEvent, RealtimeMessage } from '@careslot/contracts';
import { getSession, subscribeSession } from '../session/session';
import { HubConnection, type ConnectionState, type HubConnectionOptions } from './connection';

/**
 * One socket per hub for the whole page, shared by every feature that listens on it (the bell, the
 * practice's day, a booking waiting for its confirmation, open calendars). Each feature holds a subscription:
 * its handlers and its rooms, counted per room so one feature leaving does not deafen another. The socket
 * opens with the first subscription and closes with the last; a different signed-in user gets a new one.
 * The reconnect rule is the connection's (5 attempts, 2000 ms × (attempt + 1)).
 */
export interface HubSubscription {
  readonly state: ConnectionState;
  on(event: RealtimeEvent, handler: (message: RealtimeMessage) => void): () => void;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Follows more rooms (e.g. a calendar's schedules), left again on release. */
  follow(rooms: readonly string[]): void;
  /** Leaves its rooms, drops its handlers, and closes the socket when it was the last subscription. */
  release(): void;
}

interface Shared {
  connection: HubConnection;
  users: number;
  rooms: Map<string, number>;
  /** Stops following the session's token. */
  offSession: () => void;
}

const shared = new Map<string, Shared>();

/** Test seam: the connect function and timers a new shared connection uses. */
let connectionOptions: Omit<HubConnectionOptions, 'getToken' | 'userId'> = {};
export function setSharedHubOptionsForTests(options: Omit<HubConnectionOptions, 'getToken' | 'userId'>) {
  connectionOptions = options;
}

export function subscribeHub(hub: Hub, rooms: readonly string[] = []): HubSubscription {
  const userId = getSession().user?.userId ?? null;
  const key = `${hub}|${userId ?? ''}`;
  let entry = shared.get(key);
  if (!entry) {
    const connection = new HubConnection(hub, {
      ...connectionOptions,
      getToken: () => getSession().accessToken,
      userId,
    });
    // A renewed token of the same user goes to the open socket, so the server keeps it past the old expiry.
    let token = getSession().accessToken;
    const offSession = subscribeSession(() => {
      const session = getSession();
      if ((session.user?.userId ?? null) !== userId || !session.accessToken || session.accessToken === token)
        return;
      token = session.accessToken;
      connection.renewToken();
    });
    entry = { connection, users: 0, rooms: new Map(), offSession };
    shared.set(key, entry);
  }
  const current = entry;
  current.users += 1;
  current.connection.start();

  const mine = new Set<string>();
  const offs = new Set<() => void>();
  let released = false;

  const follow = (asked: readonly string[]) => {
    const added = asked.filter((room) => !mine.has(room));
    added.forEach((room) => mine.add(room));
    const fresh = added.filter((room) => !current.rooms.get(room));
    added.forEach((room) => current.rooms.set(room, (current.rooms.get(room) ?? 0) + 1));
    if (fresh.length) current.connection.subscribe(fresh);
  };
  follow(rooms);

  return {
    get state() {
      return current.connection.state;
    },
    on(event, handler) {
      const off = current.connection.on(event, handler);
      offs.add(off);
      return () => {
        off();
        offs.delete(off);
      };
    },
    onStateChange(listener) {
      const off = current.connection.onStateChange(listener);
      offs.add(off);
      return () => {
        off();
        offs.delete(off);
      };
    },
    follow,
    release() {
      if (released) return;
      released = true;
      offs.forEach((off) => off());
      offs.clear();
      const gone = [...mine].filter((room) => {
        const count = (current.rooms.get(room) ?? 1) - 1;
        if (count > 0) current.rooms.set(room, count);
        else current.rooms.delete(room);
        return count <= 0;
      });
      current.users -= 1;
      if (current.users > 0) {
        if (gone.length) current.connection.unsubscribe(gone);
        return;
      }
      current.connection.stop();
      current.offSession();
      if (shared.get(key) === current) shared.delete(key);
    },
  };
}
