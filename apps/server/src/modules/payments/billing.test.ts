import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_TEST_CARDS,
  type BookingResult,
  type Invoice,
  type InvoiceAggregate,
  type InvoicePage,
  type PaymentMethod,
  type PaymentRefund,
  type PaymentTransaction,
} from '@careslot/contracts';
import { createPatient } from '../patients';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';
import * as ledger from './invoice-store';
import { settlePendingRefunds } from './refunds';
import { gateways } from './service';

const V2 = '/careslot-appointment-service/api/v2';
const PAY = '/careslot-payment-service/api';
const NOW = '2026-11-23T13:40:00Z';
const SLOT = '2026-11-24T15:00:00.000Z';
const PRACTICE = DEMO_PRACTICE_IDS[0];
const FEE = DEMO_VISIT_FEE.uninsured * 100;
type Answer<T> = { data: T; message: string; errors?: { field: string; rule: string }[] };
type FixedClock = TestApp['clock'] & { advance(ms: number): void };

interface Patient {
  id: string;
  email: string;
  token: string;
}

async function patient(t: TestApp): Promise<Patient> {
  const email = `bill-${randomUUID().slice(0, 8)}@example.com`;
  const created = await createPatient(t.database, {
    firstName: 'Robin',
    lastName: 'Payer',
    email,
    emailVerified: true,
    birthDate: '1988-02-03',
    gender: 'Female',
    mobile: '(917) 555-0177',
    mobileVerified: true,
    languages: ['en'],
  });
  const token = await tokenFor(
    t.tokens,
    {
      sub: `sub-${created.Id}`,
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: created.Id,
      email,
    },
    24 * 3600,
  );
  return { id: created.Id, email, token };
}

