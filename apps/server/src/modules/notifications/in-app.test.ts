import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  HTTP_STATUS_MESSAGES,
  NOTIFICATION_HEADERS,
  type AppointmentPendingPush,
  type BookingResult,
  type InAppNotification,
  type NotificationPayload,
  type PushedNotification,
  type RealtimeMessage,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V1 = '/careslot-notification/api/v1';
const V2 = '/careslot-appointment-service/api/v2';
type ErrorBody = { status_code: number; message: string; errors?: { field: string; rule: string }[] };
const provider = demoPerson('provider-admin'); // Daniel Reyes: provider and admin of the second practice
const otherAdmin = demoPerson('admin'); // Marcus Whitfield: admin of the first practice

async function scheduleAt(
  t: TestApp,
  organizationId: string,
  practitionerId: string | null,
  approval: boolean,
): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [organizationId],
  );
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval)
     values ($1, $2, $3, 'America/New_York', 30, 5, 60, $4)`,
    [id, practitionerId, location!.id, approval],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

async function book(
  t: TestApp,
  who: TestPatient,
  scheduleId: string,
  start = '2026-11-24T15:00:00.000Z',
): Promise<string> {
  const res = await t.call<BookingResult>({
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
  // The in-app notifications' consumer runs in the background (decision 0082).
  await t.events.drain();
  return res.json.data;
}

function listen(origin: string, hub: string, token: string, userId: string) {
  const socket: Socket = connect(`${origin}/hubs/${hub}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token, userId },
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
    next<T>(event: string): Promise<RealtimeMessage<T>> {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          const index = seen.findIndex((s) => s.event === event);
          if (index >= 0) resolve(seen.splice(index, 1)[0]!.message as RealtimeMessage<T>);
          else if (Date.now() - started > 5000) reject(new Error(`no ${event}`));
          else setTimeout(poll, 10);
        };
        poll();
      });
    },
  };
}

