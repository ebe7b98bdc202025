import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createHmac } from 'node:crypto';
import { ACCOUNT_PATHS, OAUTH_CLIENT_ID } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { authorize, exchangeCode, pkcePair, register, signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';
import { verifyLink } from './signed-links';

const PATIENT = 'patient@demo.careslot.health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('POST /api/account/login {UserName, Password}', () => {
  it('answers a product token with the claims of §3.1 and starts the SessionId session', async () => {
    const res = await t.call<{ message: string; data: { access_token: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: PATIENT, Password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe('User Logged in successfully');
    const claims = decodeJwt(res.json.data.access_token);
    expect(claims).toMatchObject({ email: PATIENT, user_type: 'Patient', user_roles: ['patient'] });
    expect(res.cookies.find((c) => c.name === 'SessionId')?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it("answers the spec's message for a wrong password, names a bad field, and locks after five failures", async () => {
    const registered = await register(t);
    const wrong = await t.call<{ message: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: registered.email, Password: 'not-it-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json.message).toBe('Invalid Username or password');

    const bad = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: 'no-at-sign', Password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors[0]!.field).toBe('body.UserName');

    for (let i = 0; i < 4; i += 1)
      await t.call({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        payload: { UserName: registered.email, Password: 'not-it-1' },
      });
    const locked = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: registered.email, Password: registered.password },
    });
    expect(locked.statusCode).toBe(429);
  }, 30_000);
});

describe('GET v1/account/identity-user?email=', () => {
  it("shows a user their own account and keeps another patient's from them", async () => {
    const registered = await register(t);
    const a = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { UserName: registered.email, Password: registered.password },
    });
    const own = await t.call<{ data: { Email: string; UserType: string; Locked: boolean } }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(registered.email.toUpperCase())}`,
      headers: bearer(a.json.data.access_token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json.data).toMatchObject({ Email: registered.email, UserType: 'Patient', Locked: false });

    // Patient B (the demo patient) cannot read patient A's account.
    const b = await signIn(t, PATIENT, DEMO_PASSWORD);
    const peek = await t.call({
      method: 'GET',
      url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(registered.email)}`,
      headers: bearer(b),
    });
    expect(peek.statusCode).toBe(403);

    const support = await signIn(t, 'support@demo.careslot.health', DEMO_PASSWORD);
    const purpose = { 'x-access-purpose': 'Ticket 4711: the patient cannot sign in' };
    // Support reads an account like the record: without a stated purpose 403 naming the header, audited.
    const withoutPurpose = await t.call<{ errors: { field: string; rule: string }[] }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(registered.email)}`,
      headers: bearer(support),
    });
    expect(withoutPurpose.statusCode).toBe(403);
    expect(withoutPurpose.json.errors[0]).toMatchObject({
      field: 'header.X-Access-Purpose',
      rule: 'required',
    });
    const bySupport = await t.call<{ data: { Id: string } }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.identityUser}?email=${encodeURIComponent(registered.email)}`,
      headers: { ...bearer(support), ...purpose },
    });
    expect(bySupport.statusCode).toBe(200);
    const supportRows = await t.database.query<{
      outcome: string;
      purpose: string | null;
      reason: string | null;
    }>(
      "select outcome, purpose, detail->>'reason' as reason from audit_events where entity_type = 'User' and action = 'read' and entity_id = $1 and (detail->>'relation' = 'support' or detail->>'reason' = 'purpose_required') order by id",
      [bySupport.json.data.Id],
    );
    expect(supportRows).toEqual([
      { outcome: 'denied', purpose: null, reason: 'purpose_required' },
      { outcome: 'success', purpose: purpose['x-access-purpose'], reason: null },
    ]);
    const missing = await t.call<{ message: string }>({
      method: 'GET',
      url: `${ACCOUNT_PATHS.identityUser}?email=nobody@example.com`,
      headers: { ...bearer(support), ...purpose },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json.message).toBe('No record found');
  }, 30_000);
});

