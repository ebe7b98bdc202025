import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_CONTROL_BASE,
  SANDBOX_TEST_CARDS,
  type BookingResult,
  type FinancePracticeConfig,
  type FinanceTransaction,
  type OrganizationPaymentConfig,
  type PaymentGatewayInfo,
  type PaymentMethod,
  type PaymentTransaction,
  type VisitFeeSettings,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { seedId } from '../../seed/ids';
import { stripeConnect } from './stripe-gateway';

const PAY = '/careslot-payment-service/api';
const V2 = '/careslot-appointment-service/api/v2';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string; message: string }[];
};
const [FIRST, SECOND] = DEMO_PRACTICE_IDS;
const PROVIDER = demoPerson('provider').id; // a provider of the first practice
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York

const adminOf = (t: TestApp, organizationId: string) =>
  tokenFor(t.tokens, {
    user_roles: ['practiceadmin'],
    user_type: 'Practitioner',
    careslot_id: seedId(`test:admin:${organizationId}`),
    PracticeId: organizationId,
    email: 'admin@example.com',
  });
const financeUser = (t: TestApp) =>
  tokenFor(t.tokens, {
    user_roles: ['FinancialSuperUser'],
    user_type: 'SuperUser',
    careslot_id: seedId('test:finance'),
    email: 'finance@example.com',
  });

async function locationOf(t: TestApp, organizationId: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [organizationId],
  );
  return row!.id;
}

async function auditRows(t: TestApp, workflow: string) {
  return t.database.query<{
    action: string;
    entity_type: string;
    entity_id: string | null;
    outcome: string;
    detail: Record<string, unknown> | null;
    patient_ids: string[] | null;
  }>(
    'select action, entity_type, entity_id, outcome, detail, patient_ids from audit.events where workflow = $1 order by occurred_at',
    [workflow],
  );
}

