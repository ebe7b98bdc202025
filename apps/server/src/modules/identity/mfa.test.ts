import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_PATHS } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPractice, createTestPracticeUser, practiceAdmin } from '../../testing/factories';
import {
  exchangeCode,
  followBackToClient,
  signIn,
  startAuthorization,
  submitLogin,
  type StartedAuthorization,
} from '../../testing/sign-in';
import { hashPassword } from './accounts';
import { insertAccounts } from './store';
import { base32Decode, totp } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const PASSWORD = 'Mfa-pass-2468';

/** A practice user's realm account with a password (a practice admin of `practiceId`). */
async function practiceAccount(practiceId: string | null = null) {
  const email = `mfa-${randomUUID()}@practice.example`;
  await insertAccounts(t.database, [
    {
      email,
      passwordHash: await hashPassword(PASSWORD),
      givenName: 'Mona',
      familyName: 'Factor',
      userType: 'Practitioner',
      userRoles: ['practiceadmin'],
      careslotId: randomUUID(),
      practiceId,
    },
  ]);
  return email;
}

/** The code an authenticator app shows `offsetSteps` steps from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  totp(base32Decode(secret), new Date(Date.now() + offsetSteps * 30_000));

async function passwordStep(email: string) {
  const started = await startAuthorization(t);
  started.jar.store(
    await t.app.inject({ method: 'GET', url: started.formPath, headers: { cookie: started.jar.header() } }),
  );
  return { started, page: await submitLogin(t, started, { username: email, password: PASSWORD }) };
}

async function post(started: StartedAuthorization, step: 'otp' | 'continue', form: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/realms/careslot/login-actions/${started.uid}/${step}`,
    headers: { cookie: started.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  started.jar.store(response);
  return response;
}

/** Follows a finished realm sign-in back to the client and answers the ID token's amr. */
async function amrOf(
  started: StartedAuthorization,
  finished: { headers: { location?: string | undefined } },
) {
  const tokens = await exchangeCode(t, await followBackToClient(t, started, finished));
  return decodeJwt(tokens.json.id_token).amr;
}