describe('careslot-identity token route and refresh-token', () => {
  it('exchanges a code with its PKCE verifier once, then refreshes with rotation', async () => {
    const result = await authorize(t, PATIENT, DEMO_PASSWORD);
    const fields = {
      client_id: OAUTH_CLIENT_ID,
      grant_type: 'authorization_code',
      code: result.code,
      redirect_uri: result.redirectUri,
      code_verifier: result.pkce.verifier,
    };
    const wrongVerifier = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.identityToken,
      ...form({ ...fields, code_verifier: pkcePair().verifier }),
    });
    expect(wrongVerifier.statusCode).toBe(400);

    const again = await authorize(t, PATIENT, DEMO_PASSWORD);
    const ok = await t.call<{ access_token: string; refresh_token: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.identityToken,
      ...form({
        ...fields,
        code: again.code,
        redirect_uri: again.redirectUri,
        code_verifier: again.pkce.verifier,
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json.access_token).toBeTruthy();
    expect(ok.json.refresh_token).toBeTruthy();
    const refreshed = await t.call<{ data: { access_token: string; refresh_token: string } }>({
      method: 'POST',
      url: `${ACCOUNT_PATHS.refreshToken}?appPlatform=patientPortal`,
      ...form({
        grant_type: 'refresh_token',
        refresh_token: ok.json.refresh_token,
        client_id: OAUTH_CLIENT_ID,
        scope: 'openid profile email',
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json.data.access_token).email).toBe(PATIENT);
    expect(refreshed.json.data.refresh_token).not.toBe(ok.json.refresh_token);
    // The used refresh token was rotated away.
    const stale = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.refreshToken,
      ...form({
        grant_type: 'refresh_token',
        refresh_token: ok.json.refresh_token,
        client_id: OAUTH_CLIENT_ID,
      }),
    });
    expect(stale.statusCode).toBe(401);
    // Reusing the code is refused (and revokes what it granted).
    const reuse = await t.call<{ message: string }>({
      method: 'POST',
      url: ACCOUNT_PATHS.identityToken,
      ...form({
        ...fields,
        code: again.code,
        redirect_uri: again.redirectUri,
        code_verifier: again.pkce.verifier,
      }),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json.message).toBe('Token exchange failed');
  }, 30_000);

  it('the realm token answered by the rerouted exchange is the one exchange-token accepts', async () => {
    const result = await authorize(t, PATIENT, DEMO_PASSWORD);
    const tokens = await exchangeCode(t, result);
    const product = await t.call({
      method: 'POST',
      url: '/api/account/exchange-token',
      payload: { SubjectToken: tokens.json.access_token },
    });
    expect(product.statusCode).toBe(200);
  }, 30_000);
});

describe('POST v1/signed-link/create', () => {
  it('signs an expiring CareSlot link for practice users and refuses patients and foreign URLs', async () => {
    const admin = await signIn(t, 'admin@demo.careslot.health', DEMO_PASSWORD);
    const res = await t.call<{ data: { Url: string; ExpiresAt: string } }>({
      method: 'POST',
      url: ACCOUNT_PATHS.signedLink,
      headers: bearer(admin),
      payload: { Path: '/survey/appointment/42', ExpiresInMinutes: 30 },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json.data.Url);
    expect(url.pathname).toBe('/survey/appointment/42');
    const key = createHmac('sha256', String(t.tokens.privateJwk().d))
      .update('careslot-signed-links')
      .digest('base64url');
    const signed = `${url.pathname}${url.search}`;
    expect(verifyLink(key, signed, new Date())).toBe(true);
    expect(verifyLink(key, signed.replace('/42', '/43'), new Date())).toBe(false);
    expect(verifyLink(key, signed, new Date(Date.now() + 31 * 60_000))).toBe(false);

    const foreign = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.signedLink,
      headers: bearer(admin),
      payload: { Path: '//evil.example/x' },
    });
    expect(foreign.statusCode).toBe(400);
    const patient = await signIn(t, PATIENT, DEMO_PASSWORD);
    const byPatient = await t.call({
      method: 'POST',
      url: ACCOUNT_PATHS.signedLink,
      headers: bearer(patient),
      payload: { Path: '/survey/appointment/42' },
    });
    expect(byPatient.statusCode).toBe(403);
  }, 30_000);
});
