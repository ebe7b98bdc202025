import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, CardFieldSession } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import {
  FORTIS_CREDENTIALS,
  FORTIS_MERCHANT,
  GLOBALPAY_APP,
  fortisStandIn,
  globalPayStandIn,
  type StandIn,
} from '../../testing/fake-gateways';
import { DEMO_PRACTICE_IDS } from '../../seed';
import * as store from './store';

const PAY = '/careslot-payment-service/api';
const PRACTICE = DEMO_PRACTICE_IDS[0];
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

/** A directive of the policy without helmet's per-response nonce. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().replace(/ 'nonce-[0-9a-f]+'/, ''))
    .find((d) => d.startsWith(`${name} `)) ?? null;

/**
 * The hosted card fields of Fortis and Global Payments (decision 0077): the web is told which are live, the content
 * security policy lets in only their scripts and frames, and the server starts each field with its own token.
 */
describe('payments: hosted card fields of Fortis and Global Payments', () => {
  let t: TestApp;
  let fortis: Awaited<ReturnType<typeof fortisStandIn>>;
  let globalpay: Awaited<ReturnType<typeof globalPayStandIn>>;
  let location: string;
  let patient: string;
  beforeAll(async () => {
    [fortis, globalpay] = await Promise.all([fortisStandIn(), globalPayStandIn()]);
    t = await createTestApp({
      env: {
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
    patient = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: randomUUID(),
      email: 'pat@example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([fortis, globalpay].map((s: StandIn) => s.close()));
  });

  const gateway = async (org: store.GatewayWrite, at: store.GatewayWrite | null = null) => {
    await store.upsertOrgConfig(t.database, t.secrets, PRACTICE, true, org, new Date());
    if (at) await store.upsertLocationConfig(t.database, t.secrets, PRACTICE, location, at, new Date());
    else await store.deleteLocationConfig(t.database, PRACTICE, location);
  };
  const start = (
    path: 'v1/fortispayment/elements/intention' | 'v1/globalpayment/access-token',
    payload: Record<string, unknown>,
  ) =>
    t.call<Answer<CardFieldSession>>({
      method: 'POST',
      url: `${PAY}/${path}`,
      headers: bearer(patient),
      payload,
    });

  it("tells the web which hosted fields are live and lets only their scripts and frames into the page's policy", async () => {
    const res = await t.call<AppConfig>({ url: '/api/app-config' });
    // The stand-ins run on 127.0.0.1, not on a sandbox host: the production environment's field.
    expect(res.json.payments?.hostedCardFields).toEqual({ fortis: 'production', globalpay: 'production' });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://js.fortis.tech https://js.globalpay.com",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://js.fortis.tech https://js.globalpay.com",
    );
  });

  it("starts Fortis Elements with a tokenization intention on the practice's location and product", async () => {
    await gateway({
      gatewayName: 'fortis',
      accountNumber: FORTIS_MERCHANT.locationId,
      productId: FORTIS_MERCHANT.productId,
      credential: null,
    });
    const res = await start('v1/fortispayment/elements/intention', {
      OrganizationId: PRACTICE,
      LocationId: location,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ Gateway: 'fortis', Environment: 'production' });
    expect(res.json.data.Token).toMatch(/^ct_[0-9a-f]{32}$/);
    const call = fortis.calls.find((c) => c.path === '/v1/elements/transaction/intention');
    expect(call?.body).toEqual({
      action: 'tokenization',
      location_id: FORTIS_MERCHANT.locationId,
      methods: [{ type: 'cc', product_transaction_id: FORTIS_MERCHANT.productId }],
    });
  });

  it("starts Global Payments' hosted fields with a token of the location's app that may only make a card token", async () => {
    await gateway(
      { gatewayName: 'globalpay', accountNumber: null, productId: null, credential: null },
      {
        gatewayName: 'globalpay',
        accountNumber: GLOBALPAY_APP.appId,
        productId: null,
        credential: GLOBALPAY_APP.appKey,
      },
    );
    const res = await start('v1/globalpayment/access-token', {
      OrganizationId: PRACTICE,
      LocationId: location,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.Gateway).toBe('globalpay');
    expect(globalpay.limitedTokens.get(res.json.data.Token)).toEqual(['PMT_POST_Create_Single']);
    expect(JSON.stringify(res.json)).not.toContain(GLOBALPAY_APP.appKey);
  });

  it("refuses to start a gateway's field the practice does not take payments through, naming the field", async () => {
    await gateway({
      gatewayName: 'fortis',
      accountNumber: FORTIS_MERCHANT.locationId,
      productId: FORTIS_MERCHANT.productId,
      credential: null,
    });
    const res = await start('v1/globalpayment/access-token', {
      OrganizationId: PRACTICE,
      LocationId: location,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors).toEqual([expect.objectContaining({ field: 'OrganizationId', rule: 'gateway' })]);
    const bad = await start('v1/fortispayment/elements/intention', { OrganizationId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toBe('body.OrganizationId');
  });
});

describe('payments: hosted card fields while the sandbox stands in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads no gateway script: the policy stays self, the web shows the sandbox form, and no field can be started', async () => {
    const res = await t.call<AppConfig>({ url: '/api/app-config' });
    expect(res.json.payments?.hostedCardFields).toEqual({ fortis: null, globalpay: null });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-src')).toBeNull();
    await store.upsertOrgConfig(
      t.database,
      t.secrets,
      PRACTICE,
      true,
      {
        gatewayName: 'fortis',
        accountNumber: FORTIS_MERCHANT.locationId,
        productId: FORTIS_MERCHANT.productId,
        credential: null,
      },
      new Date(),
    );
    const patient = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: randomUUID(),
      email: 'pat2@example.com',
    });
    const start = await t.call<Answer<unknown>>({
      method: 'POST',
      url: `${PAY}/v1/fortispayment/elements/intention`,
      headers: bearer(patient),
      payload: { OrganizationId: PRACTICE },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json.errors).toEqual([
      expect.objectContaining({ field: 'OrganizationId', rule: 'hosted_field' }),
    ]);
  });
});