describe('two-step sign-in with an authenticator app (issue 24 item 6)', () => {
  it('enrols with the first code, asks the code after the password, refuses a wrong or replayed code, and takes a recovery code once', async () => {
    const email = await practiceAccount();
    const token = await signIn(t, email, PASSWORD);
    const started = await t.call<{ data: { Secret: string; OtpauthUri: string; QrSvg: string } }>({
      method: 'POST',
      url: MFA_PATHS.totp,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(200);
    const { Secret, OtpauthUri, QrSvg } = started.json.data;
    expect(OtpauthUri).toMatch(/^otpauth:\/\/totp\/CareSlot%3Amfa-.*secret=[A-Z2-7]+&issuer=CareSlot/);
    expect(QrSvg).toContain('<svg');

    const wrong = await t.call<{ errors: { field: string; rule: string }[] }>({
      method: 'POST',
      url: MFA_PATHS.totpConfirm,
      headers: bearer(token),
      payload: { Code: codeOf(Secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors[0]).toMatchObject({ field: 'body.Code', rule: 'invalid_code' });

    const enrolCode = codeOf(Secret);
    const confirmed = await t.call<{ data: { RecoveryCodes: string[] } }>({
      method: 'POST',
      url: MFA_PATHS.totpConfirm,
      headers: bearer(token),
      payload: { Code: enrolCode },
    });
    expect(confirmed.statusCode).toBe(200);
    const recovery = confirmed.json.data.RecoveryCodes;
    expect(recovery).toHaveLength(10);
    // Only hashes are kept.
    const stored = await t.database.query<{ code_hash: string }>(
      'select code_hash from identity_mfa_recovery_codes r join identity_users u on u.id = r.user_id where u.email = $1',
      [email],
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recovery[0]);
    const status = await t.call<{ data: { TotpEnrolled: boolean; RecoveryCodesLeft: number } }>({
      url: MFA_PATHS.status,
      headers: bearer(token),
    });
    expect(status.json.data).toEqual({
      TotpEnrolled: true,
      RecoveryCodesLeft: 10,
      Required: false,
      RequiredBy: null,
    });

    // The password alone no longer signs in: the realm asks the code.
    const first = await passwordStep(email);
    expect(first.page.statusCode).toBe(200);
    expect(first.page.body).toContain('Two-step sign-in');
    // The code already used at enrolment is a replay within the window: refused.
    const replay = await post(first.started, 'otp', { code: enrolCode });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain('already used');
    const next = await post(first.started, 'otp', { code: codeOf(Secret, 1) });
    expect(next.statusCode).toBe(303);
    expect(await amrOf(first.started, next)).toEqual(['pwd', 'otp']);

    // A recovery code signs in once.
    const second = await passwordStep(email);
    const byRecovery = await post(second.started, 'otp', { code: recovery[0]! });
    expect(byRecovery.statusCode).toBe(303);
    expect(await amrOf(second.started, byRecovery)).toEqual(['pwd', 'otp']);
    const third = await passwordStep(email);
    expect((await post(third.started, 'otp', { code: recovery[0]! })).statusCode).toBe(401);

    // Each try is audited as a sign-in event.
    const rows = await t.database.query<{ outcome: string }>(
      `select a.outcome from audit_events a join identity_users u on u.id::text = a.entity_id
       where u.email = $1 and a.action = 'login' and a.workflow = 'MFA_Web' order by a.id`,
      [email],
    );
    expect(rows.map((r) => r.outcome)).toEqual(['failure', 'success', 'success', 'failure']);
  }, 120_000);

  it('locks the second factor after five wrong codes, even against the right one', async () => {
    const email = await practiceAccount();
    const token = await signIn(t, email, PASSWORD);
    const started = await t.call<{ data: { Secret: string } }>({
      method: 'POST',
      url: MFA_PATHS.totp,
      headers: bearer(token),
    });
    const secret = started.json.data.Secret;
    await t.call({
      method: 'POST',
      url: MFA_PATHS.totpConfirm,
      headers: bearer(token),
      payload: { Code: codeOf(secret) },
    });
    const { started: flow } = await passwordStep(email);
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => post(flow, 'otp', { code: codeOf(secret, 7) })),
    );
    expect(tries.map((r) => r.statusCode).every((s) => s === 401 || s === 429)).toBe(true);
    expect((await post(flow, 'otp', { code: codeOf(secret, 1) })).statusCode).toBe(429);
  }, 120_000);

  it('a practice requiring a second factor sends a user without one to enrolment at sign-in; only its admin sets it', async () => {
    const practice = await createTestPractice(t);
    const admin = await practiceAdmin(t, practice);
    const staff = await createTestPracticeUser(t, practice, ['staff']);
    const path = MFA_PATHS.practiceRequirement.replace(':practiceId', practice.OrganizationId);
    expect(
      (await t.call({ method: 'PUT', url: path, headers: staff.headers, payload: { Required: true } }))
        .statusCode,
    ).toBe(403);
    const set = await t.call<{ data: { Required: boolean } }>({
      method: 'PUT',
      url: path,
      headers: admin.headers,
      payload: { Required: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json.data.Required).toBe(true);

    const email = await practiceAccount(practice.OrganizationId);
    const { started, page } = await passwordStep(email);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up two-step sign-in');
    expect(page.body).toContain('<svg');
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(page.body)![1]!;
    const codes = await post(started, 'otp', { code: codeOf(secret) });
    expect(codes.statusCode).toBe(200);
    expect(codes.body).toContain('Save your recovery codes');
    expect(codes.headers['cache-control']).toBe('no-store');
    const finished = await post(started, 'continue', {});
    expect(finished.statusCode).toBe(303);
    expect(await amrOf(started, finished)).toEqual(['pwd', 'otp']);
  }, 120_000);

  it('says amr pwd for a password-only sign-in', async () => {
    const email = await practiceAccount();
    const { started, page } = await passwordStep(email);
    expect(page.statusCode).toBe(303);
    expect(await amrOf(started, page)).toEqual(['pwd']);
  }, 60_000);
});
