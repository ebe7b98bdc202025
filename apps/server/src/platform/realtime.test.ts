import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ACK_EVENT,
  HUBS,
  PEOPLE_PATHS,
  RATE_LIMITED,
  REAUTHENTICATE_EVENT,
  SUBSCRIBE_EVENT,
  type PracticeUser,
  type PractitionerDetail,
  type RealtimeMessage,
} from '@careslot/contracts';
import { isValidNpi } from '@careslot/domain';
import { DEMO_PRACTICE_IDS, demoPerson } from '../seed';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { createRealtime } from './realtime';

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

/** The reason the server gave when it closed the socket (socket.io: 'io server disconnect'). */
function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
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

  it('lets a prefix be registered once: a second rule for it, or for a room joined from the token, throws', () => {
    // scheduling registered schedule rooms when the app started; telehealth registered meeting rooms.
    expect(() => t.realtime.registerRooms('calendar', 'schedule', async () => true)).toThrow(
      'real-time rooms schedule: already have a rule',
    );
    expect(() => t.realtime.registerRooms('meetings', 'meeting', async () => true)).toThrow(
      'already have a rule',
    );
    for (const prefix of ['user', 'org', 'subject'])
      expect(() => t.realtime.registerRooms('appointments', prefix, async () => true)).toThrow(
        'joined from the token',
      );
  });

  it("gives a room rule the socket's request context, built like an HTTP request's", async () => {
    const seen: {
      userId: string | null;
      roles: readonly string[];
      userAgent: string | null;
      ip: string | null;
    }[] = [];
    t.realtime.registerRooms('practice-notifications', 'context-probe', async (context, id) => {
      seen.push({
        userId: context.userId,
        roles: context.roles,
        userAgent: context.userAgent,
        ip: context.ip,
      });
      return id === 'yes';
    });
    const token = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      careslot_id: 'probe-1',
      PracticeId: 'org-p',
    });
    const socket = connect(`${origin}/hubs/practice-notifications`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
      extraHeaders: { 'user-agent': 'probe-agent/1.0' },
    });
    sockets.push(socket);
    await connected(socket);
    expect(
      await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms: ['context-probe:yes', 'context-probe:no'] }),
    ).toEqual({
      rooms: ['context-probe:yes'],
    });
    expect(seen[0]).toEqual({
      userId: 'probe-1',
      roles: ['staff'],
      userAgent: 'probe-agent/1.0',
      ip: '127.0.0.1',
    });
  });

  it('closes a socket when its token expires', async () => {
    const token = await tokenFor(t.tokens, { user_roles: ['patient'], careslot_id: 'expiring-1' }, 1);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    const socket = client(origin, 'appointments', { token }, 'expiring-1');
    sockets.push(socket);
    await connected(socket);
    const reason = await closed(socket);
    expect(reason).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
  });

  it("keeps a socket whose client sent a fresh token for the same user, until that one expires; refuses another user's", async () => {
    const first = await tokenFor(
      t.tokens,
      { sub: 'sub-renew', user_roles: ['patient'], careslot_id: 'renew-1' },
      1,
    );
    const socket = client(origin, 'appointments', { token: first }, 'renew-1');
    sockets.push(socket);
    await connected(socket);
    const end = closed(socket);
    const other = await tokenFor(
      t.tokens,
      { sub: 'sub-other', user_roles: ['patient'], careslot_id: 'other-1' },
      60,
    );
    expect(await socket.emitWithAck(REAUTHENTICATE_EVENT, { token: other })).toEqual({ error: 'forbidden' });
    expect(await socket.emitWithAck(REAUTHENTICATE_EVENT, { token: 'not-a-token' })).toEqual({
      error: 'unauthorized',
    });
    const fresh = await tokenFor(
      t.tokens,
      { sub: 'sub-renew', user_roles: ['patient'], careslot_id: 'renew-1' },
      3,
    );
    const { exp } = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(await socket.emitWithAck(REAUTHENTICATE_EVENT, { token: fresh })).toEqual({ ok: true });
    expect(await end).toBe('io server disconnect');
    // Closed at the fresh token's expiry, not the first one's.
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
  });

  it('closes every socket of a subject whose sessions are dropped, and refuses its revoked token on reconnect', async () => {
    const claims = { sub: 'sub-dropped', user_roles: ['patient'], careslot_id: 'dropped-1' };
    const token = await tokenFor(t.tokens, claims, 600);
    const onCalendar = client(origin, 'calendar', { token }, 'dropped-1');
    const onAppointments = client(origin, 'appointments', { token }, 'dropped-1');
    const bystander = client(origin, 'appointments', {
      token: await tokenFor(t.tokens, { sub: 'sub-kept', user_roles: ['patient'], careslot_id: 'kept-1' }),
    });
    sockets.push(onCalendar, onAppointments, bystander);
    await Promise.all([connected(onCalendar), connected(onAppointments), connected(bystander)]);
    const ends = Promise.all([closed(onCalendar), closed(onAppointments)]);
    const { jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    await t.tokens.revoke([{ jti, expiresAt: new Date(exp * 1000) }]);
    t.realtime.dropSessions('sub-dropped');
    expect(await ends).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    const again = client(origin, 'appointments', { token }, 'dropped-1');
    sockets.push(again);
    await expect(connected(again)).rejects.toThrow('unauthorized');
  });
  it("refuses the messages over a socket's bucket with an error and closes a socket that keeps sending", async () => {
    // A bucket of 3 that does not refill, closed at the 4th refusal: nothing here depends on the machine's speed.
    const realtime = createRealtime({
      tokens: t.tokens,
      rateLimit: { burst: 3, perSecond: 0, disconnectAfter: 4 },
    });
    const server = createServer();
    // Guests' schedule rooms need no relation: platform code stays apart from the module that answers them.
    const relations = {
      managesFamilyMember: async () => false,
      hasCareRelation: async () => false,
      familyOf: async () => [],
    };
    await realtime.attach(server, { access: { database: t.database, relations } });
    realtime.registerRooms('calendar', 'schedule', async () => true);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const limited = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const socket = client(limited, 'calendar', {
      token: await tokenFor(t.tokens, { user_roles: [], guest: true }),
    });
    try {
      await connected(socket);
      const follow = (id: number) => socket.emitWithAck(SUBSCRIBE_EVENT, { rooms: [`schedule:s${id}`] });
      expect(await follow(1)).toEqual({ rooms: ['schedule:s1'] });
      expect(await follow(2)).toEqual({ rooms: ['schedule:s2'] });
      expect(await follow(3)).toEqual({ rooms: ['schedule:s3'] });
      expect(await follow(4)).toEqual({ error: RATE_LIMITED });
      expect(await follow(5)).toEqual({ error: RATE_LIMITED });
      expect(await follow(6)).toEqual({ error: RATE_LIMITED });
      const end = closed(socket);
      socket.emit(SUBSCRIBE_EVENT, { rooms: ['schedule:s7'] });
      expect(await end).toBe('io server disconnect');
    } finally {
      socket.disconnect();
      await realtime.close();
      server.close();
    }
  });
});

