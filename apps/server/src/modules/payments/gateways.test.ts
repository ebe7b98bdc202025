import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  type PaymentGatewayInfo,
  type PaymentMethod,
  type PaymentTransaction,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import {
  FORTIS_CREDENTIALS,
  FORTIS_MERCHANT,
  FORTIS_TOKENS,
  GLOBALPAY_APP,
  GLOBALPAY_TOKENS,
  fortisStandIn,
  globalPayStandIn,
  stripeStandIn,
  type StandIn,
} from '../../testing/fake-gateways';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';
import * as store from './store';

const PAY = '/careslot-payment-service/api';
const V2 = '/careslot-appointment-service/api/v2';
const PRACTICE = DEMO_PRACTICE_IDS[0];
const PROVIDER = demoPerson('provider').id;
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York
const CONNECTED = 'acct_1PracticeOne00001';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

/**
 * A visit booked and paid through each real adapter (Stripe's destination charge, Fortis, Global Payments), end
 * to end through the API and the service layer, against local stand-ins of the gateways' APIs: authorize before,
 * capture after the booking commits, the practice refunds. The practice's account comes from its payment settings.
 */
describe('payments: a booking paid through each gateway, with the practice as payee', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof stripeStandIn>>;
  let fortis: Awaited<ReturnType<typeof fortisStandIn>>;
  let globalpay: Awaited<ReturnType<typeof globalPayStandIn>>;
  let location: string;
  let admin: string;
  beforeAll(async () => {
    [stripe, fortis, globalpay] = await Promise.all([stripeStandIn(), fortisStandIn(), globalPayStandIn()]);
    t = await createTestApp({
      now: '2026-11-23T13:40:00Z',
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_API_URL: stripe.url,
        FORTIS_USER_ID: FORTIS_CREDENTIALS.userId,
        FORTIS_USER_API_KEY: FORTIS_CREDENTIALS.userApiKey,
        FORTIS_DEVELOPER_ID: FORTIS_CREDENTIALS.developerId,
        FORTIS_API_URL: fortis.url,
        GLOBALPAY_API_URL: `${globalpay.url}/ucp`,
      },
    });
    [{ id: location }] = (await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [PRACTICE],
    )) as [{ id: string }];
    admin = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: PRACTICE,
      email: 'admin1@example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe, fortis, globalpay].map((s: StandIn) => s.close()));
  });

  const schedule = async () => {
    const id = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, 1, 60)`,
      [id, PROVIDER, location],
    );
    for (let weekday = 1; weekday <= 5; weekday += 1) {
      await t.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [id, weekday],
      );
    }
    return id;
  };
  const gateway = async (org: store.GatewayWrite, at: store.GatewayWrite | null = null) => {
    await store.upsertOrgConfig(t.database, t.secrets, PRACTICE, true, org, new Date());
    if (at) await store.upsertLocationConfig(t.database, t.secrets, PRACTICE, location, at, new Date());
    else await store.deleteLocationConfig(t.database, PRACTICE, location);
  };
  /** The spec's authorization call of each card provider (A: Stripe, B: Fortis, C: Global Payments). */
  const PATHS = {
    stripe: 'v1/stripepayment/invoices/payment-intent',
    fortis: 'v1/fortispayment/invoices/payment-intent',
    globalpay: 'v1/globalpayment/process-amount',
  };
  const authorize = (who: TestPatient, paymentMethodId: string, path: keyof typeof PATHS = 'stripe') =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/${PATHS[path]}?amount=${DEMO_VISIT_FEE.uninsured}`,
      headers: bearer(who.token),
      payload: {
        PatientId: who.id,
        OrganizationId: PRACTICE,
        LocationId: location,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: false,
        PaymentMethodId: paymentMethodId,
      },
    });
  const book = async (who: TestPatient, payment: string) =>
    t.call<Answer<string>>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(who.token),
      payload: {
        CalendarId: await schedule(),
        StartTime: SLOT,
        AppointmentType: 'Office',
        Participants: [
          { Type: 'Patient', ParticipantId: who.id, FirstName: 'Casey', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: PROVIDER },
        ],
        Reasons: [{ Id: 'r-1', Name: 'Annual checkup' }],
        Payments: [{ PaymentTransactionId: payment }],
      },
    });
  const refund = (payment: string) =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/payment-processor/refund-amount`,
      headers: bearer(admin),
      payload: { TransactionId: payment },
    });
  const status = async (id: string) =>
    (
      await t.database.query<{ status: string; card_details: string | null }>(
        'select status, card_details from payment_transactions where id = $1',
        [id],
      )
    )[0];

  it('lists all four gateways as available on a server with their credentials', async () => {
    const res = await t.call<Answer<PaymentGatewayInfo[]>>({
      url: `${PAY}/paymentgateways`,
      headers: bearer(admin),
    });
    expect(res.json.data.map((g) => [g.GatewayName, g.Available])).toEqual([
      ['stripe', true],
      ['fortis', true],
      ['globalpay', true],
      ['paypal', true],
    ]);
  });

  it("Stripe: a destination charge to the practice's connected account, refunded with its transfer reversed", async () => {
    await gateway({ gatewayName: 'stripe', accountNumber: CONNECTED, productId: null, credential: null });
    const a = await createTestPatient(t, 'Avery');
    const saved = await t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(a.token),
      payload: { PatientId: a.id, PaymentMethodId: 'pm_card_visa' },
    });
    expect(saved.statusCode).toBe(200);
    const held = await authorize(a, saved.json.data.Id);
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({
      Status: 'Uncaptured',
      Gateway: 'stripe',
      PaidAmount: DEMO_VISIT_FEE.uninsured,
    });
    const create = stripe.calls.find((c) => c.path === '/v1/payment_intents' && c.method === 'POST')!;
    const form = create.body as URLSearchParams;
    expect(form.get('amount')).toBe(String(DEMO_VISIT_FEE.uninsured * 100));
    expect(form.get('transfer_data[destination]')).toBe(CONNECTED);
    expect(form.get('on_behalf_of')).toBe(CONNECTED);
    expect(form.get('application_fee_amount')).toBeNull(); // the spec sets no platform fee
    expect(create.headers['idempotency-key']).toBe(`authorize:${held.json.data.Id}`);

    expect((await book(a, held.json.data.Id)).statusCode).toBe(200);
    expect((await status(held.json.data.Id))?.status).toBe('Captured');
    expect(
      stripe.calls.some(
        (c) => c.path.endsWith('/capture') && c.headers['idempotency-key'] === `capture:${held.json.data.Id}`,
      ),
    ).toBe(true);

    const back = await refund(held.json.data.Id);
    expect(back.statusCode).toBe(200);
    expect(back.json.data.Status).toBe('Refunded');
    const refundCall = stripe.calls.find((c) => c.path === '/v1/refunds')!;
    expect((refundCall.body as URLSearchParams).get('reverse_transfer')).toBe('true');
    expect(refundCall.headers['idempotency-key']).toMatch(/^refund:pi_standin_/);
  });

  it("Fortis: the token of Fortis's card field is held at the practice's location, completed after booking, refunded", async () => {
    await gateway({
      gatewayName: 'fortis',
      accountNumber: FORTIS_MERCHANT.locationId,
      productId: FORTIS_MERCHANT.productId,
      credential: null,
    });
    const a = await createTestPatient(t, 'Blake');
    const held = await authorize(a, FORTIS_TOKENS.visa, 'fortis');
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({ Status: 'Uncaptured', Gateway: 'fortis' });
    expect((await status(held.json.data.Id))?.card_details).toBe('xxxxxxxxxx1111');
    const reference = held.json.data.Metadata.TransactionReferenceId;
    expect(fortis.transactions.get(reference)).toMatchObject({
      location_id: FORTIS_MERCHANT.locationId,
      product_transaction_id: FORTIS_MERCHANT.productId,
      transaction_amount: DEMO_VISIT_FEE.uninsured * 100,
    });

    expect((await book(a, held.json.data.Id)).statusCode).toBe(200);
    expect((await status(held.json.data.Id))?.status).toBe('Captured');
    expect(fortis.transactions.get(reference)?.status_code).toBe(101);

    const back = await refund(held.json.data.Id);
    expect(back.json.data.Status).toBe('Refunded');
    expect(
      [...fortis.transactions.values()].find((row) => row.previous_transaction_id === reference),
    ).toMatchObject({ status_code: 111, transaction_amount: DEMO_VISIT_FEE.uninsured * 100 });

    // A declined card: the patient reads the decline, the transaction is kept Rejected.
    const declined = await authorize(a, FORTIS_TOKENS.decline, 'fortis');
    expect(declined.statusCode).toBe(400);
    expect(declined.json.message).toBe(PAYMENT_MESSAGES.declined);
    expect(declined.json.errors?.[0]).toMatchObject({ field: 'PaymentMethodId', rule: 'declined' });
  });

  it("Global Payments: the location's own app signs in, holds the hosted fields' token, captures after booking, refunds", async () => {
    await gateway(
      { gatewayName: 'globalpay', accountNumber: null, productId: null, credential: null },
      {
        gatewayName: 'globalpay',
        accountNumber: GLOBALPAY_APP.appId,
        productId: null,
        credential: GLOBALPAY_APP.appKey,
      },
    );
    const a = await createTestPatient(t, 'Corey');
    const held = await authorize(a, GLOBALPAY_TOKENS.visa, 'globalpay');
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({ Status: 'Uncaptured', Gateway: 'globalpay' });
    // The app key (the location's Credential) is in no answer: settings read masked, transactions never carry it.
    const settings = await t.call({
      url: `${PAY}/locations/get-by-location?organizationId=${PRACTICE}&locationId=${location}`,
      headers: bearer(a.token),
    });
    expect(settings.body).not.toContain(GLOBALPAY_APP.appKey);
    expect(JSON.stringify(held.json)).not.toContain(GLOBALPAY_APP.appKey);
    const reference = held.json.data.Metadata.TransactionReferenceId;

    expect((await book(a, held.json.data.Id)).statusCode).toBe(200);
    expect((await status(held.json.data.Id))?.status).toBe('Captured');
    expect(globalpay.transactions.get(reference)?.status).toBe('CAPTURED');

    const back = await refund(held.json.data.Id);
    expect(back.json.data.Status).toBe('Refunded');
    expect(
      [...globalpay.transactions.values()].find(
        (row) => row.type === 'REFUND' && row.reference === held.json.data.Id,
      ),
    ).toMatchObject({ amount: String(DEMO_VISIT_FEE.uninsured * 100) });

    const poor = await authorize(a, GLOBALPAY_TOKENS.insufficientFunds, 'globalpay');
    expect(poor.statusCode).toBe(400);
    expect(poor.json.message).toBe(PAYMENT_MESSAGES.insufficientFunds);
    // Global Payments down: the patient is told to try again (503), the transaction is Rejected.
    const down = await authorize(a, GLOBALPAY_TOKENS.serverError, 'globalpay');
    expect(down.statusCode).toBe(503);
  });
});
