import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  PAYMENT_MESSAGES,
  SANDBOX_TEST_CARDS,
  type PaymentMethod,
  type PaymentTransaction,
} from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';
import type { fixedClock } from '../../platform/clock';
import { settleOpenPayments } from './service';
import * as store from './store';

const PAY = '/careslot-payment-service/api';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};
const PRACTICE = DEMO_PRACTICE_IDS[0];
const PROVIDER = demoPerson('provider').id;

describe('payments: visit fee configuration', () => {
  let t: TestApp;
  let a: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t);
  });
  afterAll(() => t.close());

  it('answers the organization, location and entity levels of the demo practice', async () => {
    const org = await t.call<Answer<unknown>>({
      url: `${PAY}/organizations/get-by-organization?organizationId=${PRACTICE}`,
      headers: bearer(a.token),
    });
    expect(org.statusCode).toBe(200);
    expect(org.json.data).toEqual({
      OrganizationId: PRACTICE,
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'stripe', AccountNumber: null, ProductId: null, CredentialSet: false },
    });
    const entity = await t.call<Answer<unknown>>({
      url: `${PAY}/entityconfigurations/entity?organizationId=${PRACTICE}&entityType=Provider&entityId=${PROVIDER}`,
      headers: bearer(a.token),
    });
    expect(entity.json.data).toEqual({
      OrganizationId: PRACTICE,
      EntityType: 'provider',
      EntityId: PROVIDER,
      VisitFeeDetails: {
        Enable: true,
        InsuredAmount: DEMO_VISIT_FEE.insured,
        UninsuredAmount: DEMO_VISIT_FEE.uninsured,
        InsuredAmountCents: DEMO_VISIT_FEE.insured * 100,
        UninsuredAmountCents: DEMO_VISIT_FEE.uninsured * 100,
      },
    });
    // The third practice is paid through PayPal (decision 0024), for one provider only.
    const third = await t.call<Answer<{ EnableOnlinePayment: boolean; Gateway: { GatewayName: string } }>>({
      url: `${PAY}/organizations/get-by-organization?organizationId=${DEMO_PRACTICE_IDS[2]}`,
      headers: bearer(a.token),
    });
    expect(third.json.data).toMatchObject({ EnableOnlinePayment: true, Gateway: { GatewayName: 'paypal' } });
    const other = await t.call<Answer<{ VisitFeeDetails: { Enable: boolean } }>>({
      url: `${PAY}/entityconfigurations/entity?organizationId=${DEMO_PRACTICE_IDS[2]}&entityType=Provider&entityId=${PROVIDER}`,
      headers: bearer(a.token),
    });
    expect(other.json.data.VisitFeeDetails.Enable).toBe(false);
    expect(
      (await t.call({ url: `${PAY}/organizations/get-by-organization?organizationId=${PRACTICE}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('payments: cards and visit-fee authorization on the sandbox', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
  });
  afterAll(() => t.close());

  const saveCard = (who: TestPatient, patientId: string, number: string) =>
    t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(who.token),
      payload: { PatientId: patientId, Card: { Number: number, ExpMonth: 12, ExpYear: 2031, Cvc: '123' } },
    });
  const authorize = (
    who: TestPatient,
    patientId: string,
    methodId: string,
    amount: number,
    insured = false,
  ) =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${amount}`,
      headers: bearer(who.token),
      payload: {
        PatientId: patientId,
        OrganizationId: PRACTICE,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: insured,
        PaymentMethodId: methodId,
      },
    });

  it('saves a test card, lists it masked, and authorizes the uninsured fee without capturing it', async () => {
    const saved = await saveCard(a, a.id, '4242 4242 4242 4242');
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data).toMatchObject({ Brand: 'visa', Last4: '4242', MaskedNumber: 'xxxxxxxxxx4242' });
    const list = await t.call<{ status_code: number; data: { data: PaymentMethod[] } }>({
      url: `${PAY}/v1/stripepayment/customers/payment-methods?patientId=${a.id}`,
      headers: bearer(a.token),
    });
    expect(list.json.data.data.map((m) => m.Id)).toEqual([saved.json.data.Id]);

    const held = await authorize(a, a.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured);
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({
      Status: 'Uncaptured',
      PaidAmount: 75,
      Gateway: 'sandbox',
      PatientId: a.id,
      AppointmentId: null,
    });
    expect(held.json.data.Metadata.TransactionReferenceId).toMatch(/^ch_sbx_/);

    const read = await t.call<Answer<PaymentTransaction>>({
      url: `${PAY}/paymenttransaction/${held.json.data.Id}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.Status).toBe('Uncaptured');
    // No money without a visit: a payment that pays for no appointment is never captured.
    const capture = await t.call<Answer<null>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/capture-amount`,
      headers: bearer(a.token),
      payload: { TransactionId: held.json.data.Id },
    });
    expect(capture.statusCode).toBe(400);
    expect(capture.json.errors?.[0]?.field).toBe('TransactionId');
  });

  const addCoverage = async (patientId: string, status = 'Active', display = 'Blue Cross PPO') => {
    const id = randomUUID();
    await t.database.query(
      'insert into coverages (id, patient_id, insurance_display, status) values ($1, $2, $3, $4)',
      [id, patientId, display, status],
    );
    return id;
  };

  it('refuses an amount that is not the visit fee, naming the field', async () => {
    const saved = await saveCard(a, a.id, SANDBOX_TEST_CARDS.success);
    const wrong = await authorize(a, a.id, saved.json.data.Id, 1, true);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors?.[0]).toMatchObject({ field: 'amount', rule: 'visit_fee' });
  });

  it('charges the insured fee only when the patient has insurance on file; saying "insured" is not enough', async () => {
    const c = await createTestPatient(t, 'Corey');
    const saved = await saveCard(c, c.id, SANDBOX_TEST_CARDS.success);
    // No coverage on file: the insured fee is refused, naming the fee that applies.
    const claimed = await authorize(c, c.id, saved.json.data.Id, DEMO_VISIT_FEE.insured, true);
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json.errors?.[0]).toMatchObject({
      field: 'amount',
      rule: 'visit_fee',
      message: `must be the visit fee of ${DEMO_VISIT_FEE.uninsured.toFixed(2)}`,
    });
    expect(
      (await authorize(c, c.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured, true)).json.data.PaidAmount,
    ).toBe(DEMO_VISIT_FEE.uninsured);
    // A cancelled coverage, or another patient's, does not count; neither does a self-pay "insurance".
    await addCoverage(c.id, 'Cancelled');
    await addCoverage(c.id, 'Active', 'Self pay');
    const others = await addCoverage(b.id);
    expect((await authorize(c, c.id, saved.json.data.Id, DEMO_VISIT_FEE.insured, true)).statusCode).toBe(400);
    const named = await t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.insured}`,
      headers: bearer(c.token),
      payload: {
        PatientId: c.id,
        OrganizationId: PRACTICE,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: true,
        CoverageId: others,
        PaymentMethodId: saved.json.data.Id,
      },
    });
    expect(named.statusCode).toBe(400);
    // An active coverage of the patient's own: the insured fee.
    await addCoverage(c.id);
    const insured = await authorize(c, c.id, saved.json.data.Id, DEMO_VISIT_FEE.insured, true);
    expect(insured.statusCode).toBe(200);
    expect(insured.json.data.PaidAmount).toBe(DEMO_VISIT_FEE.insured);
  });

  it('answers a declined card and insufficient funds with clear texts, keeping a Rejected transaction', async () => {
    const declined = await saveCard(a, a.id, SANDBOX_TEST_CARDS.decline);
    const res = await authorize(a, a.id, declined.json.data.Id, DEMO_VISIT_FEE.uninsured);
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(PAYMENT_MESSAGES.declined);
    expect(res.json.errors?.[0]).toMatchObject({ field: 'PaymentMethodId', rule: 'declined' });
    const poor = await saveCard(a, a.id, SANDBOX_TEST_CARDS.insufficientFunds);
    const res2 = await authorize(a, a.id, poor.json.data.Id, DEMO_VISIT_FEE.uninsured);
    expect(res2.json.message).toBe(PAYMENT_MESSAGES.insufficientFunds);
    const rejected = await t.database.query<{ status: string }>(
      "select status from payment_transactions where patient_id = $1 and status = 'Rejected'",
      [a.id],
    );
    expect(rejected).toHaveLength(2);
  });

  it("keeps patient B away from patient A's cards, payments and balance (404)", async () => {
    const saved = await saveCard(a, a.id, SANDBOX_TEST_CARDS.success);
    const held = await authorize(a, a.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured);

    const list = await t.call<Answer<null>>({
      url: `${PAY}/v1/stripepayment/customers/payment-methods?patientId=${a.id}`,
      headers: bearer(b.token),
    });
    expect(list.statusCode).toBe(404);
    expect(list.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    expect((await saveCard(b, a.id, SANDBOX_TEST_CARDS.success)).statusCode).toBe(404);
    expect((await authorize(b, a.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured)).statusCode).toBe(404);
    // B's own customer does not own A's card.
    const own = await authorize(b, b.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured);
    expect(own.statusCode).toBe(400);
    expect(own.json.errors?.[0]?.field).toBe('PaymentMethodId');
    expect(
      (await t.call({ url: `${PAY}/paymenttransaction/${held.json.data.Id}`, headers: bearer(b.token) }))
        .statusCode,
    ).toBe(404);
    const refund = await t.call({
      method: 'POST',
      url: `${PAY}/v1/payment-processor/refund-amount`,
      headers: bearer(b.token),
      payload: { TransactionId: held.json.data.Id },
    });
    expect(refund.statusCode).toBe(404);
    const balance = await t.call({
      method: 'POST',
      url: `${PAY}/v1/web/patientbalance`,
      headers: bearer(b.token),
      payload: { PatientId: a.id },
    });
    expect(balance.statusCode).toBe(404);
    const denied = await t.database.query(
      "select 1 from audit_events where patient_id = $1 and outcome = 'denied'",
      [a.id],
    );
    expect(denied.length).toBeGreaterThanOrEqual(5);
  });

  it("answers the patient's balance with the held payment and masked card", async () => {
    const c = await createTestPatient(t, 'Casey');
    const saved = await saveCard(c, c.id, SANDBOX_TEST_CARDS.success);
    const held = await authorize(c, c.id, saved.json.data.Id, DEMO_VISIT_FEE.uninsured);
    const balance = await t.call<Answer<Record<string, unknown>>>({
      method: 'POST',
      url: `${PAY}/v1/web/patientbalance`,
      headers: bearer(c.token),
      payload: { PatientId: c.id, OrganizationId: PRACTICE },
    });
    expect(balance.json.data).toMatchObject({
      OrganizationId: PRACTICE,
      PatientId: c.id,
      PaymentTransactionId: held.json.data.Id,
      PaidAmount: 0,
      CardDetails: 'xxxxxxxxxx4242',
      AppointmentIds: [],
    });
  });
});

describe('payments: the reconciler settles what a crash left half-done', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z' });
  });
  afterAll(() => t.close());
  const clock = () => t.clock as ReturnType<typeof fixedClock>;

  async function authorized(who: TestPatient): Promise<string> {
    const saved = await t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(who.token),
      payload: {
        PatientId: who.id,
        Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
      },
    });
    const held = await t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
      headers: bearer(who.token),
      payload: {
        PatientId: who.id,
        OrganizationId: PRACTICE,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: false,
        PaymentMethodId: saved.json.data.Id,
      },
    });
    return held.json.data.Id;
  }
  const state = async (id: string) =>
    (
      await t.database.query<{ status: string; charge: string }>(
        'select p.status, c.status as charge from payment_transactions p join sandbox_charges c on c.id = p.gateway_reference where p.id = $1',
        [id],
      )
    )[0];

  it('captures a committed booking left uncaptured, cancels a claim whose booking never committed and an unused authorization', async () => {
    const patient = await createTestPatient(t);
    const booked = await authorized(patient);
    const crashed = await authorized(patient);
    const unused = await authorized(patient);
    const fresh = await authorized(patient);
    const appointmentId = randomUUID();
    // A booking that committed (claimed and tied) and then died before its capture.
    expect(await store.claimForAppointment(t.database, booked, appointmentId, clock().now())).toBe(true);
    expect(await store.attachToAppointment(t.database, booked, appointmentId)).toBe(true);
    // A booking that claimed its payment and died before its transaction committed.
    expect(await store.claimForAppointment(t.database, crashed, randomUUID(), clock().now())).toBe(true);

    clock().advance(5 * 60_000);
    await settleOpenPayments(t.app.deps);
    expect(await state(booked)).toEqual({ status: 'Captured', charge: 'succeeded' });
    expect(await state(crashed)).toEqual({ status: 'Canceled', charge: 'canceled' });
    expect(await state(unused)).toEqual({ status: 'Uncaptured', charge: 'requires_capture' });

    clock().advance(25 * 60_000);
    await settleOpenPayments(t.app.deps);
    expect(await state(unused)).toEqual({ status: 'Canceled', charge: 'canceled' });
    expect(await state(fresh)).toEqual({ status: 'Canceled', charge: 'canceled' });
    // A settled payment is never settled again, and a cancelled one can no longer pay for a booking.
    expect(await settleOpenPayments(t.app.deps)).toBe(0);
    expect(await store.claimForAppointment(t.database, unused, randomUUID(), clock().now())).toBe(false);
  });

  it('cancels the gateway authorization of a payment left Pending with no reference (a crash between the gateway call and the row), and one that never reached the gateway', async () => {
    const patient = await createTestPatient(t);
    const orphan = await authorized(patient);
    const [charge] = await t.database.query<{ gateway_reference: string }>(
      'select gateway_reference from payment_transactions where id = $1',
      [orphan],
    );
    // As the row stood when the server died: Pending, no reference (the authorization itself went through).
    await t.database.query(
      "update payment_transactions set status = 'Pending', gateway_reference = null, updated_at = $2 where id = $1",
      [orphan, clock().now().toISOString()],
    );
    const never = await authorized(patient);
    // This one never reached the gateway: no charge exists.
    await t.database.query(
      'delete from sandbox_charges where id = (select gateway_reference from payment_transactions where id = $1)',
      [never],
    );
    await t.database.query(
      "update payment_transactions set status = 'Pending', gateway_reference = null, updated_at = $2 where id = $1",
      [never, clock().now().toISOString()],
    );

    clock().advance(5 * 60_000);
    await settleOpenPayments(t.app.deps);
    // Still young: a payment page may be waiting on the gateway.
    expect((await store.transaction(t.database, orphan))?.status).toBe('Pending');

    clock().advance(25 * 60_000);
    expect(await settleOpenPayments(t.app.deps)).toBeGreaterThanOrEqual(2);
    expect(await state(orphan)).toEqual({ status: 'Canceled', charge: 'canceled' });
    expect((await store.transaction(t.database, orphan))?.gateway_reference).toBe(charge!.gateway_reference);
    expect(await store.transaction(t.database, never)).toMatchObject({
      status: 'Canceled',
      gateway_reference: null,
    });
    const live = await t.database.query<{ n: number }>(
      "select count(*)::int as n from sandbox_charges c join payment_transactions p on p.payment_method_id = c.payment_method_id where p.patient_id = $1 and c.status = 'requires_capture'",
      [patient.id],
    );
    expect(live[0]!.n).toBe(0);
  });
});

describe('payments: the reconciler gives back the hold of a booking it undoes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z' });
  });
  afterAll(() => t.close());
  const SLOT = '2026-11-24T15:00:00.000Z';

  it('releases the slot hold of a claimed-but-never-committed booking before the hold expires, and announces the slot', async () => {
    const clock = t.clock as ReturnType<typeof fixedClock>;
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [PRACTICE],
    );
    const scheduleId = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, 1, 60)`,
      [scheduleId, PROVIDER, location!.id],
    );
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
      [scheduleId],
    );
    const patient = await createTestPatient(t);
    const held = await t.call({
      method: 'POST',
      url: '/careslot-calendar/api/v2/slot/reserve',
      headers: bearer(patient.token),
      payload: { SlotIds: [`${scheduleId}_${SLOT}`] },
    });
    expect(held.statusCode).toBe(200);
    const holds = async () =>
      (await t.database.query('select 1 from slot_holds where schedule_id = $1', [scheduleId])).length;
    expect(await holds()).toBe(1);

    const saved = await t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(patient.token),
      payload: {
        PatientId: patient.id,
        Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
      },
    });
    const authorized = await t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
      headers: bearer(patient.token),
      payload: {
        PatientId: patient.id,
        OrganizationId: PRACTICE,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: false,
        PaymentMethodId: saved.json.data.Id,
      },
    });
    // The booking claimed its payment from this hold, then the server died before its transaction committed.
    const claimed = await store.claimForAppointment(
      t.database,
      authorized.json.data.Id,
      randomUUID(),
      clock.now(),
      { scheduleId, start: new Date(SLOT), sessionId: `user:sub-${patient.id}` },
    );
    expect(claimed).toBe(true);

    const publish = vi.spyOn(t.realtime, 'publish');
    clock.advance(5 * 60_000); // the claimed age; the hold itself would last until 10 minutes
    expect(await settleOpenPayments(t.app.deps)).toBe(1);
    expect((await store.transaction(t.database, authorized.json.data.Id))?.status).toBe('Canceled');
    expect(await holds()).toBe(0);
    const [capacity] = await t.database.query<{ taken: number }>(
      'select taken from slot_capacity where schedule_id = $1',
      [scheduleId],
    );
    expect(capacity?.taken).toBe(0);
    const announced = publish.mock.calls.map(([options]) => options).filter((o) => o.hub === 'calendar');
    expect(announced.map((o) => o.event)).toContain('SlotAdded');
    expect(announced.find((o) => o.event === 'SlotAdded')?.data).toMatchObject({
      SlotId: `${scheduleId}_${SLOT}`,
      ScheduleId: scheduleId,
    });

    // The place is free again for someone else at once.
    const other = await createTestPatient(t);
    const again = await t.call({
      method: 'POST',
      url: '/careslot-calendar/api/v2/slot/reserve',
      headers: bearer(other.token),
      payload: { SlotIds: [`${scheduleId}_${SLOT}`] },
    });
    expect(again.statusCode).toBe(200);
    publish.mockRestore();
  });
});
