import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_MESSAGES,
  CALLED_OFF_STATUSES,
  HTTP_STATUS_MESSAGES,
  type Appointment,
  type AppointmentCounts,
  type AppointmentRequest,
  type BookingResult,
  type RequestActivity,
} from '@careslot/contracts';
import type { PublishOptions } from '../../platform/realtime';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { onAppointmentChanged, type AppointmentChanged } from './index';

const V2 = '/careslot-appointment-service/api/v2';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York
const provider = demoPerson('provider-admin'); // Daniel Reyes, provider and admin of the second practice

async function locationOf(t: TestApp, organizationId: string): Promise<{ id: string; zone: string }> {
  const [row] = await t.database.query<{ id: string; zone: string }>(
    'select id, iana_time_zone as zone from locations where organization_id = $1 order by name limit 1',
    [organizationId],
  );
  return row!;
}

/** A schedule of the provider at the second practice that needs approval; Mon-Fri 09:00-12:00 New York. */
async function approvalSchedule(t: TestApp, capacity = 1): Promise<string> {
  const id = randomUUID();
  await t.database.query(
    // Office and video visits: a request may be either (a video visit needs a calendar that takes video).
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval, visit_types)
     values ($1, $2, $3, 'America/New_York', 30, $4, 60, true, array['Office', 'TeleHealth'])`,
    [id, provider.id, (await locationOf(t, DEMO_PRACTICE_IDS[1])).id, capacity],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

async function request(
  t: TestApp,
  who: TestPatient,
  scheduleId: string,
  start = SLOT,
  type = 'Office',
): Promise<string> {
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: scheduleId,
      StartTime: start,
      AppointmentType: type,
      Participants: [{ Type: 'Patient', ParticipantId: who.id }],
      Reasons: [{ Id: 'r-1', Name: 'Knee pain' }],
      CustomForms: [{ Name: 'New patient intake' }],
    },
  });
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  return res.json.data;
}

const taken = async (t: TestApp, scheduleId: string) =>
  (
    await t.database.query<{ taken: number }>('select taken from slot_capacity where schedule_id = $1', [
      scheduleId,
    ])
  )[0]?.taken ?? 0;

describe('appointment status calls', () => {
  let t: TestApp;
  let staff: string;
  let providerToken: string;
  let otherPractice: string;
  const heard: AppointmentChanged[] = [];
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    staff = await tokenFor(
      t.tokens,
      {
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: randomUUID(),
        PracticeId: DEMO_PRACTICE_IDS[1],
        email: 'front@summit.example',
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
    otherPractice = await tokenFor(
      t.tokens,
      {
        user_roles: ['staff', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: demoPerson('admin').id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: 'admin@riverside.example',
      },
      24 * 3600,
    );
    onAppointmentChanged(t.events, 'test.status-listener', async (change) => void heard.push(change));
  });
  afterAll(() => t.close());

  const put = (path: string, token: string, payload?: Record<string, unknown>) =>
    t.call<Answer<Appointment>>({
      method: 'PUT',
      url: `${V2}/${path}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });

  it('accepts a request with the confirm action: Scheduled, audited, logged, pushed and announced', async () => {
    const patient = await createTestPatient(t, 'Avery');
    const id = await request(t, patient, await approvalSchedule(t));
    expect(heard.at(-1)).toMatchObject({
      kind: 'requested',
      appointmentId: id,
      status: 'Pending',
      previousStatus: null,
      organizationId: DEMO_PRACTICE_IDS[1],
      practitionerId: provider.id,
    });

    const res = await put(`OfficeAppointments/${id}/confirm`, providerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe(APPOINTMENT_STATUS_MESSAGES.confirmed);
    expect(res.json.data).toMatchObject({
      Id: id,
      Status: 'Scheduled',
      AuditTrail: { WorkflowOrServiceName: 'Confirm_Pending_Appointment_Web' },
    });
    // The patient reads the new status.
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${id}`,
      headers: bearer(patient.token),
    });
    expect(read.json.data.Status).toBe('Scheduled');
    expect(t.realtime.pendingFor(patient.id).map((m) => m.data)).toContainEqual(
      expect.objectContaining({
        event: 'AppointmentStatusUpdated',
        AppointmentId: id,
        Status: 'Scheduled',
        PreviousStatus: 'Pending',
      }),
    );
    expect(heard.at(-1)).toMatchObject({
      kind: 'status_changed',
      appointmentId: id,
      status: 'Scheduled',
      previousStatus: 'Pending',
      actorId: provider.id,
    });
    const audit = await t.database.query<{ outcome: string; workflow: string }>(
      "select outcome, workflow from audit_events where entity_id = $1 and action = 'update'",
      [id],
    );
    expect(audit).toEqual([{ outcome: 'success', workflow: 'Confirm_Pending_Appointment_Web' }]);

    // Confirming again makes the scheduled visit Confirmed; a third time there is nothing to confirm.
    expect((await put(`OfficeAppointments/${id}/confirm`, staff)).json.data.Status).toBe('Confirmed');
    const third = await put(`OfficeAppointments/${id}/confirm`, staff);
    expect(third.statusCode).toBe(400);
    expect(third.json.errors).toEqual([
      { field: 'status', rule: 'transition', message: 'A Confirmed appointment has nothing to confirm' },
    ]);
  });

  it('declines a request only with a reason, frees the place and announces the slot', async () => {
    const patient = await createTestPatient(t, 'Blake');
    const schedule = await approvalSchedule(t);
    const id = await request(t, patient, schedule);
    expect(await taken(t, schedule)).toBe(1);

    const noReason = await put(`OfficeAppointments/${id}/status?status=Rejected`, staff);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.errors).toEqual([
      { field: 'body.Reason', rule: 'required', message: 'A reason is required to set Rejected' },
    ]);
    expect(await taken(t, schedule)).toBe(1);

    const published: PublishOptions[] = [];
    const publish = t.realtime.publish.bind(t.realtime);
    t.realtime.publish = (options) => (published.push(options), publish(options));
    const res = await put(`OfficeAppointments/${id}/status?status=Rejected`, staff, {
      Reason: 'The doctor is away that week',
    });
    t.realtime.publish = publish;
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ Status: 'Rejected', StatusReason: 'The doctor is away that week' });
    expect(await taken(t, schedule)).toBe(0);
    // Open calendars see the place come back; the patient and the practice hear the new status.
    expect(published.find((p) => p.event === 'SlotAdded')).toMatchObject({
      hub: 'calendar',
      rooms: [`schedule:${schedule}`],
      data: { CapacityAvailable: 1 },
    });
    expect(published.find((p) => p.event === 'AppointmentStatusUpdated')).toMatchObject({
      hub: 'appointments',
      rooms: expect.arrayContaining([`user:${patient.id}`, `org:${DEMO_PRACTICE_IDS[1]}`]) as unknown,
    });
    // Someone else may now book the freed slot.
    const other = await createTestPatient(t, 'Casey');
    expect(await request(t, other, schedule)).toBeTruthy();

    // The decision is in the request activity log, with who took it and why.
    const log = await t.call<Answer<{ Data: RequestActivity[]; Total: number }>>({
      method: 'POST',
      url: `${V2}/appointmentrequestactivity/logs/get`,
      headers: bearer(staff),
      payload: { AppointmentId: id },
    });
    expect(log.statusCode).toBe(200);
    expect(log.json.data.Total).toBe(1);
    expect(log.json.data.Data[0]).toMatchObject({
      AppointmentId: id,
      FromStatus: 'Pending',
      ToStatus: 'Rejected',
      Reason: 'The doctor is away that week',
      PatientName: { first_name: 'Blake', last_name: 'Tester' },
      AppointmentTime: SLOT,
    });
  });

  it('refuses transitions the table does not allow, naming the field and the rule', async () => {
    const patient = await createTestPatient(t);
    const id = await request(t, patient, await approvalSchedule(t));
    const checkIn = await put(`OfficeAppointments/${id}/status?status=Checked-In`, staff);
    expect(checkIn.statusCode).toBe(400);
    expect(checkIn.json.errors).toEqual([
      {
        field: 'querystring.status',
        rule: 'transition',
        message: 'A Pending appointment cannot become Checked-In',
      },
    ]);
    const unknown = await put(`OfficeAppointments/${id}/status?status=Lost`, staff);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors?.[0]?.field).toBe('querystring.status');

    // Through a visit: accept, arrive, check in, check out; then nothing more.
    for (const status of ['Scheduled', 'Arrived', 'Checked-In', 'Checked-Out']) {
      const step = await put(`OfficeAppointments/${id}/status?status=${status}`, staff);
      expect(step.statusCode, status).toBe(200);
      expect(step.json.data.Status).toBe(status);
    }
    expect((await put(`OfficeAppointments/${id}/status?status=Canceled`, staff)).statusCode).toBe(400);
    expect(heard.filter((e) => e.appointmentId === id).map((e) => e.kind)).toEqual([
      'requested',
      'status_changed',
      'status_changed',
      'checked_in',
      'status_changed',
    ]);
  });

  it("answers 404 to another practice's staff, a stranger patient and a wrong family, and changes nothing", async () => {
    const patient = await createTestPatient(t);
    const stranger = await createTestPatient(t);
    const schedule = await approvalSchedule(t);
    const id = await request(t, patient, schedule);
    for (const [path, token] of [
      [`OfficeAppointments/${id}/confirm`, otherPractice],
      [`OfficeAppointments/${id}/status?status=Canceled`, otherPractice],
      [`OfficeAppointments/${id}/status?status=Canceled`, stranger.token],
      [`TeleAppointments/${id}/confirm`, staff],
      [`OfficeAppointments/${randomUUID()}/confirm`, staff],
    ] as const) {
      const res = await put(path, token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    }
    expect(
      (await t.call({ url: `${V2}/Appointments/${id}`, headers: bearer(patient.token) })).json,
    ).toMatchObject({ data: { Status: 'Pending' } });
    expect(await taken(t, schedule)).toBe(1);
    const denied = await t.database.query(
      "select 1 from audit_events where entity_id = $1 and action = 'update' and outcome = 'denied'",
      [id],
    );
    expect(denied).toHaveLength(4);
    // Another practice sees none of these requests, logs or counts.
    const theirs = await t.call<Answer<{ Data: AppointmentRequest[] }>>({
      method: 'POST',
      url: `${V2}/appointments/requests/get`,
      headers: bearer(otherPractice),
      payload: {},
    });
    expect(theirs.json.data.Data.map((r) => r.Id)).not.toContain(id);
    const counts = await t.call({
      url: `${V2}/Appointments/providers/${provider.id}/appointments/count`,
      headers: bearer(otherPractice),
    });
    expect(counts.statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/appointments/requests/get`,
          headers: bearer(patient.token),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets the patient withdraw their own request (Canceled), and nothing else', async () => {
    const patient = await createTestPatient(t);
    const schedule = await approvalSchedule(t);
    const id = await request(t, patient, schedule);
    expect((await put(`OfficeAppointments/${id}/confirm`, patient.token)).statusCode).toBe(404);
    expect((await put(`OfficeAppointments/${id}/status?status=Scheduled`, patient.token)).statusCode).toBe(
      404,
    );
    const res = await put(`OfficeAppointments/${id}/status?status=Canceled`, patient.token);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({
      Status: 'Canceled',
      AuditTrail: { WorkflowOrServiceName: 'Appointment_Cancel_Web' },
    });
    expect(await taken(t, schedule)).toBe(0);
    expect(heard.at(-1)).toMatchObject({ kind: 'cancelled', appointmentId: id });
  });

  it('tells the second of two simultaneous decisions that the appointment changed meanwhile', async () => {
    const patient = await createTestPatient(t);
    const schedule = await approvalSchedule(t);
    const id = await request(t, patient, schedule);
    const [accept, decline] = await Promise.all([
      put(`OfficeAppointments/${id}/confirm`, providerToken),
      put(`OfficeAppointments/${id}/status?status=Rejected`, staff, { Reason: 'Fully booked' }),
    ]);
    const codes = [accept.statusCode, decline.statusCode].sort();
    expect(codes[0]).toBe(200);
    // PGlite runs them one after the other (the second sees the new status: 400); PostgreSQL may race (409).
    expect([400, 409]).toContain(codes[1]);
    const changes = await t.database.query(
      'select 1 from appointment_status_changes where appointment_id = $1',
      [id],
    );
    expect(changes).toHaveLength(1);
  });

  it('lists pending requests with patient, time, reason, visit type and forms, soonest first, one practice only', async () => {
    const schedule = await approvalSchedule(t, 3);
    const later = await createTestPatient(t, 'Logan');
    const sooner = await createTestPatient(t, 'Morgan');
    const laterId = await request(t, later, schedule, '2026-11-24T16:00:00.000Z');
    const soonerId = await request(t, sooner, schedule, '2026-11-24T14:30:00.000Z', 'TeleHealth');
    const res = await t.call<Answer<{ Data: AppointmentRequest[]; Total: number }>>({
      method: 'POST',
      url: `${V2}/appointments/requests/get`,
      headers: bearer(staff),
      payload: { Limit: 0 },
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json.data.Data.map((r) => r.Id);
    expect(ids.indexOf(soonerId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(soonerId)).toBeLessThan(ids.indexOf(laterId));
    expect(res.json.data.Total).toBe(ids.length);
    expect(res.json.data.Data.find((r) => r.Id === soonerId)).toMatchObject({
      Status: 'Pending',
      StartTime: '2026-11-24T14:30:00.000Z',
      TimeZone: (await locationOf(t, DEMO_PRACTICE_IDS[1])).zone,
      AppointmentType: 'TeleHealth',
      ReasonsText: 'Knee pain',
      FormsAnswered: ['New patient intake'],
      Patient: { Id: sooner.id, name: { first_name: 'Morgan', last_name: 'Tester' } },
      Provider: { Id: provider.id, name: { first_name: provider.givenName, last_name: provider.familyName } },
    });
    // The tele request answers to TeleAppointments.
    expect((await put(`TeleAppointments/${soonerId}/confirm`, staff)).json.data?.Status).toBe('Scheduled');
    const after = await t.call<Answer<{ Data: AppointmentRequest[] }>>({
      method: 'POST',
      url: `${V2}/appointments/requests/get`,
      headers: bearer(staff),
      payload: { Limit: 0 },
    });
    expect(after.json.data.Data.map((r) => r.Id)).not.toContain(soonerId);
    // Paging: one per page.
    const first = await t.call<Answer<{ Data: AppointmentRequest[]; Total: number }>>({
      method: 'POST',
      url: `${V2}/appointments/requests/get`,
      headers: bearer(staff),
      payload: { Limit: 1, Offset: 1 },
    });
    expect(first.json.data.Data).toHaveLength(1);
    expect(first.json.data.Total).toBe(after.json.data.Data.length);
  });

  it("counts the provider's day and requests for them and their practice", async () => {
    const schedule = await approvalSchedule(t, 3);
    const patient = await createTestPatient(t);
    const id = await request(t, patient, schedule, '2026-11-24T15:30:00.000Z');
    const before = await t.call<Answer<AppointmentCounts>>({
      url: `${V2}/Appointments/providers/${provider.id}/appointments/count?date=2026-11-24&timeZone=America/New_York`,
      headers: bearer(providerToken),
    });
    expect(before.statusCode).toBe(200);
    await put(`OfficeAppointments/${id}/confirm`, staff);
    const after = await t.call<Answer<AppointmentCounts>>({
      url: `${V2}/Appointments/providers/${provider.id}/appointments/count?date=2026-11-24&timeZone=America/New_York`,
      headers: bearer(staff),
    });
    expect(after.json.data.ScheduledCount).toBe(before.json.data.ScheduledCount + 1);
    expect(after.json.data.PendingCount).toBe(before.json.data.PendingCount - 1);
    const badZone = await t.call<Answer<null>>({
      url: `${V2}/Appointments/providers/${provider.id}/appointments/count?timeZone=Mars/Base`,
      headers: bearer(staff),
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json.errors?.[0]?.field).toBe('querystring.timeZone');
  });

  it('frees the double-booking guard exactly for the called-off statuses, as the status groups say', async () => {
    const [index] = await t.database.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'appointments_no_duplicate_idx'",
    );
    const guarded = APPOINTMENT_STATUSES.filter((s) => !index!.indexdef.includes(`'${s}'`));
    expect([...APPOINTMENT_STATUSES].filter((s) => !guarded.includes(s)).sort()).toEqual(
      [...CALLED_OFF_STATUSES].sort(),
    );
  });
});

describe("the provider's counts without a zone", () => {
  it("count the provider's own day: late in the evening there, tomorrow morning's visit is not today's", async () => {
    // 20:40 on Tuesday 24 November in Denver and Phoenix (the second practice's zones): already Wednesday in UTC.
    const t = await createTestApp({ now: '2026-11-25T03:40:00Z' });
    try {
      const token = await tokenFor(
        t.tokens,
        {
          user_roles: ['provider', 'practiceadmin'],
          user_type: 'Practitioner',
          careslot_id: provider.id,
          PracticeId: DEMO_PRACTICE_IDS[1],
          email: provider.email,
        },
        3600,
      );
      const counts = async (query = '') =>
        (
          await t.call<Answer<AppointmentCounts>>({
            url: `${V2}/Appointments/providers/${provider.id}/appointments/count${query}`,
            headers: bearer(token),
          })
        ).json.data;
      const [today, utcDay] = [await counts(), await counts('?timeZone=UTC')];
      // Wednesday 09:00 in Denver and Phoenix, 16:00 UTC: the provider's tomorrow, the same UTC day.
      const id = await request(
        t,
        await createTestPatient(t),
        await approvalSchedule(t),
        '2026-11-25T16:00:00.000Z',
      );
      const confirmed = await t.call<Answer<Appointment>>({
        method: 'PUT',
        url: `${V2}/OfficeAppointments/${id}/confirm`,
        headers: bearer(token),
      });
      expect(confirmed.json.data.Status).toBe('Scheduled');
      expect((await counts()).ScheduledCount).toBe(today.ScheduledCount);
      expect((await counts('?timeZone=UTC')).ScheduledCount).toBe(utcDay.ScheduledCount + 1);
    } finally {
      await t.close();
    }
  });
});
