import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { HubConnection, reconnectDelay } from './connection';

type Listener = (...args: unknown[]) => void;

function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  let any: Listener | null = null;
  const emitted: [string, unknown][] = [];
  const socket = {
    on: (event: string, l: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    onAny: (l: Listener) => {
      any = l;
    },
    emit: (event: string, payload: unknown) => emitted.push([event, payload]),
    removeAllListeners: () => listeners.clear(),
    disconnect: () => undefined,
  };
  return {
    socket: socket as unknown as Socket,
    emitted,
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
    const connection = new HubConnection('appointments', { getToken: () => 't', userId: 'u1', connect: () => s.socket });
    const seen: unknown[] = [];
    connection.on('AppointmentStatusUpdated', (m) => seen.push(m.data));
    connection.start();
    s.fire('connect');
    s.receive('AppointmentStatusUpdated', { messageId: 'm1', version: 1, sentAt: '', data: { Id: 'a1' } });
    expect(seen).toEqual([{ Id: 'a1' }]);
    expect(s.emitted).toContainEqual(['AcknowledgeMessage', { userId: 'u1', messageId: 'm1' }]);
  });
});