async function schedule(t: TestApp): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [PRACTICE],
  );
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, 8, 60)`,
    [id, demoPerson('provider').id, location!.id],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1)
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  return id;
}

/** A patient books a visit of the demo practice with its visit fee, paid by card: the appointment's id. */
async function bookWithFee(t: TestApp, who: Patient): Promise<{ appointmentId: string; paymentId: string }> {
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
      EntityId: demoPerson('provider').id,
      Insured: false,
      PaymentMethodId: saved.json.data.Id,
    },
  });
  const booked = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: await schedule(t),
      StartTime: SLOT,
      AppointmentType: 'Office',
      Participants: [
        { Type: 'Patient', ParticipantId: who.id, FirstName: 'Robin', LastName: 'Payer' },
        { Type: 'Practitioner', ParticipantId: demoPerson('provider').id },
      ],
      Reasons: [{ Id: null, Name: 'Check-up' }],
      Payments: [{ PaymentTransactionId: held.json.data.Id }],
    },
  });
  expect(booked.statusCode).toBe(200);
  await t.events.drain();
  return { appointmentId: booked.json.data, paymentId: held.json.data.Id };
}

const adminOf = (t: TestApp, organizationId: string, roles = ['practiceadmin']) =>
  tokenFor(
    t.tokens,
    {
      user_roles: roles,
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: organizationId,
      email: `admin-${randomUUID().slice(0, 6)}@example.com`,
    },
    24 * 3600,
  );

describe('billing: invoices, the ledger, refunds and copay requests (decision 0098)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await adminOf(t, PRACTICE);
  });
  afterAll(() => t.close());

  const invoiceOf = (token: string, appointmentId: string) =>
    t.call<Answer<Invoice>>({
      url: `${PAY}/v1/invoices/reference-entity?type=Appointment&id=${appointmentId}`,
      headers: bearer(token),
    });
  const refund = (token: string, payload: Record<string, unknown>) =>
    t.call<Answer<PaymentRefund>>({
      method: 'POST',
      url: `${PAY}/v1/payment-processor/refunds`,
      headers: bearer(token),
      payload,
    });
  const chargeOf = async (paymentId: string) =>
    (
      await t.database.query<{ amount_refunded_cents: number }>(
        'select c.amount_refunded_cents from sandbox_charges c join payment_transactions p on p.gateway_reference = c.id where p.id = $1',
        [paymentId],
      )
    )[0]!.amount_refunded_cents;

  it('makes one invoice per booked visit from its event, with the fee charged and the captured payment posted (balance 0)', async () => {
    const robin = await patient(t);
    const { appointmentId, paymentId } = await bookWithFee(t, robin);
    const invoice = await invoiceOf(admin, appointmentId);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json.data).toMatchObject({
      PatientName: 'Robin Payer',
      Status: 'Paid',
      ChargedCents: FEE,
      PaidCents: FEE,
      BalanceCents: 0,
    });
    expect(invoice.json.data.Entries.map((e) => [e.Kind, e.AmountCents, e.TransactionId])).toEqual([
      ['charge', FEE, paymentId],
      ['payment', -FEE, paymentId],
    ]);
    // Heard again (a redelivery), the consumer posts nothing twice.
    await t.database.query('update domain_event_deliveries set status = status');
    const search = await t.call<Answer<InvoicePage>>({
      method: 'POST',
      url: `${PAY}/v1/invoices/advance-search`,
      headers: bearer(admin),
      payload: { PatientId: robin.id },
    });
    expect(search.json.data.Total).toBe(1);
    expect(search.json.data.Data[0]!.Entries).toHaveLength(2);
  });

  it("creates a practice's invoice of other charges (POST v1/invoices), and adds charges to a visit's own invoice", async () => {
    const robin = await patient(t);
    const { appointmentId } = await bookWithFee(t, robin);
    const create = (payload: Record<string, unknown>) =>
      t.call<Answer<Invoice>>({ method: 'POST', url: `${PAY}/v1/invoices`, headers: bearer(admin), payload });
    const created = await create({
      OrganizationId: PRACTICE,
      PatientId: robin.id,
      Lines: [
        { Category: 'other', AmountCents: 1250, Description: 'Records copy' },
        { Category: 'other', AmountCents: 300 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json.message).toBe('The invoice was created');
    expect(created.json.data).toMatchObject({
      OrganizationId: PRACTICE,
      PatientId: robin.id,
      PatientName: 'Robin Payer',
      AppointmentId: null,
      Status: 'Open',
      ChargedCents: 1550,
      PaidCents: 0,
      BalanceCents: 1550,
    });
    // Both lines are posted at the same instant: compared in amount order.
    const lines = created.json.data.Entries.map((e) => [e.Kind, e.Category, e.AmountCents, e.Description]);
    expect(lines.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      ['charge', 'other', 300, null],
      ['charge', 'other', 1250, 'Records copy'],
    ]);
    // Naming the visit, the charge lands on the visit's invoice (the fee paid, so 800 is now owed there).
    const onVisit = await create({
      OrganizationId: PRACTICE,
      PatientId: robin.id,
      AppointmentId: appointmentId,
      Lines: [{ Category: 'other', AmountCents: 800, Description: 'Supplies' }],
    });
    expect(onVisit.statusCode).toBe(200);
    expect(onVisit.json.data).toMatchObject({
      AppointmentId: appointmentId,
      Status: 'Open',
      ChargedCents: FEE + 800,
      BalanceCents: 800,
    });
    const mine = await t.call<Answer<InvoiceAggregate>>({
      url: `${PAY}/v1/invoiceaggregator/${robin.id}`,
      headers: bearer(robin.token),
    });
    expect(mine.json.data.BalanceCents).toBe(1550 + 800);
    // A line without an amount names the field and the rule.
    const bad = await create({
      OrganizationId: PRACTICE,
      PatientId: robin.id,
      Lines: [{ Category: 'other' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('AmountCents');
  });

  it('keeps another practice and another patient away from the invoice (404), and lists none of it for them', async () => {
    const robin = await patient(t);
    const { appointmentId, paymentId } = await bookWithFee(t, robin);
    const other = await adminOf(t, DEMO_PRACTICE_IDS[1]);
    expect((await invoiceOf(other, appointmentId)).statusCode).toBe(404);
    const stranger = await patient(t);
    expect((await invoiceOf(stranger.token, appointmentId)).statusCode).toBe(404);
    expect((await invoiceOf(robin.token, appointmentId)).statusCode).toBe(200);
    const search = await t.call<Answer<InvoicePage>>({
      method: 'POST',
      url: `${PAY}/v1/invoices/advance-search`,
      headers: bearer(other),
      payload: { PatientId: robin.id },
    });
    expect(search.json.data.Total).toBe(0);
    expect(
      (
        await refund(other, {
          TransactionId: paymentId,
          AmountCents: 100,
          Reason: 'Not ours',
          IdempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    // A patient cannot refund the practice's payment (403 for the practice's staff, 404 for the patient).
    expect(
      (
        await refund(robin.token, {
          TransactionId: paymentId,
          AmountCents: 100,
          Reason: 'Please',
          IdempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refunds part with a reason once under retries, keeps the ledger summing to the balance, and e-mails the receipt', async () => {
    const robin = await patient(t);
    const { appointmentId, paymentId } = await bookWithFee(t, robin);
    const key = randomUUID();
    const body = {
      TransactionId: paymentId,
      AmountCents: 2000,
      Reason: 'Visit ran short',
      IdempotencyKey: key,
    };
    const first = await refund(admin, body);
    expect(first.statusCode).toBe(200);
    expect(first.json.data).toMatchObject({
      Status: 'Succeeded',
      AmountCents: 2000,
      Reason: 'Visit ran short',
    });
    const again = await refund(admin, body);
    expect(again.json.data.Id).toBe(first.json.data.Id);
    expect(await chargeOf(paymentId)).toBe(2000);
    // The same key for another amount is refused; more than is left is refused, naming the field.
    expect((await refund(admin, { ...body, AmountCents: 10 })).json.errors?.[0]).toMatchObject({
      field: 'IdempotencyKey',
      rule: 'reused',
    });
    const over = await refund(admin, { ...body, AmountCents: FEE, IdempotencyKey: randomUUID() });
    expect(over.statusCode).toBe(400);
    expect(over.json.errors?.[0]).toMatchObject({ field: 'AmountCents', rule: 'max' });

    const invoice = (await invoiceOf(admin, appointmentId)).json.data;
    expect(invoice).toMatchObject({
      ChargedCents: FEE,
      PaidCents: FEE,
      RefundedCents: 2000,
      AdjustedCents: 2000,
      BalanceCents: 0,
    });
    expect(invoice.Entries.reduce((sum, e) => sum + e.AmountCents, 0)).toBe(invoice.BalanceCents);
    expect(invoice.Refunds).toMatchObject([
      { AmountCents: 2000, Reason: 'Visit ran short', Gateway: 'sandbox' },
    ]);

    // The rest, in a second refund: the payment is then Refunded.
    const rest = await refund(admin, { ...body, AmountCents: FEE - 2000, IdempotencyKey: randomUUID() });
    expect(rest.statusCode).toBe(200);
    expect(await chargeOf(paymentId)).toBe(FEE);
    const [row] = await t.database.query<{ status: string }>(
      'select status from payment_transactions where id = $1',
      [paymentId],
    );
    expect(row!.status).toBe('Refunded');

    const mine = await t.call<Answer<InvoiceAggregate>>({
      url: `${PAY}/v1/invoiceaggregator/${robin.id}`,
      headers: bearer(robin.token),
    });
    expect(mine.json.data).toMatchObject({ BalanceCents: 0, PaidCents: FEE, RefundedCents: FEE });
    await t.events.drain();
    const receipts = await t.outbox.list({ to: robin.email, template: 'refund-receipt' });
    expect(receipts).toHaveLength(2);
    expect(receipts.map((r) => r.body).join('\n')).toContain('Reason: Visit ran short');
  });

  it('finishes a refund the gateway made before a crash once, from the reconciler, without refunding twice', async () => {
    const robin = await patient(t);
    const { appointmentId, paymentId } = await bookWithFee(t, robin);
    const invoice = (await ledger.invoiceOfAppointment(t.database, appointmentId))!;
    const pending = (await ledger.insertRefund(t.database, {
      id: randomUUID(),
      transactionId: paymentId,
      invoiceId: invoice.id,
      organizationId: PRACTICE,
      patientId: robin.id,
      amountCents: 1500,
      reason: 'Duplicate charge',
      idempotencyKey: randomUUID(),
      createdBy: 'admin',
      now: t.clock.now(),
    }))!;
    // The crash point 'after-gateway-refund': the gateway refunded under the refund's key, our row never heard.
    const [payment] = await t.database.query<{ gateway_reference: string }>(
      'select gateway_reference from payment_transactions where id = $1',
      [paymentId],
    );
    await gateways(t)
      .byStoredName('sandbox')
      .refund(payment!.gateway_reference, 1500, null, `refund:${pending.id}`);
    (t.clock as FixedClock).advance(5 * 60_000);
    expect(await settlePendingRefunds({ ...t, outbox: t.outbox })).toBe(1);
    expect(await settlePendingRefunds({ ...t, outbox: t.outbox })).toBe(0);
    expect(await chargeOf(paymentId)).toBe(1500);
    const after = (await invoiceOf(admin, appointmentId)).json.data;
    expect(after).toMatchObject({ RefundedCents: 1500, BalanceCents: 0 });
    expect(after.Refunds[0]!.Status).toBe('Succeeded');
  });

  it('asks for a copay by SMS with a payment link, and takes it once from the link', async () => {
    const robin = await patient(t);
    const { appointmentId } = await bookWithFee(t, robin);
    const asked = await t.call<Answer<{ Id: string; Status: string }>>({
      method: 'POST',
      url: `${PAY}/v1/web/appointment-copay/request`,
      headers: bearer(admin),
      payload: { AppointmentId: appointmentId, AmountCents: 2500, Channel: 'sms' },
    });
    expect(asked.statusCode).toBe(200);
    await t.events.drain();
    const [sms] = await t.outbox.list({ template: 'copay-request' });
    expect(sms!.channel).toBe('sms');
    const token = new URL(/(https?:\/\/\S+)/.exec(sms!.body)![1]!).searchParams.get('token')!;
    const link = await t.call<Answer<{ AmountCents: number; Status: string }>>({
      url: `${PAY}/v1/web/appointment-copay?token=${token}`,
    });
    expect(link.json.data).toMatchObject({ AmountCents: 2500, Status: 'Sent' });
    const pay = () =>
      t.call<Answer<{ Status: string }>>({
        method: 'POST',
        url: `${PAY}/v1/web/appointment-copay/pay`,
        payload: {
          Token: token,
          Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
        },
      });
    expect((await pay()).json.data.Status).toBe('Paid');
    expect((await pay()).statusCode).toBe(400);
    const invoice = (await invoiceOf(admin, appointmentId)).json.data;
    expect(invoice).toMatchObject({ ChargedCents: FEE + 2500, PaidCents: FEE + 2500, BalanceCents: 0 });
    await t.events.drain();
    expect(await t.outbox.list({ to: robin.email, template: 'payment-receipt' })).toHaveLength(1);
  });
});
