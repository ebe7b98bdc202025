import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  INVALID_OTP,
  OTP_MESSAGES,
  type OtpRequest,
  type Patient,
  type PatientSettings,
} from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import type { fixedClock } from '../../platform/clock';
import { toE164 } from './service';

const V1 = '/careslot-notification/api/v1';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

function generate(t: TestApp, who: TestPatient, body: Record<string, unknown>, validFor?: number) {
  return t.call<Answer<OtpRequest>>({
    method: 'POST',
    url: `${V1}/otp-request/generate${validFor === undefined ? '' : `?validFor=${validFor}`}`,
    headers: bearer(who.token),
    payload: body,
  });
}

const verify = (t: TestApp, who: TestPatient, id: string, otp: string) =>
  t.call<Answer<OtpRequest>>({
    method: 'POST',
    url: `${V1}/otp-request/${id}/verify?otp=${otp}`,
    headers: bearer(who.token),
  });

const resend = (t: TestApp, who: TestPatient, id: string) =>
  t.call<Answer<OtpRequest>>({
    method: 'POST',
    url: `${V1}/otp-request/resend`,
    headers: bearer(who.token),
    payload: { Id: id },
  });

async function latestCode(t: TestApp, phone: string): Promise<string> {
  const [message] = await t.outbox.list({ to: phone, template: 'otp', limit: 1 });
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
let phoneCounter = 0;
/** A distinct US mobile per test, so the per-phone send limit of one test never touches another. */
const nextPhone = () => `(212) 555-${String(1000 + (phoneCounter += 1)).slice(-4)}`;
const e164 = (phone: string) => toE164(phone, 'US')!;

describe('phone numbers by region', () => {
  it('accepts 10-digit US numbers and Pakistani mobiles, in E.164', () => {
    expect(toE164('(212) 555-0101', 'US')).toBe('+12125550101');
    expect(toE164('1-212-555-0101', 'US')).toBe('+12125550101');
    expect(toE164('0300 1234567', 'PK')).toBe('+923001234567');
    expect(toE164('+92 300 1234567', 'PK')).toBe('+923001234567');
    expect(toE164('555-0101', 'US')).toBeNull();
    expect(toE164('(012) 555-0101', 'US')).toBeNull();
    expect(toE164('0421 1234567', 'PK')).toBeNull();
  });
});

describe('notification: phone verification codes', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // Fresh patients per test: each signed-in user may be sent 5 codes in 10 minutes.
  beforeEach(async () => {
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
  });
  afterAll(() => t.close());

  it('sends a 6-digit code by SMS, verifies it once, and marks the patient mobile verified', async () => {
    const phone = nextPhone();
    const sent = await generate(t, a, { PhoneNumber: phone, Region: 'US' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json.message).toBe(OTP_MESSAGES.sent);
    expect(sent.json.data).toMatchObject({
      PatientId: a.id,
      Region: 'US',
      IsVerified: false,
      PhoneNumber: 'xxxxxxxx0101'.replace('0101', e164(phone).slice(-4)),
    });
    const [sms] = await t.outbox.list({ to: e164(phone), template: 'otp' });
    expect(sms?.channel).toBe('sms');
    const code = await latestCode(t, e164(phone));

    const ok = await verify(t, a, sent.json.data.Id, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json.data.IsVerified).toBe(true);
    const patient = await t.call<Patient>({
      url: `/careslot-administration/api/v2/patient/${a.id}`,
      headers: bearer(a.token),
    });
    expect(patient.json.Telecom).toContainEqual({
      System: 'Mobile',
      Value: e164(phone),
      Use: 'mobile',
      IsVerified: true,
    });

    const again = await verify(t, a, sent.json.data.Id, code);
    expect(again.statusCode).toBe(400);
    expect(again.json.message).toBe(OTP_MESSAGES.invalid);
  });

  it('answers a wrong code with the INVALID_OTP marker and the spec text', async () => {
    const phone = nextPhone();
    const sent = await generate(t, a, { PhoneNumber: phone });
    const res = await verify(t, a, sent.json.data.Id, wrong(await latestCode(t, e164(phone))));
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe('You entered an invalid otp code');
    expect(res.json.errors?.[0]).toMatchObject({ field: 'querystring.otp', rule: INVALID_OTP });
  });

  it('binds a code to its own request: the code of one request does not verify another', async () => {
    const first = await generate(t, a, { PhoneNumber: nextPhone() });
    const secondPhone = nextPhone();
    const second = await generate(t, a, { PhoneNumber: secondPhone });
    const secondCode = await latestCode(t, e164(secondPhone));
    expect((await verify(t, a, first.json.data.Id, secondCode)).statusCode).toBe(400);
    expect((await verify(t, a, second.json.data.Id, secondCode)).statusCode).toBe(200);
  });

  it('refuses the right code after five wrong tries', async () => {
    const phone = nextPhone();
    const sent = await generate(t, a, { PhoneNumber: phone });
    const code = await latestCode(t, e164(phone));
    for (let i = 1; i <= 4; i += 1)
      expect((await verify(t, a, sent.json.data.Id, wrong(code))).statusCode).toBe(400);
    const fifth = await verify(t, a, sent.json.data.Id, wrong(code));
    expect(fifth.statusCode).toBe(429);
    const right = await verify(t, a, sent.json.data.Id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json.message).toBe(OTP_MESSAGES.exhausted);
  });

  it('resends a new code for the same request; the earlier code stops working', async () => {
    const phone = nextPhone();
    const sent = await generate(t, a, { PhoneNumber: phone });
    const first = await latestCode(t, e164(phone));
    const again = await resend(t, a, sent.json.data.Id);
    expect(again.statusCode).toBe(200);
    expect(again.json.data.Id).toBe(sent.json.data.Id);
    const second = await latestCode(t, e164(phone));
    if (second !== first) expect((await verify(t, a, sent.json.data.Id, first)).statusCode).toBe(400);
    expect((await verify(t, a, sent.json.data.Id, second)).statusCode).toBe(200);
  });

  it("keeps patient B away from patient A's phone and requests (404)", async () => {
    const phone = nextPhone();
    const forA = await generate(t, b, { PhoneNumber: phone, PatientId: a.id });
    expect(forA.statusCode).toBe(404);
    expect(forA.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    expect(await t.outbox.list({ to: e164(phone), template: 'otp' })).toHaveLength(0);

    const aPhone = nextPhone();
    const own = await generate(t, a, { PhoneNumber: aPhone });
    const code = await latestCode(t, e164(aPhone));
    expect((await verify(t, b, own.json.data.Id, code)).statusCode).toBe(404);
    expect((await resend(t, b, own.json.data.Id)).statusCode).toBe(404);
    const denied = await t.database.query<{ outcome: string }>(
      `select outcome from audit_events where entity_type = 'OtpRequest' and entity_id = $1 and outcome = 'denied'`,
      [own.json.data.Id],
    );
    expect(denied.length).toBe(2);
    // B's attempts did not use up A's code.
    expect((await verify(t, a, own.json.data.Id, code)).statusCode).toBe(200);
  });

  it('needs a signed-in user and names bad fields', async () => {
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V1}/otp-request/generate`,
          payload: { PhoneNumber: nextPhone() },
        })
      ).statusCode,
    ).toBe(401);
    const badPhone = await generate(t, a, { PhoneNumber: '555-0101' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json.errors?.[0]?.field).toBe('PhoneNumber');
    const badRegion = await generate(t, a, { PhoneNumber: nextPhone(), Region: 'FR' });
    expect(badRegion.json.errors?.[0]?.field).toBe('body.Region');
    const badOtp = await verify(t, a, '00000000-0000-4000-8000-000000000000', '12ab56');
    expect(badOtp.json.errors?.[0]?.field).toBe('querystring.otp');
    const badValidFor = await generate(t, a, { PhoneNumber: nextPhone() }, 99);
    expect(badValidFor.json.errors?.[0]?.field).toBe('querystring.validFor');
  });

  it('sends a code to a Pakistani mobile in the PK region', async () => {
    const sent = await generate(t, b, { PhoneNumber: '0300 7654321', Region: 'PK' });
    expect(sent.statusCode).toBe(200);
    expect((await t.outbox.list({ to: '+923007654321', template: 'otp' })).length).toBe(1);
  });
});

describe('notification: code lifetime and send limits', () => {
  let t: TestApp;
  let a: TestPatient;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00Z' });
    a = await createTestPatient(t);
  });
  afterAll(() => t.close());
  const clock = () => t.clock as ReturnType<typeof fixedClock>;

  it('lets a code expire after 10 minutes (validFor=0), or after validFor minutes', async () => {
    const phone = nextPhone();
    const sent = await generate(t, a, { PhoneNumber: phone }, 0);
    expect(sent.json.data.ExpiresAt).toBe('2026-11-23T10:10:00.000Z');
    const code = await latestCode(t, e164(phone));
    clock().advance(10 * 60_000);
    const late = await verify(t, a, sent.json.data.Id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json.message).toBe(OTP_MESSAGES.expired);

    const short = await generate(t, a, { PhoneNumber: phone }, 2);
    expect(new Date(short.json.data.ExpiresAt).getTime() - clock().now().getTime()).toBe(2 * 60_000);
  });

  it('sends at most 5 codes in 10 minutes, then again once the window has passed', async () => {
    clock().advance(11 * 60_000);
    const phone = nextPhone();
    const first = await generate(t, a, { PhoneNumber: phone });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await resend(t, a, first.json.data.Id)).statusCode).toBe(200);
    const sixth = await resend(t, a, first.json.data.Id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json.message).toBe(OTP_MESSAGES.tooManySends);
    // A new request does not reset the count either.
    expect((await generate(t, a, { PhoneNumber: nextPhone() })).statusCode).toBe(429);
    expect(await t.outbox.list({ to: e164(phone), template: 'otp' })).toHaveLength(5);
    // The refused resend left the fifth code working.
    expect((await verify(t, a, first.json.data.Id, await latestCode(t, e164(phone)))).statusCode).toBe(200);

    clock().advance(10 * 60_000 + 1);
    expect((await generate(t, a, { PhoneNumber: nextPhone() })).statusCode).toBe(200);
  });
});

describe('notification: patient settings', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t);
    b = await createTestPatient(t);
  });
  afterAll(() => t.close());

  const save = (who: TestPatient, body: Record<string, unknown>) =>
    t.call<Answer<PatientSettings>>({
      method: 'POST',
      url: `${V1}/notification/PatientSettings`,
      headers: bearer(who.token),
      payload: body,
    });

  it('saves and updates the patient time zone and SMS choice, audited', async () => {
    const first = await save(a, { PatientId: a.id, TimeZone: 'America/Chicago', SmsAlertsEnabled: true });
    expect(first.statusCode).toBe(200);
    expect(first.json.data).toMatchObject({
      PatientId: a.id,
      TimeZone: 'America/Chicago',
      SmsAlertsEnabled: true,
    });
    const second = await save(a, { PatientId: a.id, TimeZone: 'America/Denver', SmsAlertsEnabled: false });
    expect(second.json.data).toEqual({
      Id: first.json.data.Id,
      PatientId: a.id,
      TimeZone: 'America/Denver',
      SmsAlertsEnabled: false,
      PreferredLanguage: null,
    });
    const audit = await t.database.query(
      'select 1 from audit_events where entity_type = $1 and patient_id = $2 and outcome = $3',
      ['PatientSettings', a.id, 'success'],
    );
    expect(audit).toHaveLength(2);
  });

  it('reads and changes the saved settings by their id or the patient id (GET/PUT PatientSettings/{id})', async () => {
    const saved = (await save(a, { PatientId: a.id, TimeZone: 'America/Chicago', SmsAlertsEnabled: true }))
      .json.data;
    const at = (who: TestPatient, method: 'GET' | 'PUT', id: string, payload?: Record<string, unknown>) =>
      t.call<Answer<PatientSettings>>({
        method,
        url: `${V1}/notification/PatientSettings/${id}`,
        headers: bearer(who.token),
        ...(payload ? { payload } : {}),
      });
    expect((await at(a, 'GET', saved.Id)).json.data).toEqual(saved);
    expect((await at(a, 'GET', a.id)).json.data).toEqual(saved);
    const changed = await at(a, 'PUT', saved.Id, { TimeZone: 'America/Denver', SmsAlertsEnabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json.data).toMatchObject({
      Id: saved.Id,
      TimeZone: 'America/Denver',
      SmsAlertsEnabled: false,
    });
    expect((await at(b, 'GET', saved.Id)).statusCode).toBe(404);
    expect((await at(b, 'PUT', a.id, { TimeZone: 'UTC', SmsAlertsEnabled: true })).statusCode).toBe(404);
    const wrong = await at(a, 'PUT', saved.Id, { PatientId: b.id, TimeZone: 'UTC', SmsAlertsEnabled: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors?.[0]?.field).toBe('PatientId');
    expect((await at(b, 'GET', b.id)).statusCode).toBe(404);
  });

  it("refuses patient B changing patient A's settings (404) and a zone that does not exist", async () => {
    const other = await save(b, { PatientId: a.id, TimeZone: 'UTC', SmsAlertsEnabled: true });
    expect(other.statusCode).toBe(404);
    const bad = await save(a, { PatientId: a.id, TimeZone: 'Mars/Olympus', SmsAlertsEnabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toBe('TimeZone');
  });
});
