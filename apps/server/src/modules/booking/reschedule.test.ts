import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Appointment,
  BookingResult,
  InAppNotification,
  NotificationPayload,
  PracticeAppointment,
  WalkInQueue,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const PORTAL = `${V2}/web/patient-appointments`;
const CALENDAR = '/careslot-calendar/api/v2';
const NOTIFICATIONS = '/careslot-notification/api/v1/InAppNotifications';
// Tuesday 24 November 2026, 08:00 in New York: the day's slots (09:00 to 12:00) are all ahead.
const NOW = '2026-11-24T13:00:00.000Z';
const NINE = '2026-11-24T14:00:00.000Z';
const TEN = '2026-11-24T15:00:00.000Z';
const ELEVEN = '2026-11-24T16:00:00.000Z';
const TOMORROW = '2026-11-25T15:00:00.000Z';
// Category ids chosen so that A sorts before B: a place given back "to any counter" would come from A.
const CATEGORY_A = '00000000-0000-4000-8000-00000000000a';
const CATEGORY_B = 'ffffffff-ffff-4fff-bfff-fffffffffffb';
const PRACTICE = DEMO_PRACTICE_IDS[1];
const provider = demoPerson('provider-admin'); // Daniel Reyes: provider and admin of the second practice (no visit fee)
type Failure = { status_code: number; message: string; errors?: { field: string; rule: string }[] };

