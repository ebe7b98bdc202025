import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  DUPLICATE_BOOKING_TEXT,
  HTTP_STATUS_MESSAGES,
  SANDBOX_TEST_CARDS,
  type Appointment,
  type BookingResult,
  type PaymentMethod,
  type PaymentTransaction,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const PAY = '/careslot-payment-service/api';
const CALENDAR = '/careslot-calendar/api/v2';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York

async function locationOf(t: TestApp, organizationId: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [organizationId],
  );
  return row!.id;
}

/** A schedule of the given practitioner at a location, Mon-Fri 09:00-12:00 New York, 30-minute slots. */
async function createSchedule(
  t: TestApp,
  input: { capacity: number; locationId: string; practitionerId: string },
): Promise<string> {
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, $4, 60)`,
    [id, input.practitionerId, input.locationId, input.capacity],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

function bookingBody(scheduleId: string, patientId: string, extra: Record<string, unknown> = {}) {
  return {
    CalendarId: scheduleId,
    StartTime: SLOT,
    AppointmentType: 'Office',
    Participants: [
      { Type: 'Patient', ParticipantId: patientId, FirstName: 'Casey', LastName: 'Tester' },
      { Type: 'Practitioner', ParticipantId: demoPerson('provider').id },
    ],
    Reasons: [{ Id: 'r-1', Name: 'Annual checkup' }],
    ...extra,
  };
}

function book(
  t: TestApp,
  who: TestPatient,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.call<BookingResult & Answer<unknown>>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: { ...bearer(who.token), ...headers },
    payload: body,
  });
}

function hold(t: TestApp, who: TestPatient, scheduleId: string, session: string) {
  return t.call({
    method: 'POST',
    url: `${CALENDAR}/slot/reserve`,
    headers: { ...bearer(who.token), cookie: `SessionId=${session}` },
    payload: { SlotIds: [`${scheduleId}_${SLOT}`] },
  });
}

const taken = async (t: TestApp, scheduleId: string) =>
  (
    await t.database.query<{ taken: number }>('select taken from slot_capacity where schedule_id = $1', [
      scheduleId,
    ])
  )[0]?.taken ?? 0;

/** Saves the sandbox test card and authorizes the uninsured visit fee of the demo provider at practice 1. */
async function authorizeFee(
  t: TestApp,
  who: TestPatient,
  card: string = SANDBOX_TEST_CARDS.success,
): Promise<string> {
  const saved = await t.call<Answer<PaymentMethod>>({
    method: 'POST',
    url: `${PAY}/v1/stripepayment/customers/payment-methods`,
    headers: bearer(who.token),
    payload: { PatientId: who.id, Card: { Number: card, ExpMonth: 12, ExpYear: 2031, Cvc: '123' } },
  });
  const held = await t.call<Answer<PaymentTransaction>>({
    method: 'POST',
    url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
    headers: bearer(who.token),
    payload: {
      PatientId: who.id,
      OrganizationId: DEMO_PRACTICE_IDS[0],
      EntityType: 'Provider',
      EntityId: demoPerson('provider').id,
      Insured: false,
      PaymentMethodId: saved.json.data.Id,
    },
  });
  if (held.statusCode !== 200) throw new Error(`authorization answered ${held.statusCode}: ${held.body}`);
  return held.json.data.Id;
}

const paymentStatus = async (t: TestApp, id: string) =>
  (
    await t.database.query<{ status: string }>('select status from payment_transactions where id = $1', [id])
  )[0]?.status;

describe('appointments: booking without a visit fee', () => {
  let t: TestApp;
  let freeLocation: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    freeLocation = await locationOf(t, DEMO_PRACTICE_IDS[2]); // the practice without online payments
  });
  afterAll(() => t.close());
  const schedule = (capacity = 1) =>
    createSchedule(t, { capacity, locationId: freeLocation, practitionerId: demoPerson('provider').id });

  it('books the slot the caller holds: the hold hands its place over, and the appointment reads back', async () => {
    const a = await createTestPatient(t, 'Avery');
    const id = await schedule();
    expect((await hold(t, a, id, 'session-a')).statusCode).toBe(200);
    const res = await book(t, a, bookingBody(id, a.id), { cookie: 'SessionId=session-a' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ is_success: true, message: 'success', AppointmentType: 'Office' });
    expect(await taken(t, id)).toBe(1);
    expect(await t.database.query('select 1 from slot_holds where schedule_id = $1', [id])).toHaveLength(0);
    // The patient hears the new status on the appointments hub: ids and status only.
    expect(t.realtime.pendingFor(a.id).map((m) => m.data)).toContainEqual(
      expect.objectContaining({
        event: 'AppointmentStatusUpdated',
        AppointmentId: res.json.data,
        Status: 'Scheduled',
        PreviousStatus: null,
      }),
    );
    const message = t.realtime
      .pendingFor(a.id)
      .find((m) => m.data.event === 'AppointmentStatusUpdated')!.data;
    expect(Object.keys(message).sort()).toEqual([
      'AppointmentId',
      'PreviousStatus',
      'ProviderId',
      'ScheduleType',
      'StartTime',
      'Status',
      'event',
    ]);

    const read = await t.call<{ is_success: boolean; data: Appointment }>({
      url: `${V2}/Appointments/${res.json.data}`,
      headers: bearer(a.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json.data).toMatchObject({
      Id: res.json.data,
      Status: 'Scheduled',
      CalendarId: id,
      StartTime: SLOT,
      EndTime: '2026-11-24T15:30:00.000Z',
      OrganizationId: DEMO_PRACTICE_IDS[2],
      ReasonsText: 'Annual checkup',
      AuditTrail: {
        CreatedBySystem: 'careslot',
        LastChangedBySystem: 'careslot',
        WorkflowOrServiceName: 'Online_Booking_Web',
      },
      BookingSystem: { Type: 'Internal', Name: 'careslot_Web' },
      Payments: [],
    });
    const audit = await t.database.query<{ action: string; outcome: string }>(
      "select action, outcome from audit_events where entity_type = 'Appointment' and entity_id = $1 order by id",
      [res.json.data],
    );
    expect(audit).toEqual([
      { action: 'create', outcome: 'success' },
      { action: 'read', outcome: 'success' },
    ]);
  });

  it('books the kind the reason and the calendar decide (issue 30): a video reason or a video-only calendar is a video visit, video on an office calendar is refused', async () => {
    const [video] = await t.database.query<{ id: string }>(
      "select id from service_types where organization_id = $1 and name = 'Video Visit'",
      [DEMO_PRACTICE_IDS[2]],
    );
    const mixed = await schedule();
    await t.database.query("update schedules set visit_types = '{Office,TeleHealth}' where id = $1", [mixed]);
    await t.database.query(
      'insert into schedule_service_types (schedule_id, service_type_id) values ($1, $2)',
      [mixed, video!.id],
    );
    const a = await createTestPatient(t, 'Vida');
    // The caller said Office; the video reason makes it a video visit.
    const byReason = await book(
      t,
      a,
      bookingBody(mixed, a.id, { ServiceType: [{ Id: video!.id, Name: 'Video Visit', Duration: 30 }] }),
    );
    expect(byReason.statusCode).toBe(200);
    expect(byReason.json.AppointmentType).toBe('TeleHealth');

    const videoOnly = await schedule();
    await t.database.query("update schedules set visit_types = '{TeleHealth}' where id = $1", [videoOnly]);
    const b = await createTestPatient(t, 'Vic');
    expect((await book(t, b, bookingBody(videoOnly, b.id))).json.AppointmentType).toBe('TeleHealth');

    const office = await schedule();
    const c = await createTestPatient(t, 'Otto');
    const refused = await book(t, c, bookingBody(office, c.id, { AppointmentType: 'TeleHealth' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors).toContainEqual(
      expect.objectContaining({ field: 'AppointmentType', rule: 'telehealth_schedule' }),
    );
    expect((await book(t, c, bookingBody(office, c.id))).json.AppointmentType).toBe('Office');
  });

  it("keeps patient B out of patient A's appointment (404), and lets A's practice read it", async () => {
    const a = await createTestPatient(t, 'Avery');
    const b = await createTestPatient(t, 'Blake');
    const id = await schedule();
    const res = await book(t, a, bookingBody(id, a.id));
    const other = await t.call<Answer<null>>({
      url: `${V2}/Appointments/${res.json.data}`,
      headers: bearer(b.token),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    const forA = await book(t, b, { ...bookingBody(id, a.id), StartTime: '2026-11-24T15:30:00.000Z' });
    expect(forA.statusCode).toBe(404);
    const practice = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
      email: 'staff3@example.com',
    });
    expect(
      (await t.call({ url: `${V2}/Appointments/${res.json.data}`, headers: bearer(practice) })).statusCode,
    ).toBe(200);
    const elsewhere = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[1],
      email: 'staff2@example.com',
    });
    expect(
      (await t.call({ url: `${V2}/Appointments/${res.json.data}`, headers: bearer(elsewhere) })).statusCode,
    ).toBe(404);
    const denied = await t.database.query(
      "select 1 from audit_events where entity_type = 'Appointment' and outcome = 'denied' and patient_id = $1",
      [a.id],
    );
    expect(denied).toHaveLength(3);
  });

  it('records the care relation with the practice in the booking itself (4.5 step 3 on the server): the practice then reads the patient, no other does', async () => {
    const a = await createTestPatient(t, 'Casey');
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
      email: 'staff3@example.com',
    });
    const elsewhere = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[1],
      email: 'staff2@example.com',
    });
    const patientUrl = `/careslot-administration/api/v2/patient/${a.id}`;
    expect((await t.call({ url: patientUrl, headers: bearer(staff) })).statusCode).toBe(404);
    const res = await book(t, a, bookingBody(await schedule(), a.id));
    expect(res.statusCode).toBe(200);
    // No browser call follows the booking: the relation is already there.
    const relations = await t.database.query<{ organization_id: string; source: string }>(
      'select organization_id, source from patient_care_relations where patient_id = $1',
      [a.id],
    );
    expect(relations).toEqual([{ organization_id: DEMO_PRACTICE_IDS[2], source: 'booking' }]);
    expect((await t.call({ url: patientUrl, headers: bearer(staff) })).statusCode).toBe(200);
    expect((await t.call({ url: patientUrl, headers: bearer(elsewhere) })).statusCode).toBe(404);
    const [patient] = await t.database.query<{ managing_organization_id: string | null }>(
      'select managing_organization_id from patients where id = $1',
      [a.id],
    );
    expect(patient?.managing_organization_id).toBeNull();
  });

  it('refuses a slot whose last place is taken by someone else, with the spec text', async () => {
    const a = await createTestPatient(t);
    const b = await createTestPatient(t);
    const id = await schedule();
    expect((await hold(t, a, id, 'session-held')).statusCode).toBe(200);
    const res = await book(t, b, bookingBody(id, b.id), { cookie: 'SessionId=session-other' });
    expect(res.statusCode).toBe(409);
    expect(res.json.message).toBe(BOOKING_MESSAGES.chooseDifferentSlot);
    expect(await t.database.query('select 1 from appointments where schedule_id = $1', [id])).toHaveLength(0);
    // The holder still books it.
    expect((await book(t, a, bookingBody(id, a.id), { cookie: 'SessionId=session-held' })).statusCode).toBe(
      200,
    );
    expect(await taken(t, id)).toBe(1);
  });

  it('answers a duplicate booking with 409 and the duplicate text, and gives the held place back', async () => {
    const a = await createTestPatient(t);
    const id = await schedule(3);
    expect((await book(t, a, bookingBody(id, a.id))).statusCode).toBe(200);
    expect((await hold(t, a, id, 'session-dup')).statusCode).toBe(200);
    expect(await taken(t, id)).toBe(2);
    const again = await book(t, a, bookingBody(id, a.id), { cookie: 'SessionId=session-dup' });
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe(DUPLICATE_BOOKING_TEXT);
    expect(await taken(t, id)).toBe(1);
  });

  it('books once for a retried request with the same Idempotency-Key', async () => {
    const a = await createTestPatient(t);
    const id = await schedule(3);
    const key = { 'idempotency-key': `key-${randomUUID()}` };
    const [first, second] = await Promise.all([
      book(t, a, bookingBody(id, a.id), key),
      book(t, a, bookingBody(id, a.id), key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json.data).toBe(first.json.data);
    expect(await t.database.query('select 1 from appointments where schedule_id = $1', [id])).toHaveLength(1);
    expect(await taken(t, id)).toBe(1);
  });

  it('books Pending on a schedule that requires approval', async () => {
    const a = await createTestPatient(t);
    const id = await schedule();
    await t.database.query('update schedules set requires_approval = true where id = $1', [id]);
    const res = await book(t, a, bookingBody(id, a.id));
    expect(res.statusCode).toBe(200);
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${res.json.data}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.Status).toBe('Pending');
    expect(t.realtime.pendingFor(a.id).map((m) => m.data)).toContainEqual(
      expect.objectContaining({
        event: 'AppointmentStatusUpdated',
        AppointmentId: res.json.data,
        Status: 'Pending',
        PreviousStatus: null,
      }),
    );
  });

  it('describes the booking, payment and verification calls in the OpenAPI document', async () => {
    const doc = await t.call<{ paths: Record<string, Record<string, unknown>> }>({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    for (const [path, method] of [
      ['/careslot-appointment-service/api/v2/Appointments', 'post'],
      ['/careslot-appointment-service/api/v2/Appointments/{id}', 'get'],
      ['/careslot-payment-service/api/v1/stripepayment/invoices/payment-intent', 'post'],
      ['/careslot-payment-service/api/v1/stripepayment/customers/payment-methods', 'post'],
      ['/careslot-notification/api/v1/otp-request/generate', 'post'],
      ['/careslot-notification/api/v1/otp-request/{id}/verify', 'post'],
    ] as const) {
      expect(doc.json.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it('names the field of bad input', async () => {
    const a = await createTestPatient(t);
    const id = await schedule();
    const noPatient = await book(t, a, {
      ...bookingBody(id, a.id),
      Participants: [{ Type: 'Practitioner', ParticipantId: demoPerson('provider').id }],
    });
    expect(noPatient.statusCode).toBe(400);
    expect(noPatient.json.errors?.[0]).toMatchObject({ field: 'Participants', rule: 'one_patient' });
    const badTime = await book(t, a, { ...bookingBody(id, a.id), StartTime: 'tomorrow' });
    expect(badTime.json.errors?.[0]?.field).toBe('body.StartTime');
    const notASlot = await book(t, a, { ...bookingBody(id, a.id), StartTime: '2026-11-24T15:10:00.000Z' });
    expect(notASlot.statusCode).toBe(409);
    expect(
      (await t.call({ method: 'POST', url: `${V2}/Appointments`, payload: bookingBody(id, a.id) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('appointments: the visit fee is authorized before, captured after the commit, cancelled on failure', () => {
  let t: TestApp;
  let feeLocation: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    feeLocation = await locationOf(t, DEMO_PRACTICE_IDS[0]);
  });
  afterAll(() => t.close());
  const schedule = (capacity = 1) =>
    createSchedule(t, { capacity, locationId: feeLocation, practitionerId: demoPerson('provider').id });

  it('refuses to book without the authorized fee, naming Payments', async () => {
    const a = await createTestPatient(t);
    const res = await book(t, a, bookingBody(await schedule(), a.id));
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]).toMatchObject({ field: 'Payments', rule: 'required' });
  });

  it('captures the authorized fee once the booking is committed', async () => {
    const a = await createTestPatient(t);
    const id = await schedule();
    const payment = await authorizeFee(t, a);
    expect(await paymentStatus(t, payment)).toBe('Uncaptured');
    const res = await book(t, a, bookingBody(id, a.id, { Payments: [{ PaymentTransactionId: payment }] }));
    expect(res.statusCode).toBe(200);
    expect(await paymentStatus(t, payment)).toBe('Captured');
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${res.json.data}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.Payments).toMatchObject([
      { Id: payment, Status: 'Captured', PaidAmount: DEMO_VISIT_FEE.uninsured, AppointmentId: res.json.data },
    ]);
    const [charge] = await t.database.query<{ status: string }>(
      'select c.status from sandbox_charges c join payment_transactions p on p.gateway_reference = c.id where p.id = $1',
      [payment],
    );
    expect(charge?.status).toBe('succeeded');
    // One payment pays for one appointment.
    const reuse = await book(
      t,
      a,
      bookingBody(id, a.id, {
        StartTime: '2026-11-24T15:30:00.000Z',
        Payments: [{ PaymentTransactionId: payment }],
      }),
    );
    expect(reuse.statusCode).toBe(400);
  });

  it('lets the practice refund a captured visit fee (4.6), but not the patient once it pays for a visit', async () => {
    const a = await createTestPatient(t);
    const payment = await authorizeFee(t, a);
    expect(
      (
        await book(
          t,
          a,
          bookingBody(await schedule(), a.id, { Payments: [{ PaymentTransactionId: payment }] }),
        )
      ).statusCode,
    ).toBe(200);
    const refund = (token: string) =>
      t.call<Answer<PaymentTransaction>>({
        method: 'POST',
        url: `${PAY}/v1/payment-processor/refund-amount`,
        headers: bearer(token),
        payload: { TransactionId: payment, Amount: DEMO_VISIT_FEE.uninsured },
      });
    const byPatient = await refund(a.token);
    expect(byPatient.statusCode).toBe(400);
    expect(byPatient.json.errors?.[0]).toMatchObject({ field: 'TransactionId', rule: 'refundable' });
    const otherPractice = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[1],
      email: 'admin2@example.com',
    });
    expect((await refund(otherPractice)).statusCode).toBe(404);
    const admin = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[0],
      email: 'admin1@example.com',
    });
    const byPractice = await refund(admin);
    expect(byPractice.statusCode).toBe(200);
    expect(byPractice.json.data.Status).toBe('Refunded');
    const [charge] = await t.database.query<{ amount_refunded_cents: number }>(
      'select c.amount_refunded_cents from sandbox_charges c join payment_transactions p on p.gateway_reference = c.id where p.id = $1',
      [payment],
    );
    expect(charge?.amount_refunded_cents).toBe(DEMO_VISIT_FEE.uninsured * 100);
    expect((await refund(admin)).statusCode).toBe(400); // refunded once
  });

  it('cancels the authorization when the slot is gone, so no money is held without a visit', async () => {
    const a = await createTestPatient(t);
    const b = await createTestPatient(t);
    const id = await schedule();
    expect(
      (
        await book(
          t,
          a,
          bookingBody(id, a.id, { Payments: [{ PaymentTransactionId: await authorizeFee(t, a) }] }),
        )
      ).statusCode,
    ).toBe(200);
    const payment = await authorizeFee(t, b);
    const res = await book(t, b, bookingBody(id, b.id, { Payments: [{ PaymentTransactionId: payment }] }));
    expect(res.statusCode).toBe(409);
    expect(await paymentStatus(t, payment)).toBe('Canceled');
  });

  it('cancels the authorization when the fee changed after it (insured now: $25, not the $75 authorized)', async () => {
    const a = await createTestPatient(t);
    const payment = await authorizeFee(t, a);
    // The patient's insurance is on file now (added after the uninsured fee was authorized).
    await t.database.query(
      "insert into coverages (id, patient_id, insurance_display) values ($1, $2, 'Aetna Choice POS II')",
      [randomUUID(), a.id],
    );
    const insured = {
      PatientCoverages: [{ Insurance: { Display: 'Aetna Choice POS II' }, SubscriberId: 'A-1' }],
      Payments: [{ PaymentTransactionId: payment }],
    };
    const res = await book(t, a, bookingBody(await schedule(), a.id, insured));
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]).toMatchObject({
      field: 'Payments.0.PaymentTransactionId',
      rule: 'authorized',
    });
    expect(await paymentStatus(t, payment)).toBe('Canceled');
    const [charge] = await t.database.query<{ status: string }>(
      'select c.status from sandbox_charges c join payment_transactions p on p.gateway_reference = c.id where p.id = $1',
      [payment],
    );
    expect(charge?.status).toBe('canceled');
  });

  it('keeps the uninsured fee for a booking that names an insurer the patient has not on file', async () => {
    const a = await createTestPatient(t);
    const payment = await authorizeFee(t, a);
    const typed = {
      PatientCoverages: [{ Insurance: { Display: 'Any Insurer Name' }, SubscriberId: 'X-1' }],
      Payments: [{ PaymentTransactionId: payment }],
    };
    const res = await book(t, a, bookingBody(await schedule(), a.id, typed));
    expect(res.statusCode).toBe(200);
    expect(await paymentStatus(t, payment)).toBe('Captured');
  });

  it("refuses another patient's authorization", async () => {
    const a = await createTestPatient(t);
    const b = await createTestPatient(t);
    const payment = await authorizeFee(t, a);
    const res = await book(
      t,
      b,
      bookingBody(await schedule(), b.id, { Payments: [{ PaymentTransactionId: payment }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]?.field).toBe('Payments.0.PaymentTransactionId');
    expect(await paymentStatus(t, payment)).toBe('Uncaptured');
  });

  it('lets exactly one of 50 patients paying for the last place book it; every other authorization is cancelled', async () => {
    const id = await schedule(1);
    const patients = await Promise.all(Array.from({ length: 50 }, () => createTestPatient(t)));
    const payments = await Promise.all(patients.map((p) => authorizeFee(t, p)));
    const results = await Promise.all(
      patients.map((p, i) =>
        book(t, p, bookingBody(id, p.id, { Payments: [{ PaymentTransactionId: payments[i] }] })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await taken(t, id)).toBe(1);
    const statuses = await Promise.all(payments.map((p) => paymentStatus(t, p)));
    expect(statuses.filter((s) => s === 'Captured')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'Canceled')).toHaveLength(49);
    const winner = codes.indexOf(200);
    expect(statuses[winner]).toBe('Captured');
  }, 300_000);
});

describe('appointments: demo practices', () => {
  it('has the second demo practice approve online bookings by hand, the others not', async () => {
    const t = await createTestApp();
    try {
      const rows = await t.database.query<{ organization_id: string; requires: boolean }>(
        `select l.organization_id, bool_or(s.requires_approval) as requires from schedules s join locations l on l.id = s.location_id
          where l.organization_id = any($1::uuid[]) group by l.organization_id`,
        [[...DEMO_PRACTICE_IDS]],
      );
      const byPractice = new Map(rows.map((r) => [r.organization_id, r.requires]));
      expect(byPractice.get(DEMO_PRACTICE_IDS[1])).toBe(true);
      expect(byPractice.get(DEMO_PRACTICE_IDS[0])).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('booking: one patient, one calendar at a time (AllowConcurrentBookings)', () => {
  let t: TestApp;
  let freeLocation: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    freeLocation = await locationOf(t, DEMO_PRACTICE_IDS[2]);
  });
  afterAll(() => t.close());
  const schedule = () =>
    createSchedule(t, { capacity: 3, locationId: freeLocation, practitionerId: demoPerson('provider').id });

  it('refuses booking a patient at a second calendar at the same minute, unless that calendar allows it', async () => {
    const a = await createTestPatient(t);
    const [first, second, lenient] = [await schedule(), await schedule(), await schedule()];
    expect((await book(t, a, bookingBody(first, a.id))).statusCode).toBe(200);
    const clash = await book(t, a, bookingBody(second, a.id));
    expect(clash.statusCode).toBe(409);
    expect(clash.json.message).toBe(
      'The patient already has an appointment at this time at another calendar',
    );
    expect(clash.json.errors?.[0]).toMatchObject({ field: 'StartTime', rule: 'concurrent_booking' });
    expect(await taken(t, second)).toBe(0);
    // Another minute is fine.
    expect(
      (await book(t, a, { ...bookingBody(second, a.id), StartTime: '2026-11-24T15:30:00.000Z' })).statusCode,
    ).toBe(200);
    // A calendar whose practice allows it takes the patient at the same minute (its admin's setting).
    const admin = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
      email: 'admin3@example.com',
    });
    await t.database.query('update schedules set organization_id = $2 where id = $1', [
      lenient,
      DEMO_PRACTICE_IDS[2],
    ]);
    const saved = await t.call<{ AllowConcurrentBookings?: boolean }>({
      method: 'PUT',
      url: `${CALENDAR}/schedulesetting/${lenient}`,
      headers: bearer(admin),
      payload: { AllowConcurrentBookings: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.AllowConcurrentBookings).toBe(true);
    expect((await book(t, a, bookingBody(lenient, a.id))).statusCode).toBe(200);
  });

  it("refuses moving a patient's visit onto a minute they are booked at another calendar, and leaves it where it was", async () => {
    const a = await createTestPatient(t);
    const [x, y] = [await schedule(), await schedule()];
    expect((await book(t, a, bookingBody(x, a.id))).statusCode).toBe(200);
    const later = await book(t, a, { ...bookingBody(y, a.id), StartTime: '2026-11-24T15:30:00.000Z' });
    expect(later.statusCode).toBe(200);
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
      email: 'staff3@example.com',
    });
    const moved = await t.call<Answer<unknown>>({
      method: 'PUT',
      url: `${V2}/appointments/${later.json.data}`,
      headers: bearer(staff),
      payload: { CalendarId: y, StartTime: SLOT },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json.errors?.[0]).toMatchObject({ field: 'StartTime', rule: 'concurrent_booking' });
    const [row] = await t.database.query<{ start_at: Date }>(
      'select start_at from appointments where id = $1',
      [later.json.data],
    );
    expect(new Date(row!.start_at).toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(await taken(t, y)).toBe(1);
  });

  it('lets exactly one of two bookings racing for the same patient and minute at two calendars through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await createTestPatient(t);
      const [x, y] = [await schedule(), await schedule()];
      const results = await Promise.all([book(t, a, bookingBody(x, a.id)), book(t, a, bookingBody(y, a.id))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.database.query('select 1 from appointments where patient_id = $1', [a.id]);
      expect(rows).toHaveLength(1);
      expect((await taken(t, x)) + (await taken(t, y))).toBe(1);
    }
  });
});
