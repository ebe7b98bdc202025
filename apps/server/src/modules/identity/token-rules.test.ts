import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, HTTP_STATUS_MESSAGES, LOGIN_MESSAGES, SYSTEM_USER_ROLE } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { authorize, exchangeCode, register } from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';
import type { ProductClaims } from '../../platform/tokens';

/**
 * The token and identity rules of patient-booking.md §5.2 that the other identity tests do not hold, the
 * login rate limit, and a full day of sign-in traffic read back from the real log.
 */
const PATIENT = 'patient@demo.careslot.health';
const SUPPORT = 'support@demo.careslot.health';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logStream, env: { RATE_LIMIT_MAX: '100000' } });
}, 30_000);
afterAll(() => t.close());

/**
 * A call that needs a signed-in user: a realm account by e-mail. The tokens below are support's, who read
 * another's account only with a stated purpose (decision 0087), so the call states one.
 */
const identityUser = (token: string, email = 'user@example.com') =>
  t.call<{ status_code: number; message: string }>({
    url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(email)}`,
    headers: { ...bearer(token), 'x-access-purpose': 'Ticket 1: checking the token rules' },
  });

describe('§5.2: a token counts only while valid and carrying email, sub and user_roles', () => {
  it('refuses an expired token with the 401 message', async () => {
    const expired = await tokenFor(t.tokens, { user_roles: ['patient'], email: PATIENT }, -1);
    const res = await identityUser(expired, PATIENT);
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[401]);
  });

  it('refuses a signed token that lacks email, or user_roles, as a signed-in user', async () => {
    const noEmail = await t.tokens.sign({ sub: 'someone', user_roles: ['supportagent'] }, 300);
    expect((await identityUser(noEmail, PATIENT)).statusCode).toBe(401);
    const noRoles = await t.tokens.sign(
      { sub: 'someone', email: 'someone@example.com' } as unknown as ProductClaims,
      300,
    );
    expect((await identityUser(noRoles, PATIENT)).statusCode).toBe(401);
    // The same claims with all three present pass the rule (support, with a purpose, may read any account).
    const complete = await t.tokens.sign(
      { sub: 'someone', email: 'someone@example.com', user_roles: ['supportagent'] },
      300,
    );
    expect((await identityUser(complete, PATIENT)).statusCode).toBe(200);
  });

  it('accepts a service-account token only with the realm role system_user', async () => {
    const claims = {
      sub: 'svc-1',
      email: 'svc@careslot.health',
      user_roles: ['supportagent'],
      preferred_username: 'service-account-reports',
    };
    const without = await t.tokens.sign({ ...claims, realm_access: { roles: ['offline_access'] } }, 300);
    expect((await identityUser(without, PATIENT)).statusCode).toBe(401);
    const withRole = await t.tokens.sign({ ...claims, realm_access: { roles: [SYSTEM_USER_ROLE] } }, 300);
    expect((await identityUser(withRole, PATIENT)).statusCode).toBe(200);
  });

  it('gives a guest token no signed-in access', async () => {
    const guest = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.guest,
    });
    expect((await identityUser(guest.json.data.access_token, PATIENT)).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 in the spec envelope after 20 sign-in attempts a minute from one client, even with a good password', async () => {
    // A different e-mail each time, so the per-address lock-out (5 tries) is not what answers.
    const attempt = (password: string, email = 'nobody@example.com') =>
      t.call<{ status_code: number; message: string }>({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        remoteAddress: '198.51.100.7',
        payload: { UserName: email, Password: password },
      });
    for (let i = 0; i < 20; i++) {
      const res = await attempt(`wrong-${i}`, `nobody-${i}@example.com`);
      expect(res.statusCode).toBe(401);
      expect(res.json.message).toBe(LOGIN_MESSAGES.invalid);
    }
    const limited = await attempt(DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json.status_code).toBe(429);
    // Another client is not held back.
    const other = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      remoteAddress: '198.51.100.8',
      payload: { UserName: PATIENT, Password: DEMO_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('hold no password, token, authorization code, reset code or e-mail after a day of sign-in traffic', async () => {
    const secrets: string[] = [DEMO_PASSWORD, PATIENT];
    // Sign-in with PKCE, the code exchange and the product token.
    const signedIn = await authorize(t, PATIENT, DEMO_PASSWORD);
    secrets.push(signedIn.code, signedIn.pkce.verifier);
    const realm = await exchangeCode(t, signedIn);
    secrets.push(realm.json.access_token, realm.json.refresh_token, realm.json.id_token);
    const product = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.exchangeToken,
      payload: { SubjectToken: realm.json.access_token },
    });
    secrets.push(product.json.data.access_token);
    await identityUser(product.json.data.access_token, PATIENT);
    // A wrong password and a password login.
    await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: SUPPORT, Password: 'Not-the-password-1' },
    });
    secrets.push('Not-the-password-1', SUPPORT);
    // Registration of a new patient.
    const registered = await register(t);
    secrets.push(registered.email, registered.password, registered.code);
    // Password recovery with the e-mailed code.
    await t.call({
      method: 'POST',
      url: `${ACCOUNT_PATHS.sendResetEmail}?email=${encodeURIComponent(registered.email)}`,
    });
    const [mail] = await t.outbox.list({ to: registered.email, template: 'password-reset', limit: 1 });
    const resetCode = /\b(\d{6})\b/.exec(mail?.body ?? '')![1]!;
    await t.call({
      method: 'PUT',
      url: `${ACCOUNT_PATHS.resetPassword}?email=${encodeURIComponent(registered.email)}`,
      payload: { Code: resetCode, NewPassword: 'Brand-new-pass-7' },
    });
    secrets.push(resetCode, 'Brand-new-pass-7');

    const log = lines.join('');
    // The log was written (every request is logged), just without any secret.
    expect(log).toContain('/api/account/exchange-token');
    expect(log).toContain('/realms/careslot/protocol/openid-connect/token');
    for (const secret of secrets)
      expect(log, `the log holds a secret (${secret.slice(0, 4)}…)`).not.toContain(secret);
  });
});

describe('§8 "Sign-in and account" messages of the account calls', () => {
  it("answers 'Signup failed.' to a sign-up by anyone but a patient's own new account", async () => {
    const staff = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: 'staff@demo.careslot.health', Password: DEMO_PASSWORD },
    });
    const res = await t.call<{ message: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: bearer(staff.json.data.access_token),
      payload: { Name: [{ Given: ['Priya'], Family: 'Natarajan' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json.message).toBe('Signup failed.');
  });

  it("answers 'User Logged in successfully' to a good password and 'Token exchange failed' to a token the realm did not issue", async () => {
    const ok = await t.call<{ message: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: PATIENT, Password: DEMO_PASSWORD },
    });
    expect(ok.json.message).toBe(LOGIN_MESSAGES.success);
    const forged = await t.call<{ message: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.exchangeToken,
      payload: { SubjectToken: 'not-a-realm-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json.message).toBe('Token exchange failed');
  });
});
