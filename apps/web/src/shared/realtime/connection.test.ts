import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { HubConnection, reconnectDelay } from './connection';

// The default connect: socket.io-client, imported when a first connection opens.
const io = vi.hoisted(() => ({ calls: [] as string[], make: (): unknown => undefined }));
vi.mock('socket.io-client', () => ({
  io: (url: string) => {
    io.calls.push(url);
    return io.make();
  },
}));

type Listener = (...args: unknown[]) => void;

function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  let any: Listener | null = null;
  const emitted: [string, unknown][] = [];
  const acks: ((answer: unknown) => void)[] = [];
  const socket = {
    on: (event: string, l: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    onAny: (l: Listener) => {
      any = l;
    },
    emit: (event: string, payload: unknown, ack?: (answer: unknown) => void) => {
      emitted.push([event, payload]);
      if (ack) acks.push(ack);
    },
    removeAllListeners: () => listeners.clear(),
    disconnect: () => undefined,
  };
  return {
    socket: socket as unknown as Socket,
    emitted,
    acks,
    fire: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args)),
    receive: (event: string, message: unknown) => any?.(event, message),
  };
}

describe('real-time reconnect policy', () => {
  it('waits 2000 ms × (attempt + 1) and gives up after 5 retries', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(reconnectDelay(5)).toBeNull();
  });

  it('reconnects after an unplanned close, then stops after the fifth failed retry', () => {
    vi.useFakeTimers();
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const connection = new HubConnection('calendar', {
      getToken: () => 't',
      connect: () => {
        const s = fakeSocket();
        sockets.push(s);
        return s.socket;
      },
    });
    const states: string[] = [];
    connection.onStateChange((s) => states.push(s));
    connection.start();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('disconnect');
    expect(connection.state).toBe('reconnecting');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      vi.advanceTimersByTime(2000 * (attempt + 1));
      sockets.at(-1)!.fire('connect_error', new Error('down'));
    }
    expect(sockets).toHaveLength(6);
    expect(connection.state).toBe('disconnected');
    expect(states.slice(0, 3)).toEqual(['connecting', 'connected', 'reconnecting']);
    vi.useRealTimers();
  });

  it('does not reconnect after a deliberate stop', () => {
    vi.useFakeTimers();
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const connection = new HubConnection('calendar', {
      getToken: () => 't',
      connect: () => {
        const s = fakeSocket();
        sockets.push(s);
        return s.socket;
      },
    });
    connection.start();
    sockets[0]!.fire('connect');
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    vi.useRealTimers();
  });

  it('acknowledges every message with userId and messageId and hands it to listeners', () => {
    const s = fakeSocket();
    const connection = new HubConnection('appointments', {
      getToken: () => 't',
      userId: 'u1',
      connect: () => s.socket,
    });
    const seen: unknown[] = [];
    connection.on('AppointmentStatusUpdated', (m) => seen.push(m.data));
    connection.start();
    s.fire('connect');
    s.receive('AppointmentStatusUpdated', { messageId: 'm1', version: 1, sentAt: '', data: { Id: 'a1' } });
    expect(seen).toEqual([{ Id: 'a1' }]);
    expect(s.emitted).toContainEqual(['AcknowledgeMessage', { userId: 'u1', messageId: 'm1' }]);
  });

  it('loads socket.io-client on the first open, then connects and follows the rooms asked for meanwhile', async () => {
    const s = fakeSocket();
    io.calls = [];
    io.make = () => s.socket;
    const connection = new HubConnection('calendar', { getToken: () => 't' });
    connection.start();
    connection.subscribe(['schedule:s1']);
    expect(connection.state).toBe('connecting');
    await vi.waitFor(() => expect(io.calls).toEqual(['/hubs/calendar']));
    s.fire('connect');
    expect(connection.state).toBe('connected');
    expect(s.emitted).toContainEqual(['Subscribe', { rooms: ['schedule:s1'] }]);
    connection.stop();
  });

  it('opens nothing when stopped before socket.io-client has loaded', async () => {
    io.calls = [];
    io.make = () => fakeSocket().socket;
    const stopped = new HubConnection('calendar', { getToken: () => 't' });
    stopped.start();
    stopped.stop();
    // A second connection started after the stop does open: once it has, the first one's load has settled too.
    const other = new HubConnection('appointments', { getToken: () => 't' });
    other.start();
    await vi.waitFor(() => expect(io.calls).toEqual(['/hubs/appointments']));
    expect(stopped.state).toBe('disconnected');
    other.stop();
  });
});

describe('real-time messages sent twice', () => {
  it('acknowledges a redelivered message again but hands it to listeners once', () => {
    const s = fakeSocket();
    const connection = new HubConnection('appointments', {
      getToken: () => 't',
      userId: 'u1',
      connect: () => s.socket,
    });
    const seen: unknown[] = [];
    connection.on('AppointmentStatusUpdated', (m) => seen.push(m.data));
    connection.start();
    s.fire('connect');
    const message = { messageId: 'same', version: 1, sentAt: '', data: { Id: 'a1' } };
    s.receive('AppointmentStatusUpdated', message);
    s.receive('AppointmentStatusUpdated', message);
    expect(seen).toEqual([{ Id: 'a1' }]);
    expect(s.emitted.filter(([event]) => event === 'AcknowledgeMessage')).toHaveLength(2);
  });
});

describe('a renewed token', () => {
  function renewable() {
    let token = 'first';
    const opened: { socket: ReturnType<typeof fakeSocket>; token: unknown }[] = [];
    const connection = new HubConnection('appointments', {
      getToken: () => token,
      userId: 'u1',
      connect: (_url, options) => {
        const s = fakeSocket();
        opened.push({ socket: s, token: (options.auth as { token?: unknown }).token });
        return s.socket;
      },
    });
    return { connection, opened, renew: (next: string) => ((token = next), connection.renewToken()) };
  }

  it('is handed to the open socket, which the server then keeps past the old expiry', () => {
    const { connection, opened, renew } = renewable();
    connection.start();
    opened[0]!.socket.fire('connect');
    renew('second');
    expect(opened[0]!.socket.emitted).toContainEqual(['Reauthenticate', { token: 'second' }]);
    opened[0]!.socket.acks[0]!({ ok: true });
    expect(opened).toHaveLength(1);
    expect(connection.state).toBe('connected');
    connection.stop();
  });

  it('opens the connection again with it when the server refuses it on the open socket', () => {
    const { connection, opened, renew } = renewable();
    connection.start();
    opened[0]!.socket.fire('connect');
    renew('other-roles');
    opened[0]!.socket.acks[0]!({ error: 'forbidden' });
    expect(opened.map((o) => o.token)).toEqual(['first', 'other-roles']);
    connection.stop();
  });

  it('opens the connection again after the server closed it and the retries were spent', () => {
    vi.useFakeTimers();
    const { connection, opened, renew } = renewable();
    connection.start();
    opened[0]!.socket.fire('connect');
    // The token expired: the server closed the socket and every reconnect with the old token is refused.
    opened[0]!.socket.fire('disconnect', 'io server disconnect');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      vi.advanceTimersByTime(2000 * (attempt + 1));
      opened.at(-1)!.socket.fire('connect_error', new Error('unauthorized'));
    }
    expect(connection.state).toBe('disconnected');
    renew('signed-in-again');
    expect(opened.at(-1)!.token).toBe('signed-in-again');
    opened.at(-1)!.socket.fire('connect');
    expect(connection.state).toBe('connected');
    connection.stop();
    vi.useRealTimers();
  });
});