describe('payment settings: the organization and its gateway', () => {
  let t: TestApp;
  let admin: string;
  let otherAdmin: string;
  let patient: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminOf(t, FIRST);
    otherAdmin = await adminOf(t, SECOND);
    patient = await createTestPatient(t);
  });
  afterAll(() => t.close());

  const upsert = (token: string, organizationId: string, body: Record<string, unknown>) =>
    t.call<Answer<OrganizationPaymentConfig>>({
      method: 'POST',
      url: `${PAY}/organizations/upsert?organizationId=${organizationId}`,
      headers: bearer(token),
      payload: body,
    });

  it('lists the four gateways of the spec, each with its account fields', async () => {
    const res = await t.call<Answer<PaymentGatewayInfo[]>>({
      url: `${PAY}/paymentgateways`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual([
      { GatewayName: 'stripe', DisplayName: 'Stripe', Available: true, AccountFields: ['AccountNumber'] },
      {
        GatewayName: 'fortis',
        DisplayName: 'Fortis',
        Available: true,
        AccountFields: ['AccountNumber', 'ProductId'],
      },
      {
        GatewayName: 'globalpay',
        DisplayName: 'Global Payments',
        Available: true,
        AccountFields: ['AccountNumber', 'Credential'],
      },
      { GatewayName: 'paypal', DisplayName: 'PayPal', Available: true, AccountFields: ['AccountNumber'] },
    ]);
  });

  it("saves the practice's gateway and answers its account fields masked and its credential never, to the admin and to patients", async () => {
    const saved = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: {
        GatewayName: 'GlobalPay',
        AccountNumber: 'gp-account-7788',
        Credential: 'S3cret-credential!',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data).toEqual({
      OrganizationId: FIRST,
      EnableOnlinePayment: true,
      Gateway: {
        GatewayName: 'globalpay',
        AccountNumber: 'xxxxxxxxxxt-7788',
        ProductId: null,
        CredentialSet: true,
      },
    });
    expect(saved.body).not.toContain('S3cret');
    const read = await t.call<Answer<OrganizationPaymentConfig>>({
      url: `${PAY}/organizations/get-by-organization?organizationId=${FIRST}`,
      headers: bearer(patient.token),
    });
    expect(read.json.data.Gateway).toEqual({
      GatewayName: 'globalpay',
      AccountNumber: 'xxxxxxxxxxt-7788',
      ProductId: null,
      CredentialSet: true,
    });
    expect(read.body).not.toContain('S3cret');

    // Leaving the credential out keeps it; the audit names the fields changed, never their values.
    const again = await upsert(admin, FIRST, {
      EnableOnlinePayment: false,
      Gateway: { GatewayName: 'globalpay' },
    });
    expect(again.json.data).toMatchObject({
      EnableOnlinePayment: false,
      Gateway: { CredentialSet: true, AccountNumber: 'xxxxxxxxxxt-7788' },
    });
    const audit = await auditRows(t, 'Payment_Config_Edit_Web');
    expect(audit.filter((row) => row.outcome === 'success').map((row) => row.detail?.fields)).toEqual([
      ['EnableOnlinePayment', 'GatewayName', 'AccountNumber', 'Credential'],
      ['EnableOnlinePayment', 'GatewayName'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('S3cret');

    // A new gateway starts without the old one's fields.
    const stripe = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'stripe' },
    });
    expect(stripe.json.data.Gateway).toEqual({
      GatewayName: 'stripe',
      AccountNumber: null,
      ProductId: null,
      CredentialSet: false,
    });
  });

  it('refuses unknown gateways and account fields that do not fit the gateway, naming the field', async () => {
    const unknown = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'bitcoin' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors?.[0]).toMatchObject({ field: 'body.Gateway.GatewayName' });
    const stripeAccount = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'stripe', AccountNumber: '12345' },
    });
    expect(stripeAccount.statusCode).toBe(400);
    expect(stripeAccount.json.errors?.[0]?.field).toBe('body.Gateway.AccountNumber');
    expect(stripeAccount.json.errors?.[0]?.message).toContain('Stripe account id');
    const productOnPayPal = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'paypal', ProductId: 'ABCDEFGH1234' },
    });
    expect(productOnPayPal.statusCode).toBe(400);
    expect(productOnPayPal.json.errors?.[0]?.field).toBe('body.Gateway.ProductId');
    expect(productOnPayPal.json.errors?.[0]?.message).toContain('does not apply to paypal');
    const fortis = await upsert(admin, FIRST, {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: 'fortis', AccountNumber: 'LOC11223344', ProductId: 'PRD99887766' },
    });
    expect(fortis.statusCode).toBe(200);
    expect(fortis.json.data.Gateway).toMatchObject({
      GatewayName: 'fortis',
      AccountNumber: 'xxxxxxxxxx223344',
      ProductId: 'xxxxxxxxxx887766',
    });
  });

  it("answers 404 to another practice's admin and audits the attempt; patients may not change settings", async () => {
    const before = await t.call<Answer<OrganizationPaymentConfig>>({
      url: `${PAY}/organizations/get-by-organization?organizationId=${FIRST}`,
      headers: bearer(admin),
    });
    const res = await upsert(otherAdmin, FIRST, {
      EnableOnlinePayment: false,
      Gateway: { GatewayName: null },
    });
    expect(res.statusCode).toBe(404);
    const deleted = await t.call({
      method: 'DELETE',
      url: `${PAY}/organizations/${FIRST}`,
      headers: bearer(otherAdmin),
    });
    expect(deleted.statusCode).toBe(404);
    const after = await t.call<Answer<OrganizationPaymentConfig>>({
      url: `${PAY}/organizations/get-by-organization?organizationId=${FIRST}`,
      headers: bearer(admin),
    });
    expect(after.json.data).toEqual(before.json.data);
    // Another practice's settings: 404, audited denied / other_practice (decision 0080).
    const denied = (await auditRows(t, 'Payment_Config_Edit_Web')).filter((row) => row.outcome === 'denied');
    expect(denied.map((row) => [row.action, row.entity_id])).toEqual([
      ['update', FIRST],
      ['delete', FIRST],
    ]);
    expect(
      (await upsert(patient.token, FIRST, { EnableOnlinePayment: false, Gateway: { GatewayName: null } }))
        .statusCode,
    ).toBe(403);
  });

  it('DELETE turns online payment off and removes the gateway', async () => {
    const res = await t.call<Answer<OrganizationPaymentConfig>>({
      method: 'DELETE',
      url: `${PAY}/organizations/${FIRST}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual({
      OrganizationId: FIRST,
      EnableOnlinePayment: false,
      Gateway: { GatewayName: null, AccountNumber: null, ProductId: null, CredentialSet: false },
    });
  });
});

describe('payment settings: Connect with Stripe (payee account)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminOf(t, SECOND);
  });
  afterAll(() => t.close());

  it("goes through the sandbox's authorization and keeps the connected account as the practice's Stripe account", async () => {
    const state = 'state-0123456789abcdef';
    const url = await t.call<Answer<{ Url: string }>>({
      url: `${PAY}/payee-account/connect-url?organizationId=${SECOND}&state=${state}`,
      headers: bearer(admin),
    });
    expect(url.statusCode).toBe(200);
    const back = new URL(url.json.data.Url);
    expect(back.pathname).toBe('/practice-admin/settings/payments');
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^ac_sandbox_/);

    const connected = await t.call<Answer<{ StripeAccountId: string; PracticeId: string }>>({
      url: `${PAY}/payee-account?authCode=${code}&organizationId=${SECOND}`,
      headers: bearer(admin),
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json.data.PracticeId).toBe(SECOND);
    expect(connected.json.data.StripeAccountId).toMatch(/^xxxxxxxxxx[0-9a-f]{6}$/);
    const [row] = await t.database.query<{ gateway_name: string; account_number: string }>(
      'select gateway_name, account_number from payment_org_configs where organization_id = $1',
      [SECOND],
    );
    expect(row?.gateway_name).toBe('stripe');
    expect(row?.account_number).toMatch(/^acct_sandbox[0-9a-f]{16}$/);

    const forged = await t.call<Answer<null>>({
      url: `${PAY}/payee-account?authCode=ac_madeup123456&organizationId=${SECOND}`,
      headers: bearer(admin),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json.errors?.[0]).toMatchObject({ field: 'authCode' });
    const other = await t.call({
      url: `${PAY}/payee-account?authCode=${code}&organizationId=${FIRST}`,
      headers: bearer(admin),
    });
    expect(other.statusCode).toBe(404);
  });

  it('exchanges the code with Stripe Connect when configured (a local stand-in for connect.stripe.com)', async () => {
    const seen: { auth?: string | undefined; body?: string } = {};
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.auth = req.headers.authorization;
        seen.body = body;
        const code = new URLSearchParams(body).get('code');
        res.writeHead(code === 'ac_good123456' ? 200 : 400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            code === 'ac_good123456'
              ? { stripe_user_id: 'acct_1ConnectedAbc', token_type: 'bearer' }
              : { error: 'invalid_grant' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const connect = stripeConnect({ secretKey: 'sk_test_abc123', clientId: 'ca_test123', connectUrl });
      const authorize = new URL(
        connect.authorizeUrl({
          state: 'xyz',
          returnUrl: 'https://careslot.example/practice-admin/settings/payments',
        }),
      );
      expect(authorize.pathname).toBe('/oauth/authorize');
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'ca_test123',
        scope: 'read_write',
        state: 'xyz',
      });
      expect(await connect.exchange('ac_good123456')).toBe('acct_1ConnectedAbc');
      expect(seen.auth).toBe('Bearer sk_test_abc123');
      expect(new URLSearchParams(seen.body)).toEqual(
        new URLSearchParams({ grant_type: 'authorization_code', code: 'ac_good123456' }),
      );
      await expect(connect.exchange('ac_bad1234567')).rejects.toMatchObject({ code: 'invalid_request' });
    } finally {
      server.close();
    }
  });
});

describe('payment settings: visit fees and the location gateway decide what a booking costs', () => {
  let t: TestApp;
  let admin: string;
  let otherAdmin: string;
  let patient: TestPatient;
  let location: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    admin = await adminOf(t, FIRST);
    otherAdmin = await adminOf(t, SECOND);
    patient = await createTestPatient(t, 'Morgan');
    location = await locationOf(t, FIRST);
  });
  afterAll(() => t.close());

  const setFee = (
    token: string,
    organizationId: string,
    entityId: string,
    fee: Record<string, unknown>,
    entityType = 'Provider',
  ) =>
    t.call<Answer<VisitFeeSettings>>({
      method: 'POST',
      url: `${PAY}/entityconfigurations/upsert?organizationId=${organizationId}&entityType=${entityType}&entityId=${entityId}`,
      headers: bearer(token),
      payload: { VisitFeeDetails: fee },
    });

  async function savedCard(who: TestPatient): Promise<string> {
    const saved = await t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(who.token),
      payload: {
        PatientId: who.id,
        Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
      },
    });
    return saved.json.data.Id;
  }
  const authorize = (who: TestPatient, card: string, amount: number, locationId?: string) =>
    t.call<Answer<PaymentTransaction>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${amount}`,
      headers: bearer(who.token),
      payload: {
        PatientId: who.id,
        OrganizationId: FIRST,
        EntityType: 'Provider',
        EntityId: PROVIDER,
        Insured: false,
        PaymentMethodId: card,
        ...(locationId ? { LocationId: locationId } : {}),
      },
    });

  it('keeps fees in cents, answers the spec shape beside them, and refuses amounts that are not whole, non-negative cents up to $10,000', async () => {
    const saved = await setFee(admin, FIRST, PROVIDER, {
      Enable: true,
      InsuredAmountCents: 2050,
      UninsuredAmountCents: 9137,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data).toEqual({
      OrganizationId: FIRST,
      EntityType: 'provider',
      EntityId: PROVIDER,
      VisitFeeDetails: {
        Enable: true,
        InsuredAmount: 20.5,
        UninsuredAmount: 91.37,
        InsuredAmountCents: 2050,
        UninsuredAmountCents: 9137,
      },
    });
    const [row] = await t.database.query<{ insured_cents: number; uninsured_cents: number }>(
      "select insured_cents, uninsured_cents from payment_entity_configs where organization_id = $1 and entity_type = 'provider' and entity_id = $2",
      [FIRST, PROVIDER],
    );
    expect(row).toEqual({ insured_cents: 2050, uninsured_cents: 9137 });
    const list = await t.call<Answer<{ Data: VisitFeeSettings[] }>>({
      url: `${PAY}/entityconfigurations?organizationId=${FIRST}`,
      headers: bearer(admin),
    });
    expect(
      list.json.data.Data.find((f) => f.EntityId === PROVIDER)?.VisitFeeDetails.UninsuredAmountCents,
    ).toBe(9137);

    for (const [fee, field, message] of [
      [
        { Enable: true, InsuredAmountCents: -1, UninsuredAmountCents: 100 },
        'InsuredAmountCents',
        'must not be negative',
      ],
      [
        { Enable: true, InsuredAmountCents: 100, UninsuredAmountCents: 10.5 },
        'UninsuredAmountCents',
        'must be a whole number of cents',
      ],
      [
        { Enable: true, InsuredAmountCents: 100, UninsuredAmountCents: 1_000_001 },
        'UninsuredAmountCents',
        'must be at most 1000000 cents ($10000)',
      ],
    ] as const) {
      const res = await setFee(admin, FIRST, PROVIDER, fee);
      expect(res.statusCode).toBe(400);
      expect(res.json.errors?.[0]?.field).toBe(`body.VisitFeeDetails.${field}`);
      expect(res.json.errors?.[0]?.message).toContain(message);
    }
    const badType = await setFee(
      admin,
      FIRST,
      PROVIDER,
      { Enable: true, InsuredAmountCents: 1, UninsuredAmountCents: 1 },
      'Patient',
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json.errors?.[0]).toMatchObject({ field: 'querystring.entityType' });
  });

  it("answers 404 for another practice's provider or organization, and audits it (Visit_Fee_Web)", async () => {
    const foreign = await setFee(otherAdmin, FIRST, PROVIDER, {
      Enable: true,
      InsuredAmountCents: 1,
      UninsuredAmountCents: 1,
    });
    expect(foreign.statusCode).toBe(404);
    // The other practice's own organization, but a provider who does not work there.
    const notTheirs = await setFee(otherAdmin, SECOND, PROVIDER, {
      Enable: true,
      InsuredAmountCents: 1,
      UninsuredAmountCents: 1,
    });
    expect(notTheirs.statusCode).toBe(404);
    const audit = await auditRows(t, 'Visit_Fee_Web');
    // Another practice's fee is denied (other_practice); a provider who does not work there has no fee: not_found.
    expect(
      audit.filter((row) => row.outcome !== 'success').map((row) => [row.entity_id, row.outcome]),
    ).toEqual([
      // The row names the fee's entity; its practice is in the detail.
      [PROVIDER, 'denied'],
      [PROVIDER, 'not_found'],
    ]);
    expect(audit.filter((row) => row.outcome === 'success')).toHaveLength(1);
  });

  it('asks a patient without insurance for exactly the uninsured fee the admin set, and books with it', async () => {
    const card = await savedCard(patient);
    const old = await authorize(patient, card, 75);
    expect(old.statusCode).toBe(400);
    expect(old.json.errors?.[0]).toMatchObject({
      field: 'amount',
      message: 'must be the visit fee of 91.37',
    });
    const held = await authorize(patient, card, 91.37);
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({ Status: 'Uncaptured', PaidAmount: 91.37 });
    const [stored] = await t.database.query<{ amount_cents: number }>(
      'select amount_cents from payment_transactions where id = $1',
      [held.json.data.Id],
    );
    expect(stored!.amount_cents).toBe(9137);

    const schedule = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, 1, 60)`,
      [schedule, PROVIDER, location],
    );
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
      [schedule],
    );
    const booked = await t.call<BookingResult>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(patient.token),
      payload: {
        CalendarId: schedule,
        StartTime: SLOT,
        AppointmentType: 'Office',
        Participants: [
          { Type: 'Patient', ParticipantId: patient.id, FirstName: 'Morgan', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: PROVIDER },
        ],
        Reasons: [{ Id: 'r-1', Name: 'Checkup' }],
        Payments: [{ PaymentTransactionId: held.json.data.Id }],
      },
    });
    expect(booked.statusCode).toBe(200);
    const [captured] = await t.database.query<{ status: string; appointment_id: string }>(
      'select status, appointment_id from payment_transactions where id = $1',
      [held.json.data.Id],
    );
    expect(captured).toMatchObject({ status: 'Captured', appointment_id: booked.json.data });
  });

  it("takes the fee through the location's own gateway when it names one, and the organization's again once it is removed", async () => {
    const card = await savedCard(patient);
    const setLocation = await t.call<Answer<{ Gateway: { GatewayName: string } }>>({
      method: 'POST',
      url: `${PAY}/locations/upsert?organizationId=${FIRST}&locationId=${location}`,
      headers: bearer(admin),
      payload: { Gateway: { GatewayName: 'PayPal', AccountNumber: 'ABCDEFGHJK234' } },
    });
    expect(setLocation.statusCode).toBe(200);
    expect(setLocation.json.data.Gateway).toMatchObject({
      GatewayName: 'paypal',
      AccountNumber: 'xxxxxxxxxxHJK234',
    });
    // At that location the fee goes through PayPal, so a card cannot pay it; elsewhere the organization's Stripe takes it.
    const there = await authorize(patient, card, 91.37, location);
    expect(there.statusCode).toBe(400);
    expect(there.json.errors?.[0]).toMatchObject({ field: 'OrganizationId', rule: 'gateway' });
    expect((await authorize(patient, card, 91.37)).statusCode).toBe(200);

    const list = await t.call<Answer<{ Data: { LocationId: string }[] }>>({
      url: `${PAY}/locations/batch?organizationId=${FIRST}`,
      headers: bearer(admin),
    });
    expect(list.json.data.Data.map((l) => l.LocationId)).toEqual([location]);
    expect(
      (await t.call({ method: 'DELETE', url: `${PAY}/locations/${location}`, headers: bearer(otherAdmin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `${PAY}/locations/${location}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect((await authorize(patient, card, 91.37, location)).statusCode).toBe(200);

    // Another practice's location cannot be configured from here.
    const foreignLocation = await locationOf(t, SECOND);
    const foreign = await t.call({
      method: 'POST',
      url: `${PAY}/locations/upsert?organizationId=${FIRST}&locationId=${foreignLocation}`,
      headers: bearer(admin),
      payload: { Gateway: { GatewayName: 'stripe' } },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('payment settings: a provider sets their own visit fee, and only theirs (decision 0068)', () => {
  let t: TestApp;
  let admin: string;
  let provider: string;
  let otherProvider: string;
  let resource: string;
  let patient: TestPatient;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    admin = await adminOf(t, FIRST);
    provider = await tokenFor(t.tokens, {
      user_roles: ['provider'],
      user_type: 'Practitioner',
      careslot_id: PROVIDER,
      PracticeId: FIRST,
      email: demoPerson('provider').email,
    });
    const [other] = await t.database.query<{ practitioner_id: string }>(
      "select practitioner_id from practitioner_roles where organization_id = $1 and active and 'provider' = any(codes) and practitioner_id <> $2 order by practitioner_id limit 1",
      [FIRST, PROVIDER],
    );
    otherProvider = other!.practitioner_id;
    const [service] = await t.database.query<{ id: string }>(
      'select id from healthcare_services where organization_id = $1 order by id limit 1',
      [FIRST],
    );
    resource = service!.id;
    patient = await createTestPatient(t, 'Rowan');
  });
  afterAll(() => t.close());

  const setFee = (
    token: string,
    organizationId: string,
    entityId: string,
    fee: Record<string, unknown>,
    entityType = 'provider',
  ) =>
    t.call<Answer<VisitFeeSettings>>({
      method: 'POST',
      url: `${PAY}/entityconfigurations/upsert?organizationId=${organizationId}&entityType=${entityType}&entityId=${entityId}`,
      headers: bearer(token),
      payload: { VisitFeeDetails: fee },
    });
  const feeOf = async (entityId: string) =>
    (
      await t.call<
        Answer<{
          VisitFeeDetails: { Enable: boolean; InsuredAmountCents: number; UninsuredAmountCents: number };
        }>
      >({
        url: `${PAY}/entityconfigurations/entity?organizationId=${FIRST}&entityType=provider&entityId=${entityId}`,
        headers: bearer(patient.token),
      })
    ).json.data.VisitFeeDetails;

  it('lets a provider change their own fee, in cents, and the booking asks the new amount at once', async () => {
    const saved = await setFee(provider, FIRST, PROVIDER, {
      Enable: true,
      InsuredAmountCents: 1500,
      UninsuredAmountCents: 6425,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data.VisitFeeDetails).toEqual({
      Enable: true,
      InsuredAmount: 15,
      UninsuredAmount: 64.25,
      InsuredAmountCents: 1500,
      UninsuredAmountCents: 6425,
    });
    expect(await feeOf(PROVIDER)).toMatchObject({
      Enable: true,
      InsuredAmountCents: 1500,
      UninsuredAmountCents: 6425,
    });

    // §5.3 from the configuration: an uninsured patient is asked exactly the provider's new uninsured fee.
    const card = await t.call<Answer<PaymentMethod>>({
      method: 'POST',
      url: `${PAY}/v1/stripepayment/customers/payment-methods`,
      headers: bearer(patient.token),
      payload: {
        PatientId: patient.id,
        Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
      },
    });
    const authorize = (amount: number) =>
      t.call<Answer<PaymentTransaction>>({
        method: 'POST',
        url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${amount}`,
        headers: bearer(patient.token),
        payload: {
          PatientId: patient.id,
          OrganizationId: FIRST,
          EntityType: 'Provider',
          EntityId: PROVIDER,
          Insured: false,
          PaymentMethodId: card.json.data.Id,
        },
      });
    const stale = await authorize(75);
    expect(stale.statusCode).toBe(400);
    expect(stale.json.errors?.[0]).toMatchObject({
      field: 'amount',
      message: 'must be the visit fee of 64.25',
    });
    const held = await authorize(64.25);
    expect(held.statusCode).toBe(200);
    expect(held.json.data).toMatchObject({ Status: 'Uncaptured', PaidAmount: 64.25 });

    // Switched off by the provider, no fee applies any more (§5.3: VisitFeeDetails.Enable).
    expect(
      (
        await setFee(provider, FIRST, PROVIDER, {
          Enable: false,
          InsuredAmountCents: 1500,
          UninsuredAmountCents: 6425,
        })
      ).statusCode,
    ).toBe(200);
    expect(await feeOf(PROVIDER)).toMatchObject({ Enable: false });

    const audit = await auditRows(t, 'Visit_Fee_Web');
    const changes = audit.filter(
      (row) =>
        row.outcome === 'success' && row.entity_type === 'UserPaymentConfig' && row.detail?.by === 'self',
    );
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      action: 'update',
      entity_id: PROVIDER,
      detail: { insuredCents: 1500, uninsuredCents: 6425, enabled: true },
    });
  });

  it("refuses a provider another provider's fee or a resource's (403) and another practice's (404), each audited, changing nothing", async () => {
    const before = await feeOf(otherProvider);
    const fee = { Enable: true, InsuredAmountCents: 1, UninsuredAmountCents: 1 };
    const colleague = await setFee(provider, FIRST, otherProvider, fee);
    expect(colleague.statusCode).toBe(403);
    expect((await setFee(provider, FIRST, resource, fee, 'healthcareservice')).statusCode).toBe(403);
    // Their own id under another practice: the fee of that practice is not theirs to set.
    expect((await setFee(provider, SECOND, PROVIDER, fee)).statusCode).toBe(404);
    expect(await feeOf(otherProvider)).toEqual(before);
    const denied = (await auditRows(t, 'Visit_Fee_Web')).filter((row) => row.outcome !== 'success');
    expect(denied.map((row) => [row.entity_id, row.detail?.reason ?? row.outcome])).toEqual([
      [otherProvider, 'not_permitted'],
      [resource, 'not_permitted'],
      // Their id under a practice they do not work for names no fee of it (decision 0080).
      [PROVIDER, 'not_found'],
    ]);
    // Staff and patients set no fee at all; the practice admin still sets anyone's.
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: demoPerson('staff').id,
      PracticeId: FIRST,
      email: demoPerson('staff').email,
    });
    expect((await setFee(staff, FIRST, PROVIDER, fee)).statusCode).toBe(403);
    expect((await setFee(patient.token, FIRST, PROVIDER, fee)).statusCode).toBe(403);
    const byAdmin = await setFee(admin, FIRST, otherProvider, {
      Enable: true,
      InsuredAmountCents: 2000,
      UninsuredAmountCents: 4000,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(
      (
        await setFee(admin, FIRST, PROVIDER, {
          Enable: true,
          InsuredAmountCents: 2500,
          UninsuredAmountCents: 5000,
        })
      ).json.data.VisitFeeDetails.UninsuredAmountCents,
    ).toBe(5000);
  });

  it('names the field of a bad amount for a provider as for the admin', async () => {
    const res = await setFee(provider, FIRST, PROVIDER, {
      Enable: true,
      InsuredAmountCents: 12.5,
      UninsuredAmountCents: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]).toMatchObject({ field: 'body.VisitFeeDetails.InsuredAmountCents' });
    expect(res.json.errors?.[0]?.message).toContain('must be a whole number of cents');
  });

  it("refuses a provider their own fee while the practice has switched providers' settings off (403, audited)", async () => {
    const configurations = await t.call<{ Data: { Id: string; EntityId: string }[] }>({
      method: 'POST',
      url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/get`,
      headers: bearer(admin),
      payload: { OrganizationId: FIRST },
    });
    const providers = configurations.json.Data.find((c) => c.EntityId === 'provider')!;
    const toggle = (Enabled: boolean) =>
      t.call({
        method: 'PUT',
        url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/${providers.Id}`,
        headers: bearer(admin),
        payload: { Services: [{ ServiceCode: 'settings', Enabled }] },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    const fee = { Enable: true, InsuredAmountCents: 700, UninsuredAmountCents: 900 };
    expect((await setFee(provider, FIRST, PROVIDER, fee)).statusCode).toBe(403);
    const [feature] = await t.database.query<{ outcome: string; workflow: string }>(
      "select outcome, workflow from audit.events where entity_type = 'Feature' and entity_id = 'settings' order by occurred_at desc limit 1",
    );
    expect(feature).toEqual({ outcome: 'denied', workflow: 'Visit_Fee_Web' });
    // The admin's settings cannot be switched off, so the admin still sets the fee.
    expect((await setFee(admin, FIRST, PROVIDER, fee)).statusCode).toBe(200);
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await setFee(provider, FIRST, PROVIDER, fee)).statusCode).toBe(200);
  });
});

describe('finance: the financial super user reads payments across practices', () => {
  let t: TestApp;
  let finance: string;
  let a: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    finance = await financeUser(t);
    a = await createTestPatient(t, 'Quinn');
    const insert = (id: string, organizationId: string, cents: number, status: string, at: string) =>
      t.database.query(
        `insert into payment_transactions (id, patient_id, organization_id, gateway, gateway_reference, amount_cents, status, created_at, updated_at) values ($1, $2, $3, 'sandbox', $4, $5, $6, $7, $7)`,
        [id, a.id, organizationId, `ch_${id.slice(0, 8)}`, cents, status, at],
      );
    await insert(seedId('test:tx:1'), DEMO_PRACTICE_IDS[0], 7500, 'Captured', '2026-11-20T10:00:00Z');
    await insert(seedId('test:tx:2'), DEMO_PRACTICE_IDS[1], 2500, 'Refunded', '2026-11-21T10:00:00Z');
    await insert(seedId('test:tx:3'), DEMO_PRACTICE_IDS[2], 9137, 'Uncaptured', '2026-11-22T10:00:00Z');
  });
  afterAll(() => t.close());

  const list = (query: string, token = finance) =>
    t.call<Answer<{ Data: FinanceTransaction[]; Total: number }>>({
      url: `${PAY}/v1/finance/transactions?${query}`,
      headers: bearer(token),
    });

  it('answers amount, status, gateway, date and practice, newest first and paged, and nothing about the patient', async () => {
    const page = await list('limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json.data.Total).toBe(3);
    expect(page.json.data.Data.map((r) => [r.AmountCents, r.Status])).toEqual([
      [9137, 'Uncaptured'],
      [2500, 'Refunded'],
    ]);
    expect(page.json.data.Data[0]!.PracticeName).toEqual(expect.any(String));
    expect(Object.keys(page.json.data.Data[0]!).sort()).toEqual([
      'AmountCents',
      'CreatedOn',
      'Currency',
      'Gateway',
      'GatewayReference',
      'Id',
      'OrganizationId',
      'PracticeName',
      'Status',
    ]);
    expect(page.body).not.toContain(a.id);
    expect((await list('limit=2&offset=2')).json.data.Data.map((r) => r.AmountCents)).toEqual([7500]);
  });

  it('filters by practice, dates and status, and refuses a bad date naming the field', async () => {
    expect(
      (await list(`organizationId=${DEMO_PRACTICE_IDS[1]}`)).json.data.Data.map((r) => r.AmountCents),
    ).toEqual([2500]);
    expect((await list('from=2026-11-21&to=2026-11-21')).json.data.Data.map((r) => r.AmountCents)).toEqual([
      2500,
    ]);
    expect((await list('status=Captured')).json.data.Data.map((r) => r.AmountCents)).toEqual([7500]);
    const bad = await list('from=21/11/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]).toMatchObject({ field: 'querystring.from' });
  });

  it("audits every read, naming the patients whose payments it showed, and shows every practice's configuration masked", async () => {
    const configs = await t.call<Answer<{ Data: FinancePracticeConfig[] }>>({
      url: `${PAY}/v1/finance/payment-configurations`,
      headers: bearer(finance),
    });
    expect(configs.statusCode).toBe(200);
    expect(configs.json.data.Data.map((c) => c.OrganizationId).sort()).toEqual([...DEMO_PRACTICE_IDS].sort());
    const first = configs.json.data.Data.find((c) => c.OrganizationId === DEMO_PRACTICE_IDS[0]);
    expect(first).toMatchObject({ EnableOnlinePayment: true, Gateway: { GatewayName: 'stripe' } });
    expect(first?.VisitFees).toBeGreaterThan(0);
    const audit = await auditRows(t, 'Finance_Payments_View_Web');
    expect(audit.length).toBeGreaterThanOrEqual(6);
    expect(audit.every((row) => row.action === 'search' && row.outcome === 'success')).toBe(true);
    expect(audit.some((row) => row.patient_ids?.includes(a.id))).toBe(true);
  });

  it('is for the financial super user only: read-only, and closed to practices, patients and the super user', async () => {
    for (const roles of [['practiceadmin'], ['superuser'], ['patient']]) {
      const token = await tokenFor(t.tokens, {
        user_roles: roles,
        careslot_id: seedId(`test:${roles[0]}`),
        PracticeId: DEMO_PRACTICE_IDS[0],
      });
      expect((await list('', token)).statusCode).toBe(403);
      expect(
        (await t.call({ url: `${PAY}/v1/finance/payment-configurations`, headers: bearer(token) }))
          .statusCode,
      ).toBe(403);
    }
    const change = await t.call({
      method: 'POST',
      url: `${PAY}/organizations/upsert?organizationId=${DEMO_PRACTICE_IDS[0]}`,
      headers: bearer(finance),
      payload: { EnableOnlinePayment: false, Gateway: { GatewayName: null } },
    });
    expect(change.statusCode).toBe(403);
  });
});
