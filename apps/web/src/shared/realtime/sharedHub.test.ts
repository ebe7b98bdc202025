import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { setSession } from '../session/session';
import { setSharedHubOptionsForTests, subscribeHub } from './sharedHub';

type Listener = (...args: unknown[]) => void;

function fakeSocket(url: string) {
  const listeners = new Map<string, Listener[]>();
  let any: Listener | null = null;
  const emitted: [string, unknown][] = [];
  const state = { disconnected: false };
  const socket = {
    on: (event: string, l: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    onAny: (l: Listener) => {
      any = l;
    },
    emit: (event: string, payload: unknown) => emitted.push([event, payload]),
    removeAllListeners: () => listeners.clear(),
    disconnect: () => {
      state.disconnected = true;
    },
  };
  return {
    url,
    socket: socket as unknown as Socket,
    emitted,
    state,
    fire: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args)),
    receive: (event: string, message: unknown) => any?.(event, message),
  };
}

function setUp() {
  const sockets: ReturnType<typeof fakeSocket>[] = [];
  setSharedHubOptionsForTests({
    connect: (url) => {
      const s = fakeSocket(url);
      sockets.push(s);
      return s.socket;
    },
  });
  setSession({ accessToken: 't', user: { userId: 'u1' } } as Parameters<typeof setSession>[0]);
  return sockets;
}

const message = (id: string) => ({ messageId: id, version: 1, sentAt: '', data: { Id: id } });

describe('one shared socket per hub', () => {
  afterEach(() => {
    setSharedHubOptionsForTests({});
    vi.useRealTimers();
  });

  it('opens one socket for every feature on a hub and hands each message to each feature once', () => {
    const sockets = setUp();
    const bell = subscribeHub('appointments');
    const day = subscribeHub('appointments');
    const calendar = subscribeHub('calendar');
    expect(sockets.map((s) => s.url)).toEqual(['/hubs/appointments', '/hubs/calendar']);
    const heard: string[] = [];
    bell.on('AppointmentPending', () => heard.push('bell'));
    day.on('AppointmentPending', () => heard.push('day'));
    sockets[0]!.fire('connect');
    sockets[0]!.receive('AppointmentPending', message('m1'));
    expect(heard).toEqual(['bell', 'day']);
    bell.release();
    day.release();
    calendar.release();
  });

  it('follows a room while any feature needs it and closes the socket with the last release', () => {
    const sockets = setUp();
    const first = subscribeHub('calendar', ['schedule:a', 'schedule:b']);
    const second = subscribeHub('calendar', ['schedule:b']);
    const socket = sockets[0]!;
    socket.fire('connect');
    expect(socket.emitted).toContainEqual(['Subscribe', { rooms: ['schedule:a', 'schedule:b'] }]);
    first.release();
    // schedule:b is still the second feature's.
    expect(socket.emitted).toContainEqual(['Unsubscribe', { rooms: ['schedule:a'] }]);
    expect(socket.state.disconnected).toBe(false);
    const heard: string[] = [];
    first.on('SlotAdded', () => heard.push('released feature'));
    second.on('SlotAdded', () => heard.push('second'));
    socket.receive('SlotAdded', message('m2'));
    expect(heard).toContain('second');
    second.release();
    expect(socket.state.disconnected).toBe(true);
    // A later feature opens a new socket.
    const again = subscribeHub('calendar');
    expect(sockets).toHaveLength(2);
    again.release();
  });

  it("drops a released feature's handlers and does not reopen for a double release", () => {
    const sockets = setUp();
    const a = subscribeHub('push-notifications');
    const b = subscribeHub('push-notifications');
    const heard: string[] = [];
    a.on('InAppNotificationAdded', () => heard.push('a'));
    b.on('InAppNotificationAdded', () => heard.push('b'));
    sockets[0]!.fire('connect');
    a.release();
    a.release();
    sockets[0]!.receive('InAppNotificationAdded', message('m3'));
    expect(heard).toEqual(['b']);
    expect(sockets[0]!.state.disconnected).toBe(false);
    b.release();
    expect(sockets[0]!.state.disconnected).toBe(true);
  });

  it('keeps the reconnect rule: 2000 ms × (attempt + 1), five attempts, the rooms followed again', () => {
    vi.useFakeTimers();
    const sockets = setUp();
    const live = subscribeHub('calendar', ['schedule:z']);
    const states: string[] = [];
    live.onStateChange((s) => states.push(s));
    sockets[0]!.fire('connect');
    sockets[0]!.fire('disconnect');
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.fire('connect');
    expect(sockets[1]!.emitted).toContainEqual(['Subscribe', { rooms: ['schedule:z'] }]);
    expect(states).toEqual(['connected', 'reconnecting', 'reconnecting', 'connected']);
    live.release();
  });

  it('gives a different signed-in user a socket of their own', () => {
    const sockets = setUp();
    const mine = subscribeHub('appointments');
    setSession({ accessToken: 't2', user: { userId: 'u2' } } as Parameters<typeof setSession>[0]);
    const theirs = subscribeHub('appointments');
    expect(sockets).toHaveLength(2);
    mine.release();
    theirs.release();
  });
});
