import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, CSRF_HEADER, OAUTH_CLIENT_ID } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTokenService } from '../../platform/tokens';
import { authorize, exchangeCode, register } from '../../testing/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

type TokenAnswer = { data: { access_token: string } };

/** The header a call the SessionId cookie authenticates must carry (decision 0107). */
const csrf = { [CSRF_HEADER.name]: CSRF_HEADER.value };

/** A new account signed in for real: realm tokens, then the product token and its SessionId cookie. */
async function signedInAccount() {
  const registered = await register(t);
  const realm = await exchangeCode(t, registered);
  const exchanged = await t.call<TokenAnswer>({
    method: 'POST',
    url: ACCOUNT_PATHS.exchangeToken,
    payload: { SubjectToken: realm.json.access_token },
  });
  const sessionId = exchanged.cookies.find((cookie) => cookie.name === 'SessionId')!.value;
  return { ...registered, realm: realm.json, product: exchanged.json.data.access_token, sessionId };
}

/** A call that needs a signed-in product token: the caller's own realm account. */
const ownAccount = (token: string, email: string) =>
  t.call({ url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(email)}`, headers: bearer(token) });

const isAlreadyLoggedIn = (sessionId: string) =>
  t.call<TokenAnswer>({
    method: 'POST',
    url: ACCOUNT_PATHS.isAlreadyLoggedIn,
    headers: csrf,
    cookies: { SessionId: sessionId },
  });

describe('sign-out', () => {
  it('revokes the product token presented and every product token minted from the session', async () => {
    const account = await signedInAccount();
    const fromSession = (await isAlreadyLoggedIn(account.sessionId)).json.data.access_token;
    expect((await ownAccount(account.product, account.email)).statusCode).toBe(200);
    expect((await ownAccount(fromSession, account.email)).statusCode).toBe(200);

    const out = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.logout,
      headers: { ...bearer(account.product), ...csrf },
      cookies: { SessionId: account.sessionId },
    });
    expect(out.statusCode).toBe(200);

    expect((await ownAccount(account.product, account.email)).statusCode).toBe(401);
    expect((await ownAccount(fromSession, account.email)).statusCode).toBe(401);
    expect((await isAlreadyLoggedIn(account.sessionId)).statusCode).toBe(204);
  });

  it('is seen by another instance on the same database within 5 seconds (the denylist is stored, not kept in memory)', async () => {
    const account = await signedInAccount();
    // Another instance: its own token service (and its own cache) over the same database.
    let later = 0;
    const secondInstance = await createTokenService(
      t.database,
      () => new Date(Date.now() + later),
      t.secrets,
    );
    await expect(secondInstance.verify(account.product)).resolves.toMatchObject({ email: account.email });
    await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.logout,
      headers: { ...bearer(account.product), ...csrf },
      cookies: { SessionId: account.sessionId },
    });
    // It trusts its "not revoked" answer for at most 5 seconds, then asks the database again.
    later = 5_001;
    await expect(secondInstance.verify(account.product)).rejects.toThrow('token revoked');
  });
});

describe('the product token the browser keeps (decision 0034)', () => {
  it('carries no birth date and no phone, while the account has both', async () => {
    const account = await signedInAccount();
    const claims = decodeJwt(account.product);
    expect(claims).toMatchObject({ email: account.email, user_roles: ['patient'] });
    expect(claims).not.toHaveProperty('dob');
    expect(claims).not.toHaveProperty('mobile_number');
    // The realm still has them: its ID token (never stored by the web app) carries them.
    expect(decodeJwt(account.realm.id_token)).toHaveProperty('dob');
  });
});

describe('a password reset', () => {
  it("ends every session of the account: SessionId, the realm's refresh token and session, and the product tokens", async () => {
    const account = await signedInAccount();
    // A second browser signed in as well.
    const second = await authorize(t, account.email, account.password);
    const secondRealm = (await exchangeCode(t, second)).json;
    expect((await ownAccount(account.product, account.email)).statusCode).toBe(200);

    await t.call({
      method: 'POST',
      url: `${ACCOUNT_PATHS.sendResetEmail}?email=${encodeURIComponent(account.email)}`,
    });
    const [message] = await t.outbox.list({ to: account.email, template: 'password-reset', limit: 1 });
    const code = /\b(\d{6})\b/.exec(message!.body)![1]!;
    const reset = await t.call({
      method: 'PUT',
      url: `${ACCOUNT_PATHS.resetPassword}?email=${encodeURIComponent(account.email)}`,
      payload: { Code: code, NewPassword: 'Lantern-Orbit-42' },
    });
    expect(reset.statusCode).toBe(200);

    expect((await ownAccount(account.product, account.email)).statusCode).toBe(401);
    expect((await isAlreadyLoggedIn(account.sessionId)).statusCode).toBe(204);
    for (const refreshToken of [account.realm.refresh_token, secondRealm.refresh_token]) {
      const refreshed = await t.call({
        method: 'POST',
        url: ACCOUNT_PATHS.refreshToken,
        payload: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: OAUTH_CLIENT_ID },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const userinfo = await t.call({
      url: '/realms/careslot/protocol/openid-connect/userinfo',
      headers: bearer(secondRealm.access_token),
    });
    expect(userinfo.statusCode).toBe(401);
  });
});
