import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ACK_EVENT, HUBS, SUBSCRIBE_EVENT, type RealtimeMessage } from '@careslot/contracts';
import { createTestApp, tokenFor, type TestApp } from '../testing/app';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function client(origin: string, hub: string, auth: Record<string, string>, userId?: string): Socket {
  return connect(`${origin}/hubs/${hub}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    // Each socket its own connection, so its ?userId= query is its own.
    forceNew: true,
    auth,
    ...(userId ? { query: { userId } } : {}),
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('real-time hubs', () => {
  let t: TestApp;
  let origin: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listen(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('opens every hub of the design with a bearer header and ?userId=, and each message waits for its acknowledgement', async () => {
    expect([...HUBS].sort()).toEqual([
      'appointments',
      'calendar',
      'digital-check-in',
      'meeting-attendees',
      'meetings',
      'practice-notifications',
      'providers',
      'push-notifications',
    ]);
    const token = await tokenFor(t.tokens, { user_roles: ['staff'], careslot_id: 'staff-hubs' });
    for (const hub of HUBS) {
      const socket = connect(`${origin}/hubs/${hub}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { authorization: `Bearer ${token}` },
        query: { userId: 'staff-hubs' },
      });
      sockets.push(socket);
      await connected(socket);
      const received = next<RealtimeMessage>(socket, 'InAppNotificationAdded');
      const id = t.realtime.publish({
        hub,
        event: 'InAppNotificationAdded',
        rooms: ['user:staff-hubs'],
        data: { Id: hub },
      });
      const message = await received;
      expect(message).toMatchObject({ messageId: id, data: { Id: hub, event: 'InAppNotificationAdded' } });
      expect(t.realtime.pendingFor('staff-hubs').map((m) => m.messageId)).toContain(id);
      socket.emit(ACK_EVENT, { userId: 'staff-hubs', messageId: id });
      await expect.poll(() => t.realtime.pendingFor('staff-hubs').map((m) => m.messageId)).not.toContain(id);
      socket.disconnect();
    }
  });

  it('refuses a token that does not verify', async () => {
    const socket = client(origin, 'providers', { token: 'not-a-token' });
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow('unauthorized');
  });

  it('refuses a connection without a token', async () => {
    const socket = client(origin, 'calendar', {});
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow('unauthorized');
  });

  it('refuses a signed-in user who asks to listen as someone else', async () => {
    const token = await tokenFor(t.tokens, { user_roles: ['patient'], careslot_id: 'patient-a' });
    const socket = client(origin, 'appointments', { token }, 'patient-b');
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow('forbidden');
  });

  it('delivers slot events to a guest following the schedule, with ids and no patient data', async () => {
    const token = await tokenFor(t.tokens, { user_roles: [], guest: true, email: undefined });
    const socket = client(origin, 'calendar', { token });
    sockets.push(socket);
    await connected(socket);
    const joined: unknown = await socket.emitWithAck(SUBSCRIBE_EVENT, {
      rooms: ['schedule:s1', 'user:someone-else'],
    });
    expect(joined).toEqual({ rooms: ['schedule:s1'] });
    const received = next<RealtimeMessage>(socket, 'SlotUpdated');
    t.realtime.publish({
      hub: 'calendar',
      event: 'SlotUpdated',
      rooms: ['schedule:s1'],
      data: { SlotId: 'x1', CapacityAvailable: 0 },
    });
    const message = await received;
    expect(message.data).toMatchObject({ SlotId: 'x1', CapacityAvailable: 0 });
    expect(message.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof message.version).toBe('number');
  });

  it('keeps a message for a user until acknowledged and redelivers it on reconnect', async () => {
    const token = await tokenFor(t.tokens, { user_roles: ['provider'], careslot_id: 'prov-1' });
    const first = client(origin, 'push-notifications', { token }, 'prov-1');
    sockets.push(first);
    await connected(first);
    const received = next<RealtimeMessage>(first, 'InAppNotificationAdded');
    const id = t.realtime.publish({
      hub: 'push-notifications',
      event: 'InAppNotificationAdded',
      rooms: ['user:prov-1'],
      data: { Id: 'n1' },
    });
    expect((await received).messageId).toBe(id);
    first.disconnect();

    const again = client(origin, 'push-notifications', { token }, 'prov-1');
    sockets.push(again);
    const redelivered = next<RealtimeMessage>(again, 'InAppNotificationAdded');
    await connected(again);
    expect((await redelivered).messageId).toBe(id);

    again.emit(ACK_EVENT, { userId: 'prov-1', messageId: id });
    await expect.poll(() => t.realtime.pendingFor('prov-1').length).toBe(0);
  });
});

describe('real-time across instances', () => {
  it('delivers an event published on one instance to a client of another through Redis', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    const socket = client(await listen(b), 'calendar', {
      token: await tokenFor(b.tokens, { user_roles: [], guest: true }),
    });
    try {
      await listen(a);
      await connected(socket);
      await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms: ['schedule:cross-instance'] });
      const received = next<RealtimeMessage>(socket, 'SlotAdded');
      // Give the adapter's subscription a moment, then publish from the other instance.
      await new Promise((r) => setTimeout(r, 200));
      a.realtime.publish({
        hub: 'calendar',
        event: 'SlotAdded',
        rooms: ['schedule:cross-instance'],
        data: { SlotId: 'y' },
      });
      expect((await received).data).toMatchObject({ SlotId: 'y' });
    } finally {
      socket.disconnect();
      await a.close();
      await b.close();
    }
  });
});
