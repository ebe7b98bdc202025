import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ACCESS_CONTROL_BASE,
  ACK_EVENT,
  ONLINE_STATUS_EVENT,
  SUBSCRIBE_EVENT,
  type EntityConfiguration,
  type RealtimeMessage,
} from '@careslot/contracts';
import { createRealtime } from '../../platform/realtime';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { patientRelations } from '../patients';

const V2 = '/careslot-appointment-service/api/v2';
const provider = demoPerson('provider-admin'); // provider and admin of the second practice
const otherAdmin = demoPerson('admin'); // admin of the first practice

function listen(origin: string, hub: string, token: string, userId?: string) {
  const socket: Socket = connect(`${origin}/hubs/${hub}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: userId ? { token, userId } : { token },
  });
  const seen: { event: string; message: RealtimeMessage }[] = [];
  socket.onAny((event: string, message: RealtimeMessage) => seen.push({ event, message }));
  return {
    socket,
    seen,
    connected: () =>
      new Promise<void>((resolve, reject) =>
        socket.connected
          ? resolve()
          : (socket.once('connect', () => resolve()), socket.once('connect_error', reject)),
      ),
    follow: async (rooms: string[]) =>
      ((await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms })) as { rooms: string[] }).rooms,
  };
}

describe('real-time room rules of appointments', () => {
  let t: TestApp;
  let origin: string;
  let scheduleId: string;
  let patientA: TestPatient;
  let patientB: TestPatient;
  let tokenA: string;
  let providerToken: string;
  let otherToken: string;
  let appointmentA: string;
  const sockets: Socket[] = [];

  async function book(who: TestPatient, start: string): Promise<string> {
    const res = await t.call<{ data: string }>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(who.token),
      payload: {
        CalendarId: scheduleId,
        StartTime: start,
        Participants: [{ Type: 'Patient', ParticipantId: who.id }],
        Reasons: [{ Name: 'Follow-up' }],
      },
    });
    if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
    return res.json.data;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [DEMO_PRACTICE_IDS[1]],
    );
    scheduleId = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval)
       values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
      [scheduleId, provider.id, location!.id],
    );
    for (let weekday = 1; weekday <= 5; weekday += 1) {
      await t.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [scheduleId, weekday],
      );
    }
    patientA = await createTestPatient(t, 'Avery');
    patientB = await createTestPatient(t, 'Blake');
    // Patient A's token carries the practice's PracticeId (as a token issued on the practice's site may).
    tokenA = await tokenFor(
      t.tokens,
      {
        sub: `sub-${patientA.id}`,
        user_roles: ['patient'],
        user_type: 'Patient',
        careslot_id: patientA.id,
        email: patientA.email,
        PracticeId: DEMO_PRACTICE_IDS[1],
      },
      24 * 3600,
    );
    providerToken = await tokenFor(
      t.tokens,
      {
        user_roles: ['provider', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: provider.id,
        PracticeId: DEMO_PRACTICE_IDS[1],
        email: provider.email,
      },
      24 * 3600,
    );
    otherToken = await tokenFor(
      t.tokens,
      {
        user_roles: ['practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: otherAdmin.id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: otherAdmin.email,
      },
      24 * 3600,
    );
    appointmentA = await book(patientA, '2026-11-24T15:00:00.000Z');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const open = async (hub: string, token: string, userId?: string) => {
    const l = listen(origin, hub, token, userId);
    sockets.push(l.socket);
    await l.connected();
    return l;
  };

  const joins = (appointmentId: string, actorId: string) =>
    t.database.query<{ outcome: string; patient_id: string | null; detail: Record<string, unknown> }>(
      `select outcome, patient_id, detail from audit_events
        where workflow = 'Realtime_Room_Join' and entity_id = $1 and actor_id = $2 order by id`,
      [appointmentId, actorId],
    );

  it('refuses a guest every appointment room; schedules stay public', async () => {
    const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
    const appointments = await open('appointments', guest);
    expect(
      await appointments.follow([
        `appointment:${appointmentA}`,
        `org:${DEMO_PRACTICE_IDS[1]}`,
        `user:${patientA.id}`,
      ]),
    ).toEqual([]);
    const calendar = await open('calendar', guest);
    expect(await calendar.follow([`schedule:${scheduleId}`, `schedule-reasons:${scheduleId}`])).toEqual([
      `schedule:${scheduleId}`,
      `schedule-reasons:${scheduleId}`,
    ]);
  });

  it("keeps a patient with a PracticeId claim out of the practice's room and other patients' appointments: they hear only their own", async () => {
    const a = await open('appointments', tokenA, patientA.id);
    expect(await a.follow([`appointment:${appointmentA}`, `org:${DEMO_PRACTICE_IDS[1]}`])).toEqual([
      `appointment:${appointmentA}`,
    ]);
    const practice = await open('appointments', providerToken, provider.id);

    const appointmentB = await book(patientB, '2026-11-24T15:30:00.000Z');
    expect(await a.follow([`appointment:${appointmentB}`])).toEqual([]);
    // The practice hears B's booking (its org room): by then A's socket would have too, had it joined.
    await expect
      .poll(() => practice.seen.some((s) => s.message.data.AppointmentId === appointmentB))
      .toBe(true);
    const own = await book(patientA, '2026-11-25T15:00:00.000Z');
    await expect
      .poll(() => a.seen.some((s) => s.event === 'AppointmentBooked' && s.message.data.AppointmentId === own))
      .toBe(true);
    expect(a.seen.filter((s) => s.message.data.AppointmentId === appointmentB)).toEqual([]);
    expect(a.seen.every((s) => [appointmentA, own].includes(s.message.data.AppointmentId as string))).toBe(
      true,
    );
  });

  it("lets a practice user follow its own practice's appointments and no other practice's", async () => {
    const own = await open('appointments', providerToken, provider.id);
    expect(await own.follow([`appointment:${appointmentA}`])).toEqual([`appointment:${appointmentA}`]);
    const other = await open('appointments', otherToken, otherAdmin.id);
    expect(
      await other.follow([
        `appointment:${appointmentA}`,
        `appointment:${randomUUID()}`,
        'appointment:not-an-id',
      ]),
    ).toEqual([]);
  });

  it('audits each join of an appointment room through the policy: success for its patient, denied for another practice', async () => {
    const a = await open('appointments', tokenA, patientA.id);
    expect(await a.follow([`appointment:${appointmentA}`])).toEqual([`appointment:${appointmentA}`]);
    expect(await joins(appointmentA, patientA.id)).toContainEqual({
      outcome: 'success',
      patient_id: patientA.id,
      detail: { room: `appointment:${appointmentA}`, hub: 'appointments', relation: 'self' },
    });
    const other = await open('appointments', otherToken, otherAdmin.id);
    // One row per join (an earlier test tried this room too).
    const before = (await joins(appointmentA, otherAdmin.id)).length;
    expect(await other.follow([`appointment:${appointmentA}`])).toEqual([]);
    const after = await joins(appointmentA, otherAdmin.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({
      outcome: 'denied',
      patient_id: patientA.id,
      detail: { room: `appointment:${appointmentA}`, hub: 'appointments', reason: 'other_practice' },
    });
    const unknown = randomUUID();
    expect(await other.follow([`appointment:${unknown}`])).toEqual([]);
    expect(await joins(unknown, otherAdmin.id)).toEqual([
      {
        outcome: 'not_found',
        patient_id: null,
        detail: { room: `appointment:${unknown}`, hub: 'appointments' },
      },
    ]);
  });

  it("refuses a practice user the check-in hub's appointment rooms while their role's check-in summary is switched off", async () => {
    const staff = randomUUID();
    const staffToken = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: staff,
      PracticeId: DEMO_PRACTICE_IDS[1],
      email: `staff.${staff.slice(0, 8)}@example.com`,
    });
    const switchCheckIn = async (enabled: boolean) => {
      const configurations = await t.call<{ Data: EntityConfiguration[] }>({
        method: 'POST',
        url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/get`,
        headers: bearer(providerToken),
        payload: { OrganizationId: DEMO_PRACTICE_IDS[1] },
      });
      const role = configurations.json.Data.find((c) => c.EntityId === 'staff')!;
      const changed = await t.call({
        method: 'PUT',
        url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/${role.Id}`,
        headers: bearer(providerToken),
        payload: { Services: [{ ServiceCode: 'checkInSummary', Enabled: enabled }] },
      });
      expect(changed.statusCode).toBe(200);
    };
    const checkIn = await open('digital-check-in', staffToken, staff);
    const appointments = await open('appointments', staffToken, staff);
    expect(await checkIn.follow([`appointment:${appointmentA}`])).toEqual([`appointment:${appointmentA}`]);
    await switchCheckIn(false);
    try {
      expect(await checkIn.follow([`appointment:${appointmentA}`])).toEqual([]);
      // The appointments hub needs no feature: the same appointment is followed there.
      expect(await appointments.follow([`appointment:${appointmentA}`])).toEqual([
        `appointment:${appointmentA}`,
      ]);
      expect((await joins(appointmentA, staff)).map((row) => [row.outcome, row.detail])).toEqual([
        ['success', { room: `appointment:${appointmentA}`, hub: 'digital-check-in', relation: 'care' }],
        [
          'denied',
          {
            room: `appointment:${appointmentA}`,
            hub: 'digital-check-in',
            reason: 'feature_off',
            feature: 'checkInSummary',
          },
        ],
        ['success', { room: `appointment:${appointmentA}`, hub: 'appointments', relation: 'care' }],
      ]);
    } finally {
      await switchCheckIn(true);
    }
    expect(await checkIn.follow([`appointment:${appointmentA}`])).toEqual([`appointment:${appointmentA}`]);
  });

  it('answers presence only for users the caller may see', async () => {
    await open('providers', providerToken, provider.id);
    const b = await open('providers', patientB.token, patientB.id);
    const a = await open('providers', tokenA, patientA.id);
    const status = (await a.socket.emitWithAck(ONLINE_STATUS_EVENT, {
      userIds: [provider.id, patientB.id, patientA.id, otherAdmin.id],
    })) as { userId: string; online: boolean }[];
    // A's own provider and A; not another patient who is online, nor another practice's admin.
    expect(status).toEqual([
      { userId: provider.id, online: true },
      { userId: patientA.id, online: true },
    ]);
    const practice = (await b.socket.emitWithAck(ONLINE_STATUS_EVENT, {
      userIds: [patientA.id],
    })) as unknown[];
    expect(practice).toEqual([]);
  });

  it('handles a browser message only when the caller may join the room it names', async () => {
    const handled: string[] = [];
    t.realtime.onMessage('appointments', 'TestSignal', {
      room: (payload) => `appointment:${(payload as { appointmentId?: string }).appointmentId ?? ''}`,
      handle: async (caller, payload) => {
        handled.push(`${caller.userId}:${(payload as { appointmentId: string }).appointmentId}`);
        return { ok: true };
      },
    });
    const guest = await open('appointments', await tokenFor(t.tokens, { user_roles: [], guest: true }));
    expect(await guest.socket.emitWithAck('TestSignal', { appointmentId: appointmentA })).toEqual({
      error: 'forbidden',
    });
    const b = await open('appointments', patientB.token, patientB.id);
    expect(await b.socket.emitWithAck('TestSignal', { appointmentId: appointmentA })).toEqual({
      error: 'forbidden',
    });
    expect(await b.socket.emitWithAck('TestSignal', {})).toEqual({ error: 'forbidden' });
    expect(handled).toEqual([]);
    const a = await open('appointments', tokenA, patientA.id);
    expect(await a.socket.emitWithAck('TestSignal', { appointmentId: appointmentA })).toEqual({ ok: true });
    expect(handled).toEqual([`${patientA.id}:${appointmentA}`]);
  });

  it('redelivers an unacknowledged user message from another instance (or after a restart) on the same database', async () => {
    const id = t.realtime.publish({
      hub: 'push-notifications',
      event: 'InAppNotificationAdded',
      rooms: [`user:${patientB.id}`],
      data: { Id: 'kept' },
    });
    await expect
      .poll(async () =>
        (await t.realtime.storedPendingFor(patientB.id, 'push-notifications')).map((m) => m.messageId),
      )
      .toContain(id);

    const other = createRealtime({ tokens: t.tokens, database: t.database, now: () => t.clock.now() });
    const server: HttpServer = createServer();
    await other.attach(server, { access: { database: t.database, relations: patientRelations } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const b = listen(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        'push-notifications',
        patientB.token,
        patientB.id,
      );
      sockets.push(b.socket);
      await b.connected();
      await expect.poll(() => b.seen.map((s) => s.message.messageId)).toContain(id);
      b.socket.emit(ACK_EVENT, { userId: patientB.id, messageId: id });
      await expect
        .poll(async () => (await other.storedPendingFor(patientB.id)).map((m) => m.messageId))
        .not.toContain(id);
    } finally {
      await other.close();
      server.close();
    }
  });
});

// Two instances share events through Redis: CI sets REDIS_URL; a machine without Redis skips this.
describe.skipIf(!process.env.REDIS_URL)('appointment events across instances', () => {
  it('reaches a practice user connected to another instance through Redis when a patient books on the first', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
    const a = await createTestApp({ env, now: '2026-11-23T13:40:00Z' });
    const b = await createTestApp({ env, now: '2026-11-23T13:40:00Z' });
    const sockets: Socket[] = [];
    try {
      await a.app.listen({ host: '127.0.0.1', port: 0 });
      await b.app.listen({ host: '127.0.0.1', port: 0 });
      const token = await tokenFor(b.tokens, {
        user_roles: ['provider', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: provider.id,
        PracticeId: DEMO_PRACTICE_IDS[1],
        email: provider.email,
      });
      // Each test instance has its own database and token keys: the practice user connects to b with b's token.
      const onB = listen(
        `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`,
        'appointments',
        token,
        provider.id,
      );
      sockets.push(onB.socket);
      // Both instances' subscriptions were in place when createTestApp resolved (attach waits for them).
      await onB.connected();

      const [location] = await a.database.query<{ id: string }>(
        'select id from locations where organization_id = $1 order by name limit 1',
        [DEMO_PRACTICE_IDS[1]],
      );
      const scheduleId = randomUUID();
      await a.database.query(
        `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval)
         values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
        [scheduleId, provider.id, location!.id],
      );
      await a.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
        [scheduleId],
      );
      const patient = await createTestPatient(a, 'Morgan');
      const res = await a.call<{ data: string }>({
        method: 'POST',
        url: `${V2}/Appointments`,
        headers: bearer(patient.token),
        payload: {
          CalendarId: scheduleId,
          StartTime: '2026-11-24T15:00:00.000Z',
          Participants: [{ Type: 'Patient', ParticipantId: patient.id }],
          Reasons: [{ Name: 'Follow-up' }],
        },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(
          () =>
            onB.seen.some(
              (s) => s.event === 'AppointmentBooked' && s.message.data.AppointmentId === res.json.data,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
    } finally {
      sockets.forEach((s) => s.disconnect());
      await a.close();
      await b.close();
    }
    // Two apps and a booking on a loaded machine: a ceiling, not a wait.
  }, 90_000);
});
