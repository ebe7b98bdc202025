import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS_MESSAGES } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../testing/app';
import { recordAudit } from './audit';
import { settableClock } from './clock';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness', async () => {
    expect((await t.call({ url: '/healthz' })).json).toEqual({ status: 'ok' });
    const ready = await t.call<{ status: string }>({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json.status).toBe('ready');
  });

  it('answers an unknown API route with 404 in the spec envelope', async () => {
    const res = await t.call({ method: 'POST', url: '/careslot-administration/api/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ status_code: 404, message: HTTP_STATUS_MESSAGES[404], data: null });
  });

  it('refuses a malformed bearer token with 401 and the spec message', async () => {
    const res = await t.call({ url: '/healthz', headers: { authorization: 'Bearer not-a-jwt' } });
    expect(res.statusCode).toBe(401);
    expect(res.json).toMatchObject({ status_code: 401, message: HTTP_STATUS_MESSAGES[401] });
  });

  it('refuses an expired token', async () => {
    const token = await tokenFor(t.tokens, { user_roles: ['patient'] }, -10);
    const res = await t.call({ url: '/healthz', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('sends security headers and a strict content security policy', async () => {
    const res = await t.call({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // No <base> may be injected (issue 24 item 9).
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /docs/json', async () => {
    const res = await t.call<{ openapi: string; paths: Record<string, unknown> }>({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    expect(Object.keys(res.json.paths)).toContain('/healthz');
  });

  it('keeps the audit trail append-only', async () => {
    const context = { actorId: 'u1', actorType: 'Patient', ip: '127.0.0.1', userAgent: 'test' };
    await recordAudit(t.database, context, {
      action: 'read',
      entityType: 'Patient',
      entityId: 'p1',
      patientId: 'p1',
      outcome: 'success',
    });
    const rows = await t.database.query<{ actor_id: string; outcome: string }>(
      "select actor_id, outcome from audit_events where entity_id = 'p1'",
    );
    expect(rows).toEqual([{ actor_id: 'u1', outcome: 'success' }]);
    await expect(t.database.query("update audit_events set outcome = 'failure'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('delete from audit_events')).rejects.toThrow(/append-only/);
  });
});

describe('outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps e-mail and SMS readable at the developer page when no transport is configured', async () => {
    const { id } = await t.outbox.send({
      channel: 'email',
      to: 'Ana@Example.com',
      subject: 'Hello',
      body: 'Code 123456',
      template: 'password-reset',
    });
    await t.outbox.send({ channel: 'sms', to: '+12125550147', body: 'Your code is 654321', template: 'otp' });
    const res = await t.call<{ messages: { to: string; body: string; status: string }[] }>({
      url: '/dev/outbox?to=ana@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.messages).toHaveLength(1);
    // Readable at once; its delivery job (the local default's) then keeps it as stored.
    expect(res.json.messages[0]).toMatchObject({
      id,
      to: 'Ana@Example.com',
      body: 'Code 123456',
      status: 'pending',
    });
    await t.jobs.runDue();
    const delivered = await t.call<{ messages: { status: string }[] }>({
      url: '/dev/outbox?to=ana@example.com',
    });
    expect(delivered.json.messages[0]).toMatchObject({ status: 'stored' });
  });

  it('keeps an e-mail attachment byte for byte and gives it back with the message', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Cita con la Dra. Núñez\r\nEND:VCALENDAR\r\n';
    await t.outbox.send({
      channel: 'email',
      to: 'lu@example.com',
      subject: 'Confirmed',
      body: 'See you soon',
      template: 'appointment-confirmation',
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    });
    const res = await t.call<{
      messages: { attachments?: { filename: string; contentType: string; content: string }[] }[];
    }>({
      url: '/dev/outbox?to=lu@example.com',
    });
    expect(res.json.messages[0]!.attachments).toEqual([
      { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
    ]);
    const plain = await t.call<{ messages: Record<string, unknown>[] }>({
      url: '/dev/outbox?to=ana@example.com',
    });
    expect(plain.json.messages[0]).not.toHaveProperty('attachments');
  });

  it('names the field and the rule when a query value is out of range', async () => {
    const res = await t.call<{ errors: { field: string; rule: string }[] }>({
      url: '/dev/outbox?limit=9999',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ field: 'querystring.limit', rule: 'too_big' });
  });
});

describe("the developer tools' settable clock", () => {
  it("sets the product's time to an instant it runs on from, puts it back, and is refused on a system clock", async () => {
    const clock = settableClock();
    const t = await createTestApp({ clock });
    try {
      const at = '2031-03-04T05:06:00.000Z';
      const set = await t.call<{ Now: string }>({ method: 'PUT', url: '/dev/clock', payload: { At: at } });
      expect(set.statusCode).toBe(200);
      expect(Date.parse(set.json.Now) - Date.parse(at)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(set.json.Now) - Date.parse(at)).toBeLessThan(60_000);
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse(at));
      const bad = await t.call<{ errors: { field: string }[] }>({
        method: 'PUT',
        url: '/dev/clock',
        payload: { At: 'tomorrow' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json.errors[0]?.field).toBe('body.At');
      await t.call({ method: 'PUT', url: '/dev/clock', payload: { At: null } });
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
    const fixed = await createTestApp();
    try {
      const res = await fixed.call({ method: 'PUT', url: '/dev/clock', payload: { At: null } });
      expect(res.statusCode).toBe(404);
    } finally {
      await fixed.close();
    }
  });
});

describe('app config', () => {
  it('tells the web app whether the landing page is on, whether the calendar is disabled and where to sign in', async () => {
    const t = await createTestApp({
      env: {
        LANDING_ENABLED: 'false',
        DISABLE_CALENDAR: 'true',
        PUBLIC_URL: 'http://care.example',
        EHR_SYSTEM_URL: 'https://ehr.example.test',
      },
    });
    try {
      const res = await t.call<{
        landingEnabled: boolean;
        calendarDisabled: boolean;
        ehrSystemUrl: string;
        oidc: { issuer: string; clientId: string };
      }>({
        url: '/api/app-config',
      });
      expect(res.json.landingEnabled).toBe(false);
      expect(res.json.calendarDisabled).toBe(true);
      expect(res.json.ehrSystemUrl).toBe('https://ehr.example.test');
      expect(res.json.oidc).toMatchObject({
        issuer: 'http://care.example/realms/careslot',
        clientId: 'careslot_web_app',
      });
    } finally {
      await t.close();
    }
  });
});
