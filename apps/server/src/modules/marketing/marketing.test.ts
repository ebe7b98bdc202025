import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_REQUEST_RECEIVED,
  HTTP_STATUS_MESSAGES,
  messageForStatus,
  type DemoRequestList,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';

const PATH = '/careslot-marketing/api/v1/demo-requests';
type ErrorBody = {
  status_code: number;
  message: string;
  errors?: { field: string; rule: string; message: string }[];
};

const valid = {
  name: "Dr. Amara O'Neil",
  practice: 'Lakeside Family Medicine',
  email: 'amara@lakeside-fm.com',
  phone: '(312) 555-0142',
  interests: ['reputation_management_listings', 'payments'],
  message: 'We have three locations.',
  source: 'newsletter',
};

describe('marketing: demo requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SALES_EMAIL: 'sales-team@example.com', DEMO_REQUEST_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a valid request without a token and e-mails it to the sales team', async () => {
    const res = await t.call<{ status_code: number; message: string }>({
      method: 'POST',
      url: PATH,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ status_code: 201, message: DEMO_REQUEST_RECEIVED, data: null });

    const [mail] = await t.outbox.list({ to: 'sales-team@example.com', template: 'demo-request' });
    expect(mail?.subject).toBe("Demo request: Lakeside Family Medicine (Dr. Amara O'Neil)");
    expect(mail?.body).toContain('E-mail: amara@lakeside-fm.com');
    expect(mail?.body).toContain('Phone: (312) 555-0142');
    expect(mail?.body).toContain('Interested in: Reputation management & listings, Payments');
    expect(mail?.body).toContain('Campaign (utm_source): newsletter');
    expect(mail?.body).toContain('/super-user/settings/demo-requests');
  });

  it.each([
    ['name', { name: '' }, 'too_small'],
    ['name', { name: 'R2-D2' }, 'invalid_format'],
    ['practice', { practice: '   ' }, 'too_small'],
    ['email', { email: 'amara@lakeside' }, 'invalid_format'],
    ['phone', { phone: '555-01' }, 'invalid_format'],
    ['interests', { interests: [] }, 'too_small'],
    ['interests.0', { interests: ['golf'] }, 'invalid_value'],
    ['message', { message: 'x'.repeat(1001) }, 'too_big'],
  ])('rejects a bad %s with 400 naming the field and the rule', async (field, change, rule) => {
    const res = await t.call<ErrorBody>({ method: 'POST', url: PATH, payload: { ...valid, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[400]);
    expect(res.json.errors).toContainEqual(expect.objectContaining({ field: `body.${field}`, rule }));
  });

  it('rejects a request missing a required field', async () => {
    const { email: _email, ...withoutEmail } = valid;
    const res = await t.call<ErrorBody>({ method: 'POST', url: PATH, payload: withoutEmail });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.map((e) => e.field)).toContain('body.email');
  });

  it('answers a filled honeypot like a person but keeps and sends nothing', async () => {
    const before = await t.outbox.list({ template: 'demo-request' });
    const res = await t.call({
      method: 'POST',
      url: PATH,
      payload: { ...valid, practice: 'Spam Bot Clinic', website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(201);
    expect(await t.outbox.list({ template: 'demo-request' })).toHaveLength(before.length);
    const token = await tokenFor(t.tokens, { user_roles: ['superuser'] });
    const list = await t.call<DemoRequestList>({ url: PATH, headers: bearer(token) });
    expect(list.json.Data.map((r) => r.Practice)).not.toContain('Spam Bot Clinic');
  });

  it('lists requests newest first for a super user', async () => {
    await t.call({
      method: 'POST',
      url: PATH,
      payload: { ...valid, practice: 'Second Practice', source: undefined, message: undefined },
    });
    const token = await tokenFor(t.tokens, { user_roles: ['superuser'] });
    const res = await t.call<DemoRequestList>({ url: `${PATH}?Offset=1&Limit=10`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json.Total).toBeGreaterThanOrEqual(2);
    expect(res.json.Data[0]).toMatchObject({
      Practice: 'Second Practice',
      Message: null,
      Source: null,
      Interests: ['reputation_management_listings', 'payments'],
    });
    expect(res.json.Data[1]).toMatchObject({
      Name: "Dr. Amara O'Neil",
      Email: 'amara@lakeside-fm.com',
      Source: 'newsletter',
    });

    const secondPage = await t.call<DemoRequestList>({
      url: `${PATH}?Offset=2&Limit=1`,
      headers: bearer(token),
    });
    expect(secondPage.json.Data.map((r) => r.Practice)).toEqual([res.json.Data[1]!.Practice]);
  });

  it('keeps the list from anyone but super users', async () => {
    expect((await t.call({ url: PATH })).statusCode).toBe(401);
    for (const role of ['provider', 'practiceadmin', 'staff', 'patient', 'supportagent']) {
      const token = await tokenFor(t.tokens, { user_roles: [role] });
      const res = await t.call<ErrorBody>({ url: PATH, headers: bearer(token) });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('marketing: spam protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_REQUEST_LIMIT: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses more than DEMO_REQUEST_LIMIT requests from one client in ten minutes', async () => {
    const send = () =>
      t.call<ErrorBody>({ method: 'POST', url: PATH, payload: valid, remoteAddress: '203.0.113.7' });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json.message).toBe(messageForStatus(429));
    // Another client is not affected.
    const other = await t.call({ method: 'POST', url: PATH, payload: valid, remoteAddress: '198.51.100.9' });
    expect(other.statusCode).toBe(201);
  });
});
