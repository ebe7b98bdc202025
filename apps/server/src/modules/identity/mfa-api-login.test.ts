import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_LOGIN_MESSAGES, MFA_PATHS } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { startAuthorization, submitLogin } from '../../testing/sign-in';
import { hashPassword } from './accounts';
import { insertAccounts } from './store';
import { base32Decode, totp } from './totp';

/**
 * The API sign-in (POST api/account/login) asks the second factor by the realm's rules (issue 24 item 6,
 * decision 0105), and the platform's rule (MFA_REQUIRED_FOR_PRIVILEGED) makes practice admins, super users,
 * financial super users and support agents enrol.
 */

const PASSWORD = 'Mfa-api-2468';
const LOGIN = '/api/account/login';

type LoginAnswer = {
  status_code: number;
  message: string;
  data: { access_token: string } | null;
  errors?: { field: string; rule: string; message: string }[];
};

async function account(t: TestApp, roles: string[], userType: 'Practitioner' | 'SuperUser' = 'Practitioner') {
  const email = `mfa-api-${randomUUID()}@practice.example`;
  await insertAccounts(t.database, [
    {
      email,
      passwordHash: await hashPassword(PASSWORD),
      givenName: 'Ada',
      familyName: 'Factor',
      userType,
      userRoles: roles,
      careslotId: randomUUID(),
      practiceId: null,
    },
  ]);
  return email;
}

const login = (t: TestApp, email: string, code?: string) =>
  t.call<LoginAnswer>({
    method: 'POST',
    url: LOGIN,
    payload: { UserName: email, Password: PASSWORD, ...(code === undefined ? {} : { Code: code }) },
  });

const codeOf = (secret: string, offsetSteps = 0) =>
  totp(base32Decode(secret), new Date(Date.now() + offsetSteps * 30_000));

describe('POST api/account/login with a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('asks the code of an account that has one, refuses a wrong or replayed one, and takes a recovery code once', async () => {
    const email = await account(t, ['practiceadmin']);
    const first = await login(t, email);
    expect(first.statusCode).toBe(200);
    const token = first.json.data!.access_token;
    const started = await t.call<{ data: { Secret: string } }>({
      method: 'POST',
      url: MFA_PATHS.totp,
      headers: bearer(token),
    });
    const secret = started.json.data.Secret;
    const confirmed = await t.call<{ data: { RecoveryCodes: string[] } }>({
      method: 'POST',
      url: MFA_PATHS.totpConfirm,
      headers: bearer(token),
      payload: { Code: codeOf(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const recovery = confirmed.json.data.RecoveryCodes;

    // The password alone no longer answers a token: the code is asked, naming the field.
    const noCode = await login(t, email);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json.data).toBeNull();
    expect(noCode.json.errors).toEqual([
      { field: 'body.Code', rule: 'required', message: MFA_LOGIN_MESSAGES.required },
    ]);
    const wrong = await login(t, email, codeOf(secret, 6));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json.errors?.[0]).toMatchObject({ field: 'body.Code', rule: 'invalid_code' });
    // The code used at enrolment is a replay within its window.
    expect((await login(t, email, codeOf(secret))).statusCode).toBe(401);
    const right = await login(t, email, codeOf(secret, 1));
    expect(right.statusCode).toBe(200);
    expect(right.json.data!.access_token).toEqual(expect.any(String));
    expect((await login(t, email, codeOf(secret, 1))).statusCode).toBe(401);
    // A wrong password with a right code is still a wrong password.
    const badPassword = await t.call<LoginAnswer>({
      method: 'POST',
      url: LOGIN,
      payload: { UserName: email, Password: 'not-the-password', Code: recovery[1]! },
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json.errors).toBeUndefined();

    expect((await login(t, email, recovery[0])).statusCode).toBe(200);
    expect((await login(t, email, recovery[0])).statusCode).toBe(401);

    // Each try of the second factor is a sign-in event of the account.
    const rows = await t.database.query<{ outcome: string }>(
      `select a.outcome from audit_events a join identity_users u on u.id::text = a.entity_id
       where u.email = $1 and a.action = 'login' and a.workflow = 'MFA_Web' order by a.id`,
      [email],
    );
    expect(rows.map((r) => r.outcome)).toEqual([
      'failure',
      'failure',
      'success',
      'failure',
      'success',
      'failure',
    ]);
  }, 120_000);

  it('locks the second factor after five wrong codes, even against the right one (429)', async () => {
    const email = await account(t, ['provider']);
    const token = (await login(t, email)).json.data!.access_token;
    const secret = (
      await t.call<{ data: { Secret: string } }>({
        method: 'POST',
        url: MFA_PATHS.totp,
        headers: bearer(token),
      })
    ).json.data.Secret;
    await t.call({
      method: 'POST',
      url: MFA_PATHS.totpConfirm,
      headers: bearer(token),
      payload: { Code: codeOf(secret) },
    });
    const tries = await Promise.all(Array.from({ length: 5 }, () => login(t, email, codeOf(secret, 8))));
    expect(tries.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const locked = await login(t, email, codeOf(secret, 1));
    expect(locked.statusCode).toBe(429);
  }, 120_000);

  it('refuses a malformed code naming the field and the rule', async () => {
    const email = await account(t, ['provider']);
    const bad = await login(t, email, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]).toMatchObject({ field: 'body.Code' });
  });
});

describe('the platform rule: practice admins, super users, financial super users and support agents must have a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MFA_REQUIRED_FOR_PRIVILEGED: 'true' } });
  }, 60_000);
  afterAll(() => t.close());

  it('refuses the API sign-in of those roles until they enrol, and sends them to enrolment at the realm', async () => {
    for (const [roles, userType] of [
      [['practiceadmin'], 'Practitioner'],
      [['superuser'], 'SuperUser'],
      [['FinancialSuperUser'], 'SuperUser'],
      [['supportagent'], 'SuperUser'],
    ] as const) {
      const email = await account(t, [...roles], userType);
      const refused = await login(t, email);
      expect(refused.statusCode, roles[0]).toBe(403);
      expect(refused.json.errors).toEqual([
        { field: 'body.Code', rule: 'enrolment_required', message: MFA_LOGIN_MESSAGES.enrolmentRequired },
      ]);
    }
    const email = await account(t, ['provider', 'practiceadmin']);
    const started = await startAuthorization(t);
    started.jar.store(
      await t.app.inject({ method: 'GET', url: started.formPath, headers: { cookie: started.jar.header() } }),
    );
    const page = await submitLogin(t, started, { username: email, password: PASSWORD });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up two-step sign-in');
  }, 120_000);

  it('lets providers and staff sign in with a password alone (they may add a second factor)', async () => {
    for (const roles of [['provider'], ['staff']]) {
      const answer = await login(t, await account(t, roles));
      expect(answer.statusCode, roles[0]).toBe(200);
    }
  }, 60_000);
});
