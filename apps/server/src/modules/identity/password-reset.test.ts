import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { authorize } from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';
import { type fixedClock } from '../../platform/clock';

const SEND = '/careslot-administration/api/v1/account/password/reset/send-email';
const RESET = '/careslot-administration/api/v1/account/reset-password';

type Answer = {
  status_code: number;
  message: string;
  data: { Email: string; CodeVerified: boolean; PasswordReset: boolean } | null;
  errors?: { field: string; rule: string }[];
};

async function latestCode(t: TestApp, email: string): Promise<string> {
  const [message] = await t.outbox.list({ to: email, template: 'password-reset', limit: 1 });
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset code in the outbox for ${email}`);
  return code;
}

const put = (t: TestApp, email: string, payload?: Record<string, string>) =>
  t.call<Answer>({
    method: 'PUT',
    url: `${RESET}?email=${encodeURIComponent(email)}`,
    ...(payload ? { payload } : {}),
  });

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a 6-digit code through the outbox, checks it, sets the new password, and the realm accepts it', async () => {
    const email = 'finance@demo.careslot.health';
    const sent = await t.call<Answer>({ method: 'POST', url: `${SEND}?email=${encodeURIComponent(email)}` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json.message).toBe('A verification code has been sent to your e-mail.');
    const code = await latestCode(t, email);

    const verified = await put(t, email, { Code: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json.data).toEqual({ Email: email, CodeVerified: true, PasswordReset: false });

    const reset = await put(t, email, { Code: code, NewPassword: 'NewSecret42' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json.message).toBe('Your password has been reset.');

    // Single use: the same code does not reset again.
    expect((await put(t, email, { Code: code, NewPassword: 'Another99x' })).statusCode).toBe(400);
    await expect(authorize(t, email, DEMO_PASSWORD)).rejects.toThrow(/login answered 401/);
    const signedIn = await authorize(t, email, 'NewSecret42');
    expect(signedIn.code).toBeTruthy();
  });

  it('answers an unknown e-mail exactly as a known one (status, body, back-off), and names the field of bad input', async () => {
    const ask = (email: string) =>
      t.call<Answer>({ method: 'POST', url: `${SEND}?email=${encodeURIComponent(email)}` });
    const known = 'provider@demo.careslot.health';
    const unknown = 'nobody@example.com';
    for (const email of [known, unknown]) {
      const first = await ask(email);
      expect(first.statusCode).toBe(200);
      expect(first.json).toEqual({
        status_code: 200,
        message: 'A verification code has been sent to your e-mail.',
        data: { Email: email, CodeVerified: false, PasswordReset: false },
      });
      // The resend back-off holds for both alike.
      const again = await put(t, email);
      expect(again.statusCode).toBe(429);
      expect(again.json.message).toBe('Please wait before requesting another code.');
      // A code for an address without an account is just a wrong code.
      const check = await put(t, email, { Code: '000000' });
      expect(check.statusCode).toBe(400);
      expect(check.json.message).toBe('The verification code is invalid.');
    }
    // The unknown address is told no account uses it; no code is sent.
    const [notice] = await t.outbox.list({ to: unknown, limit: 1 });
    expect(notice?.template).toBe('password-reset-no-account');
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);

    const badEmail = await t.call<Answer>({ method: 'POST', url: `${SEND}?email=not-an-email` });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json.errors?.[0]?.field).toBe('querystring.email');

    const badCode = await put(t, 'staff@demo.careslot.health', { Code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json.errors?.[0]?.field).toBe('body.Code');

    const weak = await put(t, 'staff@demo.careslot.health', { Code: '123456', NewPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json.errors?.some((e) => e.field === 'body.NewPassword')).toBe(true);
  });

  it('refuses a common password with the rule named, and the code still works afterwards', async () => {
    const email = 'admin@demo.careslot.health';
    expect((await put(t, email)).statusCode).toBe(200);
    const code = await latestCode(t, email);
    for (const common of ['password1', 'Qwerty123', 'iloveyou1']) {
      const refused = await put(t, email, { Code: code, NewPassword: common });
      expect(refused.statusCode).toBe(400);
      expect(refused.json.errors?.[0]).toMatchObject({ field: 'body.NewPassword', rule: 'common_password' });
      expect(JSON.stringify(refused.json)).toMatch(/common or breached password/);
    }
    expect((await put(t, email, { Code: code, NewPassword: 'Lantern-Orbit-42' })).statusCode).toBe(200);
  });

  it('refuses the right code after five wrong tries', async () => {
    const email = 'support@demo.careslot.health';
    expect((await put(t, email)).statusCode).toBe(200); // lookup + send
    const code = await latestCode(t, email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await put(t, email, { Code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json.message).toBe('The verification code is invalid.');
    }
    const fifth = await put(t, email, { Code: wrongCode(code) });
    expect(fifth.statusCode).toBe(429);
    const sixth = await put(t, email, { Code: code, NewPassword: 'NewSecret42' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json.message).toBe('Too many wrong codes. Request a new code.');
    await expect(authorize(t, email, 'NewSecret42')).rejects.toThrow(/login answered 401/);
  });
});

describe('password recovery over time', () => {
  let t: TestApp;
  const start = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: start });
  });
  afterAll(() => t.close());
  const clock = () => t.clock as ReturnType<typeof fixedClock>;

  it('lets a code expire after 10 minutes and backs off repeated sends; a new code replaces the old one', async () => {
    const email = 'staff@demo.careslot.health';
    expect((await put(t, email)).statusCode).toBe(200);
    const first = await latestCode(t, email);
    clock().advance(10 * 60_000 + 1);
    const late = await put(t, email, { Code: first });
    expect(late.statusCode).toBe(400);
    expect(late.json.message).toBe('The verification code has expired. Request a new code.');

    expect((await put(t, email)).statusCode).toBe(200); // resend
    const again = await put(t, email);
    expect(again.statusCode).toBe(429);
    expect(again.json.message).toBe('Please wait before requesting another code.');
    const second = await latestCode(t, email);
    clock().advance(60_000);
    expect((await put(t, email)).statusCode).toBe(200);
    const third = await latestCode(t, email);
    if (third !== second) expect((await put(t, email, { Code: second })).statusCode).toBe(400);
    expect((await put(t, email, { Code: third })).statusCode).toBe(200);
  });
});