let seq = 0;
/** A fresh valid NPI (prefix 1, the Luhn check digit of prefix 80840). */
function freshNpi(): string {
  const base = `1${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`.slice(0, 9);
  for (let d = 0; d < 10; d += 1) if (isValidNpi(`${base}${d}`)) return `${base}${d}`;
  throw new Error('no check digit');
}

// Two instances share events through Redis: CI sets REDIS_URL; a machine without Redis skips these.
describe.skipIf(!process.env.REDIS_URL)('real-time across instances', () => {
  const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  let originB: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await createTestApp({ env });
    originA = await listen(a);
    originB = await listen(b);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await a.close();
    await b.close();
  });

  it('delivers an event published on one instance to a client of another through Redis', async () => {
    const socket = client(originB, 'calendar', {
      token: await tokenFor(b.tokens, { user_roles: [], guest: true }),
    });
    sockets.push(socket);
    await connected(socket);
    await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms: ['schedule:cross-instance'] });
    // Both instances' subscriptions were in place when createTestApp resolved (attach waits for them).
    const received = next<RealtimeMessage>(socket, 'SlotAdded', 30_000);
    a.realtime.publish({
      hub: 'calendar',
      event: 'SlotAdded',
      rooms: ['schedule:cross-instance'],
      data: { SlotId: 'y' },
    });
    expect((await received).data).toMatchObject({ SlotId: 'y' });
  });

  it("closes a deactivated practice user's sockets on both instances", async () => {
    // The practice's admin adds a provider on instance a; the invitation makes their account there.
    const admin = demoPerson('admin');
    const adminToken = await tokenFor(a.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: admin.id,
      PracticeId: DEMO_PRACTICE_IDS[0],
      email: admin.email,
    });
    const email = `dropped.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const added = await a.call<{ data: PractitionerDetail }>({
      method: 'POST',
      url: PEOPLE_PATHS.practitioner,
      headers: bearer(adminToken),
      payload: {
        OrganizationId: DEMO_PRACTICE_IDS[0],
        Code: ['provider'],
        FirstName: 'Rowan',
        LastName: 'Hale',
        Email: email,
        Phone: '(555) 201-3344',
        Npi: freshNpi(),
        Languages: ['en'],
      },
    });
    expect(added.statusCode).toBe(200);
    const practitionerId = added.json.data.Id;
    await expect
      .poll(
        async () =>
          (await a.database.query('select id from identity_users where careslot_id = $1', [practitionerId]))
            .length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const [account] = await a.database.query<{ id: string }>(
      'select id from identity_users where careslot_id = $1',
      [practitionerId],
    );
    const claims = {
      sub: account!.id,
      user_roles: ['provider'],
      user_type: 'Practitioner',
      careslot_id: practitionerId,
      PracticeId: DEMO_PRACTICE_IDS[0],
      email,
    };
    // The same user on both instances (each test instance has its own token keys).
    const onA = client(
      originA,
      'appointments',
      { token: await tokenFor(a.tokens, claims, 600) },
      practitionerId,
    );
    const onB = client(
      originB,
      'appointments',
      { token: await tokenFor(b.tokens, claims, 600) },
      practitionerId,
    );
    sockets.push(onA, onB);
    await Promise.all([connected(onA), connected(onB)]);
    const ends = Promise.all([closed(onA), closed(onB)]);

    const [user] = (
      await a.call<{ Data: PracticeUser[] }>({
        method: 'POST',
        url: PEOPLE_PATHS.practiceUsers,
        headers: bearer(adminToken),
        payload: { OrganizationId: DEMO_PRACTICE_IDS[0], SearchTerm: email },
      })
    ).json.Data;
    const off = await a.call({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitionerRole}/${user!.RoleId}?email=${encodeURIComponent(email)}`,
      headers: bearer(adminToken),
      payload: { Code: ['provider'], Active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await ends).toEqual(['io server disconnect', 'io server disconnect']);
    // A ceiling for a loaded machine, not a wait: the test ends on the two disconnect events.
  }, 90_000);
});