describe('booked places per category, reschedules told like any change, resource names, online walk-ins', () => {
  let t: TestApp;
  let location: string;
  let providerToken: string;
  let staffId: string;
  let staffToken: string;
  let foreignStaff: string;
  let typeA: string;
  let typeB: string;
  let walkInType: string;
  let officeType: string;

  async function schedule(input: {
    visitTypes?: string[];
    types?: string[];
    practitionerId?: string | null;
    healthcareServiceId?: string | null;
    capacity?: number;
  }): Promise<string> {
    const id = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, healthcare_service_id, location_id, organization_id, time_zone, slot_minutes, capacity, planning_horizon_days, visit_types)
       values ($1, $2, $3, $4, $5, 'America/New_York', 30, $6, 60, $7)`,
      [
        id,
        input.practitionerId === undefined ? provider.id : input.practitionerId,
        input.healthcareServiceId ?? null,
        location,
        PRACTICE,
        input.capacity ?? 1,
        input.visitTypes ?? ['Office'],
      ],
    );
    for (let weekday = 1; weekday <= 5; weekday += 1) {
      await t.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [id, weekday],
      );
    }
    for (const type of input.types ?? [])
      await t.database.query(
        'insert into schedule_service_types (schedule_id, service_type_id) values ($1, $2)',
        [id, type],
      );
    return id;
  }

  async function serviceType(name: string, categoryId: string | null, visitType: string): Promise<string> {
    const id = randomUUID();
    await t.database.query(
      'insert into service_types (id, organization_id, service_category_id, name, duration_minutes, visit_type) values ($1, $2, $3, $4, 30, $5)',
      [id, PRACTICE, categoryId, name, visitType],
    );
    return id;
  }

  const book = (
    who: TestPatient,
    scheduleId: string,
    start: string,
    extra: Record<string, unknown> = {},
    session?: string,
  ) =>
    t.call<BookingResult & Failure>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: { ...bearer(who.token), ...(session ? { cookie: `SessionId=${session}` } : {}) },
      payload: {
        CalendarId: scheduleId,
        StartTime: start,
        Participants: [{ Type: 'Patient', ParticipantId: who.id }],
        Reasons: [{ Name: 'Check-up' }],
        ...extra,
      },
    });

  const hold = (who: TestPatient, session: string, scheduleId: string, start: string, typeId: string) =>
    t.call({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: { ...bearer(who.token), cookie: `SessionId=${session}` },
      payload: { SlotIds: [`${scheduleId}_${start}`], ServiceType: [{ Id: typeId }] },
    });

  const counters = async (scheduleId: string, start: string) =>
    Object.fromEntries(
      (
        await t.database.query<{ category_id: string; taken: number }>(
          'select category_id, taken from slot_capacity where schedule_id = $1 and start_at = $2',
          [scheduleId, start],
        )
      ).map((r) => [r.category_id, r.taken]),
    );

  const bookedCategory = async (id: string) =>
    (
      await t.database.query<{ booked_category_id: string | null }>(
        'select booked_category_id from appointments where id = $1',
        [id],
      )
    )[0]!.booked_category_id;

  const notifications = async (userId: string, token: string, appointmentId: string) =>
    (
      await t.call<InAppNotification[]>({
        url: `${NOTIFICATIONS}/${userId}?userType=Practitioner&Limit=200`,
        headers: bearer(token),
      })
    ).json
      .map((r) => JSON.parse(r.payload) as NotificationPayload)
      .filter((p) => p.AppointmentId === appointmentId);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    location = (
      await t.database.query<{ id: string }>(
        'select id from locations where organization_id = $1 order by name limit 1',
        [PRACTICE],
      )
    )[0]!.id;
    providerToken = await tokenFor(
      t.tokens,
      {
        sub: 'sub-daniel',
        user_roles: ['provider', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: provider.id,
        PracticeId: PRACTICE,
        email: provider.email,
      },
      3600,
    );
    staffId = randomUUID();
    await t.database.query(
      "insert into practitioners (id, given_names, family_name) values ($1, '{Sam}', 'Front')",
      [staffId],
    );
    await t.database.query(
      "insert into practitioner_roles (id, practitioner_id, organization_id, codes) values ($1, $2, $3, '{staff}')",
      [randomUUID(), staffId, PRACTICE],
    );
    staffToken = await tokenFor(
      t.tokens,
      {
        sub: 'sub-front',
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: staffId,
        PracticeId: PRACTICE,
        email: 'front@summit.example',
      },
      3600,
    );
    foreignStaff = await tokenFor(
      t.tokens,
      {
        sub: 'sub-other',
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: demoPerson('staff').id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: 'staff@demo.careslot.health',
      },
      3600,
    );

    await t.database.query(
      "insert into service_categories (id, organization_id, name, duration_minutes, capacity) values ($1, $3, 'Group A', 30, 2), ($2, $3, 'Individual B', 30, 1)",
      [CATEGORY_A, CATEGORY_B, PRACTICE],
    );
    typeA = await serviceType('Group visit', CATEGORY_A, 'Office');
    typeB = await serviceType('Individual visit', CATEGORY_B, 'Office');
    officeType = await serviceType('Office visit', null, 'Office');
    walkInType = await serviceType('Walk-in visit', null, 'Walk-In');
  });
  afterAll(() => t.close());

  it("gives back the place of the booking's own category on cancel, and moves it with a reschedule", async () => {
    const calendar = await schedule({ types: [typeA, typeB], capacity: 4 });
    const [inA, inB, viaHold] = [
      await createTestPatient(t, 'Anna'),
      await createTestPatient(t, 'Bo'),
      await createTestPatient(t, 'Cy'),
    ];

    // Without a hold the booking's reason picks the counter; with a hold the hold's category is kept.
    const a = await book(inA, calendar, TEN, { ServiceType: [{ Id: typeA, Name: 'Group visit' }] });
    const b = await book(inB, calendar, TEN, { ServiceType: [{ Id: typeB, Name: 'Individual visit' }] });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await bookedCategory(a.json.data)).toBe(CATEGORY_A);
    expect(await bookedCategory(b.json.data)).toBe(CATEGORY_B);
    expect(await counters(calendar, TEN)).toEqual({ [CATEGORY_A]: 1, [CATEGORY_B]: 1 });

    // B's patient cancels: B's place comes back, A's stays taken.
    const cancelled = await t.call({
      method: 'POST',
      url: `${PORTAL}/${b.json.data}/cancel`,
      headers: bearer(inB.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await counters(calendar, TEN)).toEqual({ [CATEGORY_A]: 1, [CATEGORY_B]: 0 });

    // A hold narrowed to B, booked, then moved to another slot held in B: each slot's B counter follows.
    expect((await hold(viaHold, 'cy-1', calendar, ELEVEN, typeB)).statusCode).toBe(200);
    const c = await book(viaHold, calendar, ELEVEN, {}, 'cy-1');
    expect(c.statusCode).toBe(200);
    expect(await bookedCategory(c.json.data)).toBe(CATEGORY_B);
    await t.database.query(
      'insert into slot_capacity (schedule_id, start_at, category_id, capacity, taken) values ($1, $2, $3, 2, 1) on conflict (schedule_id, start_at, category_id) do update set taken = 1',
      [calendar, ELEVEN, CATEGORY_A],
    );
    expect(await counters(calendar, ELEVEN)).toEqual({ [CATEGORY_A]: 1, [CATEGORY_B]: 1 });
    expect((await hold(viaHold, 'cy-2', calendar, TOMORROW, typeB)).statusCode).toBe(200);
    const moved = await t.call<Appointment>({
      method: 'POST',
      url: `${PORTAL}/${c.json.data}/reschedule`,
      headers: { ...bearer(viaHold.token), cookie: 'SessionId=cy-2' },
      payload: { CalendarId: calendar, StartTime: TOMORROW },
    });
    expect(moved.statusCode).toBe(200);
    expect(await counters(calendar, ELEVEN)).toEqual({ [CATEGORY_A]: 1, [CATEGORY_B]: 0 });
    expect(await counters(calendar, TOMORROW)).toEqual({ [CATEGORY_B]: 1 });
    expect(await bookedCategory(c.json.data)).toBe(CATEGORY_B);

    // The practice rejects A's visit: A's place comes back.
    const rejected = await t.call({
      method: 'PUT',
      url: `${V2}/OfficeAppointments/${a.json.data}/status?status=Canceled`,
      headers: bearer(staffToken),
      payload: { Reason: 'Provider away' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await counters(calendar, TEN)).toEqual({ [CATEGORY_A]: 0, [CATEGORY_B]: 0 });
  });

  it("tells the provider and staff of a patient's reschedule, with the old and new time", async () => {
    const calendar = await schedule({});
    const patient = await createTestPatient(t, 'Dana');
    const booked = await book(patient, calendar, TEN);
    expect(booked.statusCode).toBe(200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${CALENDAR}/slot/reserve`,
          headers: { ...bearer(patient.token), cookie: 'SessionId=dana' },
          payload: { SlotIds: [`${calendar}_${TOMORROW}`] },
        })
      ).statusCode,
    ).toBe(200);
    const moved = await t.call({
      method: 'POST',
      url: `${PORTAL}/${booked.json.data}/reschedule`,
      headers: { ...bearer(patient.token), cookie: 'SessionId=dana' },
      payload: { CalendarId: calendar, StartTime: TOMORROW },
    });
    expect(moved.statusCode).toBe(200);

    for (const [userId, token] of [
      [provider.id, providerToken],
      [staffId, staffToken],
    ] as const) {
      const seen = await notifications(userId, token, booked.json.data);
      expect(
        seen.map((p) => [p.AppointmentStatus, p.AppointmentTime, p.PreviousAppointmentTime ?? null]).sort(),
      ).toEqual([
        ['Scheduled', TEN, null],
        ['Scheduled', TOMORROW, TEN],
      ]);
    }
  });

  it('moves a visit on the practice calendar: the provider hears it, the staff member who moved it and other practices do not', async () => {
    const calendar = await schedule({});
    const other = await schedule({});
    const patient = await createTestPatient(t, 'Eli');
    const booked = await book(patient, calendar, NINE);
    const id = booked.json.data;

    // Another practice's staff: not found. A calendar of another practice: 400 naming CalendarId. Bad body: 400.
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${V2}/appointments/${id}`,
          headers: bearer(foreignStaff),
          payload: { CalendarId: other, StartTime: ELEVEN },
        })
      ).statusCode,
    ).toBe(404);
    const foreignCalendar = (
      await t.database.query<{ id: string }>('select id from schedules where organization_id = $1 limit 1', [
        DEMO_PRACTICE_IDS[0],
      ])
    )[0]!.id;
    const wrongCalendar = await t.call<Failure>({
      method: 'PUT',
      url: `${V2}/appointments/${id}`,
      headers: bearer(staffToken),
      payload: { CalendarId: foreignCalendar, StartTime: ELEVEN },
    });
    expect(wrongCalendar.statusCode).toBe(400);
    expect(wrongCalendar.json.errors?.[0]).toMatchObject({ field: 'CalendarId', rule: 'practice' });
    const noStart = await t.call<Failure>({
      method: 'PUT',
      url: `${V2}/appointments/${id}`,
      headers: bearer(staffToken),
      payload: { CalendarId: other },
    });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json.errors?.[0]?.field).toBe('body.StartTime');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${V2}/appointments/${id}`,
          headers: bearer(patient.token),
          payload: { CalendarId: other, StartTime: ELEVEN },
        })
      ).statusCode,
    ).toBe(403);

    const moved = await t.call<PracticeAppointment>({
      method: 'PUT',
      url: `${V2}/appointments/${id}`,
      headers: bearer(staffToken),
      payload: { CalendarId: other, StartTime: ELEVEN },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json).toMatchObject({
      Id: id,
      CalendarId: other,
      StartTime: ELEVEN,
      Status: 'Scheduled',
      Workflow: 'Online_Booking_Web',
    });
    const [audit] = await t.database.query<{ workflow: string }>(
      "select workflow from audit_events where entity_id = $1 and action = 'update' and outcome = 'success' order by id desc limit 1",
      [id],
    );
    expect(audit?.workflow).toBe('Calendar_Web');
    expect(await counters(calendar, NINE)).toMatchObject({ '00000000-0000-0000-0000-000000000000': 0 });
    expect(await counters(other, ELEVEN)).toMatchObject({ '00000000-0000-0000-0000-000000000000': 1 });
    // A taken slot: 409, nothing moves.
    const second = await book(await createTestPatient(t), calendar, NINE);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${V2}/appointments/${second.json.data}`,
          headers: bearer(staffToken),
          payload: { CalendarId: other, StartTime: ELEVEN },
        })
      ).statusCode,
    ).toBe(409);

    const forProvider = await notifications(provider.id, providerToken, id);
    expect(forProvider.find((p) => p.AppointmentTime === ELEVEN)).toMatchObject({
      PreviousAppointmentTime: NINE,
      AppointmentStatus: 'Scheduled',
    });
    const forStaff = await notifications(staffId, staffToken, id);
    expect(forStaff.map((p) => p.AppointmentTime)).toEqual([NINE]);
  });

  it("names the resource of a resource schedule's visit in the notification", async () => {
    const service = (
      await t.database.query<{ id: string; name: string }>(
        'select id, name from healthcare_services where organization_id = $1 order by name limit 1',
        [PRACTICE],
      )
    )[0];
    const serviceId = service?.id ?? randomUUID();
    const serviceName = service?.name ?? 'Physiotherapy room';
    if (!service)
      await t.database.query(
        'insert into healthcare_services (id, organization_id, name) values ($1, $2, $3)',
        [serviceId, PRACTICE, serviceName],
      );
    const calendar = await schedule({ practitionerId: null, healthcareServiceId: serviceId });
    const booked = await book(await createTestPatient(t), calendar, TEN, { AppointmentType: 'Resource' });
    expect(booked.statusCode).toBe(200);
    const [payload] = await notifications(staffId, staffToken, booked.json.data);
    expect(payload).toMatchObject({ ResourceId: serviceId, ResourceName: serviceName, ProviderId: null });
    expect(serviceName).not.toBe('');
  });

  it("puts a patient who books a walk-in reason online into the provider's queue, in the order they joined", async () => {
    const calendar = await schedule({ visitTypes: ['Office', 'Walk-In'], types: [officeType, walkInType] });
    const first = await createTestPatient(t, 'Walker');
    const second = await createTestPatient(t, 'Wren');
    const office = await book(await createTestPatient(t), calendar, NINE, {
      ServiceType: [{ Id: officeType, Name: 'Office visit' }],
    });
    // The later slot joins first: the queue is arrival order, not slot order.
    const a = await book(first, calendar, ELEVEN, {
      ServiceType: [{ Id: walkInType, Name: 'Walk-in visit' }],
    });
    const b = await book(second, calendar, TEN, {
      ScheduleType: 'Walk-In',
      ServiceType: [{ Id: walkInType, Name: 'Walk-in visit' }],
    });
    expect([office.statusCode, a.statusCode, b.statusCode]).toEqual([200, 200, 200]);
    const read = async (id: string, token: string) =>
      (await t.call<{ data: Appointment }>({ url: `${V2}/Appointments/${id}`, headers: bearer(token) })).json
        .data.ScheduleType;
    expect(await read(a.json.data, first.token)).toBe('Walk-In');
    expect(await read(office.json.data, providerToken)).toBe('Scheduled');

    const queue = await t.call<WalkInQueue>({
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue`,
      headers: bearer(providerToken),
    });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json.Data.map((w) => w.AppointmentId);
    expect(ids.filter((id) => id === a.json.data || id === b.json.data)).toEqual([a.json.data, b.json.data]);
    expect(ids).not.toContain(office.json.data);
    const count = await t.call<{ Count: number }>({
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/count`,
      headers: bearer(providerToken),
    });
    expect(count.json.Count).toBe(ids.length);
    const counts = await t.call<{ data: { WalkinCount: number } }>({
      url: `${V2}/Appointments/providers/${provider.id}/appointments/count`,
      headers: bearer(providerToken),
    });
    expect(counts.json.data.WalkinCount).toBeGreaterThanOrEqual(2);

    // Walk-in on a calendar without walk-ins, or with an office reason: 400 naming ScheduleType.
    const officeOnly = await schedule({ types: [officeType] });
    const noWalkIns = await book(await createTestPatient(t), officeOnly, TEN, { ScheduleType: 'Walk-In' });
    expect(noWalkIns.statusCode).toBe(400);
    expect(noWalkIns.json.errors?.[0]).toMatchObject({ field: 'ScheduleType', rule: 'walk_in_schedule' });
    const officeReason = await book(await createTestPatient(t), calendar, NINE, {
      ScheduleType: 'Walk-In',
      ServiceType: [{ Id: officeType, Name: 'Office visit' }],
    });
    expect(officeReason.statusCode).toBe(400);
    expect(officeReason.json.errors?.[0]).toMatchObject({ field: 'ScheduleType', rule: 'walk_in_reason' });
  });
});
