import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MESSAGES, type OtpRequest } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';
import { toE164 } from './service';

const V1 = '/careslot-notification/api/v1';
type Answer<T> = { status_code: number; message: string; data: T };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

describe('phone verification codes under parallel guesses', () => {
  it('evaluates at most 5 of 20 simultaneous wrong codes: the right code sent with them and after them is refused', async () => {
    const patient = await createTestPatient(t, 'Rory');
    const phone = '(212) 555-0177';
    const sent = await t.call<Answer<OtpRequest>>({
      method: 'POST',
      url: `${V1}/otp-request/generate`,
      headers: bearer(patient.token),
      payload: { PhoneNumber: phone, Region: 'US' },
    });
    expect(sent.statusCode).toBe(200);
    const [sms] = await t.outbox.list({ to: toE164(phone, 'US')!, template: 'otp', limit: 1 });
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const verify = (otp: string) =>
      t.call<Answer<OtpRequest>>({
        method: 'POST',
        url: `${V1}/otp-request/${sent.json.data.Id}/verify?otp=${otp}`,
        headers: bearer(patient.token),
      });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => verify(wrong(i))),
      verify(code),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(17);

    const right = await verify(code);
    expect(right.statusCode).toBe(429);
    expect(right.json.message).toBe(OTP_MESSAGES.exhausted);
  }, 60_000);
});