describe('in-app notifications', () => {
  let t: TestApp;
  let origin: string;
  let providerToken: string;
  let otherToken: string;
  let staffToken: string;
  let staffId: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    providerToken = await tokenFor(
      t.tokens,
      {
        sub: 'sub-daniel',
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
        sub: 'sub-marcus',
        user_roles: ['practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: otherAdmin.id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: otherAdmin.email,
      },
      24 * 3600,
    );
    // A staff member of the second practice: a practitioner with the staff role there.
    staffId = randomUUID();
    await t.database.query(
      "insert into practitioners (id, given_names, family_name) values ($1, '{Sam}', 'Front')",
      [staffId],
    );
    await t.database.query(
      "insert into practitioner_roles (id, practitioner_id, organization_id, codes) values ($1, $2, $3, '{staff}')",
      [randomUUID(), staffId, DEMO_PRACTICE_IDS[1]],
    );
    staffToken = await tokenFor(
      t.tokens,
      {
        sub: 'sub-staff',
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: staffId,
        PracticeId: DEMO_PRACTICE_IDS[1],
        email: 'front@summit.example',
      },
      24 * 3600,
    );
  });
  afterAll(() => t.close());

  /** The user's in-app notifications, once the background consumers have run. */
  const list = async (
    userId: string,
    token: string,
    query = 'userType=Practitioner&notificationType=Appointment',
  ) => {
    await t.events.drain();
    return t.call<InAppNotification[] & ErrorBody>({
      url: `${V1}/InAppNotifications/${userId}?${query}`,
      headers: bearer(token),
    });
  };

  it('pushes a request live to the provider and their practice only, and lists it with the spec fields', async () => {
    const providerPush = listen(origin, 'push-notifications', providerToken, provider.id);
    const providerAppointments = listen(origin, 'appointments', providerToken, provider.id);
    const otherPush = listen(origin, 'push-notifications', otherToken, otherAdmin.id);
    const otherAppointments = listen(origin, 'appointments', otherToken, otherAdmin.id);
    await Promise.all([
      providerPush.connected(),
      providerAppointments.connected(),
      otherPush.connected(),
      otherAppointments.connected(),
    ]);

    const patient = await createTestPatient(t, 'Riley');
    const id = await book(t, patient, await scheduleAt(t, DEMO_PRACTICE_IDS[1], provider.id, true));

    const added = await providerPush.next<PushedNotification & { event: string }>('InAppNotificationAdded');
    expect(JSON.parse(added.data.Payload)).toEqual({
      ProviderId: provider.id,
      AppointmentId: id,
      AppointmentStatus: 'Pending',
      AppointmentTime: '2026-11-24T15:00:00.000Z',
    });
    expect(added.data.SourceSystem).toBe(DEMO_PRACTICE_IDS[1]);
    // Pushes carry no names.
    expect(JSON.stringify(added.data)).not.toContain('Riley');
    const pending = await providerAppointments.next<AppointmentPendingPush>('AppointmentPending');
    expect(pending.data).toMatchObject({
      AppointmentId: id,
      Status: 'Pending',
      Participants: [{ Type: 'Host', ParticipantId: provider.id }],
    });

    // The first practice hears nothing of it: the first message its admin receives is about its own booking.
    const own = await book(
      t,
      await createTestPatient(t),
      await scheduleAt(t, DEMO_PRACTICE_IDS[0], null, false),
    );
    const first = await otherPush.next<PushedNotification>('InAppNotificationAdded');
    expect(JSON.parse(first.data.Payload)).toMatchObject({
      AppointmentId: own,
      AppointmentStatus: 'Scheduled',
    });
    expect(otherPush.seen.map((s) => s.event)).not.toContain('InAppNotificationAdded');
    expect(otherAppointments.seen.map((s) => s.event)).not.toContain('AppointmentPending');

    const res = await list(provider.id, providerToken);
    expect(res.statusCode).toBe(200);
    const record = res.json.find((r) => r.id === added.data.Id)!;
    expect(record).toMatchObject({
      id: added.data.Id,
      sourceSystem: DEMO_PRACTICE_IDS[1],
      seen: false,
      recievedOn: '2026-11-23T13:40:00.000Z',
    });
    const payload = JSON.parse(record.payload) as NotificationPayload;
    expect(payload).toMatchObject({
      AppointmentId: id,
      PatientId: patient.id,
      AppointmentStatus: 'Pending',
      AppointmentTime: '2026-11-24T15:00:00.000Z',
      PatientName: { first_name: 'Riley', last_name: 'Tester' },
      ProviderName: { first_name: provider.givenName, last_name: provider.familyName },
      TimeZone: (
        await t.database.query<{ zone: string }>(
          'select iana_time_zone as zone from locations where organization_id = $1 order by name limit 1',
          [DEMO_PRACTICE_IDS[1]],
        )
      )[0]!.zone,
    });
    expect(Number(res.headers[NOTIFICATION_HEADERS.unseen])).toBeGreaterThanOrEqual(1);
    // The read is one list row naming the patients the records show (issue 24 item 5).
    const audited = await t.database.query<{ patient_ids: string[]; outcome: string }>(
      `select patient_ids, outcome from audit_events where entity_type = 'InAppNotification' and action = 'read'
        and actor_id = $1 order by id desc limit 1`,
      [provider.id],
    );
    expect(audited[0]?.outcome).toBe('success');
    expect(audited[0]?.patient_ids).toEqual(
      expect.arrayContaining([
        ...new Set(res.json.map((r) => (JSON.parse(r.payload) as NotificationPayload).PatientId)),
      ]),
    );
    expect(audited[0]?.patient_ids).toContain(patient.id);
    for (const l of [providerPush, providerAppointments, otherPush, otherAppointments]) l.socket.disconnect();
  });

  it('notifies the staff when the provider accepts, but not the provider who did it', async () => {
    const patient = await createTestPatient(t, 'Quinn');
    const id = await book(t, patient, await scheduleAt(t, DEMO_PRACTICE_IDS[1], provider.id, true));
    const accepted = await t.call({
      method: 'PUT',
      url: `${V2}/OfficeAppointments/${id}/confirm`,
      headers: bearer(providerToken),
    });
    expect(accepted.statusCode).toBe(200);
    const forStaff = (await list(staffId, staffToken)).json
      .map((r) => JSON.parse(r.payload) as NotificationPayload)
      .filter((p) => p.AppointmentId === id);
    // Both at the test's fixed clock time, so compared as a set.
    expect(forStaff.map((p) => p.AppointmentStatus).sort()).toEqual(['Pending', 'Scheduled']);
    const forProvider = (await list(provider.id, providerToken)).json
      .map((r) => JSON.parse(r.payload) as NotificationPayload)
      .filter((p) => p.AppointmentId === id);
    expect(forProvider.map((p) => p.AppointmentStatus)).toEqual(['Pending']);
  });

  it("marks only the caller's own notifications seen, and keeps everyone out of another user's list (404)", async () => {
    const patient = await createTestPatient(t);
    await book(t, patient, await scheduleAt(t, DEMO_PRACTICE_IDS[1], provider.id, true));
    const mine = (await list(provider.id, providerToken)).json.filter((r) => !r.seen);
    const staffs = (await list(staffId, staffToken)).json.filter((r) => !r.seen);
    expect(mine.length).toBeGreaterThan(0);
    expect(staffs.length).toBeGreaterThan(0);

    const marked = await t.call<boolean>({
      method: 'PATCH',
      url: `${V1}/InAppNotifications/batch/mark-as-seen`,
      headers: bearer(providerToken),
      payload: [...mine.map((r) => r.id), staffs[0]!.id],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json).toBe(true);
    const after = await list(provider.id, providerToken);
    expect(after.json.filter((r) => mine.some((m) => m.id === r.id)).every((r) => r.seen)).toBe(true);
    expect(after.headers[NOTIFICATION_HEADERS.unseen]).toBe('0');
    // The staff member's notification is untouched.
    expect((await list(staffId, staffToken)).json.find((r) => r.id === staffs[0]!.id)?.seen).toBe(false);

    for (const token of [otherToken, staffToken, patient.token]) {
      const res = await list(provider.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    }
  });

  it('pages newest first within the notification window, and rejects bad paging and ids with the field named', async () => {
    const all = await list(provider.id, providerToken, 'userType=Practitioner&Limit=200');
    const total = Number(all.headers[NOTIFICATION_HEADERS.total]);
    expect(total).toBe(all.json.length);
    const firstPage = await list(provider.id, providerToken, 'userType=Practitioner&Limit=1&Offset=1');
    const secondPage = await list(provider.id, providerToken, 'userType=Practitioner&Limit=1&Offset=2');
    expect(firstPage.json[0]!.id).toBe(all.json[0]!.id);
    expect(secondPage.json[0]!.id).toBe(all.json[1]!.id);
    const outside = await list(
      provider.id,
      providerToken,
      'userType=Practitioner&from=2026-11-10T00:00:00Z&to=2026-11-17T00:00:00Z',
    );
    expect(outside.json).toEqual([]);

    const badLimit = await list(provider.id, providerToken, 'userType=Practitioner&Limit=5000');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json.errors?.[0]?.field).toBe('querystring.Limit');
    const noType = await list(provider.id, providerToken, 'notificationType=Appointment');
    expect(noType.statusCode).toBe(400);
    expect(noType.json.errors?.[0]?.field).toBe('querystring.userType');
    const badIds = await t.call<ErrorBody>({
      method: 'PATCH',
      url: `${V1}/InAppNotifications/batch/mark-as-seen`,
      headers: bearer(providerToken),
      payload: ['not-an-id'],
    });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json.errors?.[0]?.field).toBe('body.0');
  });

  it('writes no second record when an appointment change is delivered again (a crash after the records, before the delivery was recorded)', async () => {
    const patient = await createTestPatient(t, 'Rowan');
    const id = await book(
      t,
      patient,
      await scheduleAt(t, DEMO_PRACTICE_IDS[1], provider.id, true),
      '2026-11-24T16:00:00.000Z',
    );
    const records = async () =>
      (
        await t.database.query<{ user_id: string }>(
          'select user_id from in_app_notifications where appointment_id = $1 order by user_id',
          [id],
        )
      ).map((r) => r.user_id);
    const before = await records();
    expect(before).toContain(provider.id);
    const [event] = await t.database.query<{ id: string }>(
      "select id from domain_events where aggregate_type = 'appointment' and aggregate_id = $1",
      [id],
    );
    // As if the process died after writing the records and before recording the delivery.
    await t.database.query(
      "delete from domain_event_deliveries where event_id = $1 and consumer = 'notifications.in-app'",
      [event!.id],
    );
    await t.database.query('update domain_events set dispatched_at = null where id = $1', [event!.id]);
    await t.events.drain();
    const delivered = await t.database.query<{ consumer: string }>(
      'select consumer from domain_event_deliveries where event_id = $1',
      [event!.id],
    );
    expect(delivered.map((d) => d.consumer)).toContain('notifications.in-app');
    expect(await records()).toEqual(before);
  });
});
