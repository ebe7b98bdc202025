import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  PAYMENT_MESSAGES,
  type BookingResult,
  type PaymentTransaction,
  type WalletOrder,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PAYPAL_PROVIDER_ID, DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';

const PAY = '/careslot-payment-service/api';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string; message: string }[];
};
const PAYPAL_PRACTICE = DEMO_PRACTICE_IDS[2];
const SLOT = '2026-11-24T18:00:00.000Z'; // Tuesday 10:00 in Los Angeles

describe('payments: the wallet (PayPal) with the built-in local default', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  let scheduleId: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z' });
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
    const [location] = await t.database.query<{ id: string }>(
      'select s.location_id as id from schedules s join locations l on l.id = s.location_id where s.practitioner_id = $1 and l.organization_id = $2 limit 1',
      [DEMO_PAYPAL_PROVIDER_ID, PAYPAL_PRACTICE],
    );
    scheduleId = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/Los_Angeles', 30, 5, 60)`,
      [scheduleId, DEMO_PAYPAL_PROVIDER_ID, location!.id],
    );
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
      [scheduleId],
    );
  });
  afterAll(() => t.close());

  const order = (
    who: TestPatient,
    patientId: string,
    amount: number = DEMO_VISIT_FEE.uninsured,
    extra: Record<string, unknown> = {},
  ) =>
    t.call<Answer<WalletOrder>>({
      method: 'POST',
      url: `${PAY}/v1/paypalpayment/orders?amount=${amount}`,
      headers: bearer(who.token),
      payload: {
        PatientId: patientId,
        OrganizationId: PAYPAL_PRACTICE,
        EntityType: 'Provider',
        EntityId: DEMO_PAYPAL_PROVIDER_ID,
        Insured: false,
        ...extra,
      },
    });
  const answer = (who: TestPatient, id: string, approve: boolean) =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/paypalpayment/sandbox/orders/${id}/approval`,
      headers: bearer(who.token),
      payload: { Approve: approve },
    });
  const authorize = (who: TestPatient, id: string) =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/paypalpayment/orders/${id}/authorize`,
      headers: bearer(who.token),
    });
  const row = async (id: string) =>
    (
      await t.database.query<{
        status: string;
        gateway: string;
        gateway_reference: string | null;
        capture_reference: string | null;
        payment_method_id: string;
      }>('select * from payment_transactions where id = $1', [id])
    )[0]!;
  const walletOrder = async (orderId: string) =>
    (
      await t.database.query<{
        status: string;
        authorization_status: string | null;
        amount_refunded_cents: number;
      }>('select * from sandbox_wallet_orders where id = $1', [orderId])
    )[0]!;

  it('opens an order for the fee, which the payer approves in the app; authorizing then holds the money without taking it', async () => {
    const opened = await order(a, a.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json.data).toMatchObject({ ApproveUrl: null, Amount: DEMO_VISIT_FEE.uninsured });
    expect(opened.json.data.OrderId).toMatch(/^ORDER-SBX-/);
    const id = opened.json.data.TransactionId;
    expect(await row(id)).toMatchObject({
      status: 'Pending',
      gateway: 'paypal-sandbox',
      payment_method_id: opened.json.data.OrderId,
    });

    // Not approved yet: said so, and the order stays open for the payer.
    const early = await authorize(a, id);
    expect(early.statusCode).toBe(400);
    expect(early.json.message).toBe(PAYMENT_MESSAGES.walletNotApproved);
    expect(early.json.errors?.[0]).toMatchObject({ field: 'TransactionId', rule: 'approved' });
    expect((await row(id)).status).toBe('Pending');

    expect((await answer(a, id, true)).statusCode).toBe(200);
    const held = await authorize(a, id);
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({
      Status: 'Uncaptured',
      PaidAmount: 75,
      Gateway: 'paypal-sandbox',
      AppointmentId: null,
    });
    expect(held.json.data.Metadata.TransactionReferenceId).toMatch(/^AUTH-SBX-/);
    // Authorizing again answers the same authorization; answering the order again is refused.
    expect((await authorize(a, id)).json.data.Metadata.TransactionReferenceId).toBe(
      held.json.data.Metadata.TransactionReferenceId,
    );
    expect((await answer(a, id, false)).json.errors?.[0]).toMatchObject({
      field: 'TransactionId',
      rule: 'open_order',
    });
  });

  it('books with the wallet payment: captured after the commit, then refundable by the practice through its capture', async () => {
    const opened = await order(a, a.id);
    const id = opened.json.data.TransactionId;
    await answer(a, id, true);
    await authorize(a, id);
    const booked = await t.call<BookingResult>({
      method: 'POST',
      url: '/careslot-appointment-service/api/v2/Appointments',
      headers: bearer(a.token),
      payload: {
        CalendarId: scheduleId,
        StartTime: SLOT,
        AppointmentType: 'Office',
        Participants: [
          { Type: 'Patient', ParticipantId: a.id, FirstName: 'Avery', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: DEMO_PAYPAL_PROVIDER_ID },
        ],
        Payments: [{ PaymentTransactionId: id }],
      },
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.json.is_success).toBe(true);
    const paid = await row(id);
    expect(paid.status).toBe('Captured');
    expect(paid.capture_reference).toMatch(/^CAPTURE-SBX-/);
    expect((await walletOrder(paid.payment_method_id)).authorization_status).toBe('CAPTURED');

    // The patient cannot refund a payment of a booked appointment; the practice can.
    const byPatient = await t.call<Answer<null>>({
      method: 'POST',
      url: `${PAY}/v1/payment-processor/refund-amount`,
      headers: bearer(a.token),
      payload: { TransactionId: id },
    });
    expect(byPatient.statusCode).toBe(400);
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: PAYPAL_PRACTICE,
    });
    const refund = await t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/payment-processor/refund-amount`,
      headers: bearer(staff),
      payload: { TransactionId: id },
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json.data.Status).toBe('Refunded');
    expect((await walletOrder(paid.payment_method_id)).amount_refunded_cents).toBe(7500);
  });

  it('says PayPal declined when the payer declines, and keeps a Rejected transaction that no booking can use', async () => {
    const opened = await order(a, a.id);
    const id = opened.json.data.TransactionId;
    expect((await answer(a, id, false)).statusCode).toBe(200);
    const declined = await authorize(a, id);
    expect(declined.statusCode).toBe(400);
    expect(declined.json.message).toBe(PAYMENT_MESSAGES.walletDeclined);
    expect(declined.json.errors?.[0]).toMatchObject({ field: 'TransactionId', rule: 'declined' });
    expect((await row(id)).status).toBe('Rejected');
  });

  it('refuses a wrong amount, a practice not paid through PayPal, and a provider without a fee, naming the field', async () => {
    expect((await order(a, a.id, 10)).json.errors?.[0]).toMatchObject({ field: 'amount', rule: 'visit_fee' });
    const stripePractice = await order(a, a.id, DEMO_VISIT_FEE.uninsured, {
      OrganizationId: DEMO_PRACTICE_IDS[0],
      EntityId: demoPerson('provider').id,
    });
    expect(stripePractice.statusCode).toBe(400);
    expect(stripePractice.json.errors?.[0]).toMatchObject({ field: 'OrganizationId', rule: 'gateway' });
    const noFee = await order(a, a.id, DEMO_VISIT_FEE.uninsured, { EntityId: demoPerson('provider').id });
    expect(noFee.json.errors?.[0]).toMatchObject({ field: 'OrganizationId', rule: 'visit_fee' });
    const bad = await order(a, a.id, DEMO_VISIT_FEE.uninsured, { EntityId: 'someone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toBe('body.EntityId');
  });

  it("keeps patient B away from patient A's wallet orders (404)", async () => {
    const opened = await order(a, a.id);
    const id = opened.json.data.TransactionId;
    const create = await order(b, a.id);
    expect(create.statusCode).toBe(404);
    expect(create.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    expect((await answer(b, id, true)).statusCode).toBe(404);
    expect((await authorize(b, id)).statusCode).toBe(404);
    expect((await row(id)).status).toBe('Pending');
    expect((await walletOrder((await row(id)).payment_method_id)).status).toBe('CREATED');
  });

  it('answers 404 for the approval step and the authorization of a card payment', async () => {
    const [card] = await t.database.query<{ id: string }>(
      `insert into payment_transactions (id, patient_id, organization_id, gateway, amount_cents, currency, status, payment_method_id)
       values ($1, $2, $3, 'sandbox', 7500, 'usd', 'Pending', 'pm_sbx_x') returning id`,
      [randomUUID(), a.id, DEMO_PRACTICE_IDS[0]],
    );
    expect((await answer(a, card!.id, true)).statusCode).toBe(404);
    expect((await authorize(a, card!.id)).statusCode).toBe(404);
  });
});
