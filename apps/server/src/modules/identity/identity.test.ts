import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../../testing/app';
import { authorize, CookieJar, exchangeCode, localPath, pkcePair, signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD } from '../../seed';

const PATIENT = 'patient@demo.careslot.health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the realm (OpenID Connect issuer)', () => {
  it('publishes Keycloak-shaped endpoints in its discovery document', async () => {
    const res = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: '/realms/careslot/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(200);
    const issuer = `${t.config.publicUrl}/realms/careslot`;
    expect(res.json).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs a demo patient in with code + PKCE and returns the state, an ID token with the spec claims and a refresh token', async () => {
    const result = await authorize(t, PATIENT, DEMO_PASSWORD);
    const tokens = await exchangeCode(t, result);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json.refresh_token).toBeTruthy();
    const idToken = decodeJwt(tokens.json.id_token);
    expect(idToken).toMatchObject({
      email: PATIENT,
      given_name: 'Jordan',
      family_name: 'Ellis',
      user_roles: ['patient'],
      user_type: 'Patient',
      eula_accepted: 'true',
    });
    expect(idToken.careslot_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a code exchanged with the wrong verifier, and a code used twice', async () => {
    const result = await authorize(t, PATIENT, DEMO_PASSWORD);
    const wrong = await exchangeCode(t, result, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.error).toBe('invalid_grant');
    const second = await authorize(t, PATIENT, DEMO_PASSWORD);
    expect((await exchangeCode(t, second)).statusCode).toBe(200);
    expect((await exchangeCode(t, second)).statusCode).toBe(400);
  });

  it('refuses an authorization request without PKCE or with the plain method', async () => {
    const base = {
      client_id: 'careslot_web_app',
      redirect_uri: `${t.config.publicUrl}/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      state: 's1',
    };
    const none = await t.app.inject({
      method: 'GET',
      url: `/realms/careslot/protocol/openid-connect/auth?${new URLSearchParams(base).toString()}`,
    });
    expect(new URL(String(none.headers.location)).searchParams.get('error')).toBe('invalid_request');
    const plain = await t.app.inject({
      method: 'GET',
      url: `/realms/careslot/protocol/openid-connect/auth?${new URLSearchParams({ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }).toString()}`,
    });
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows the login form again with the spec message for a wrong password, in the language asked for', async () => {
    const jar = new CookieJar();
    const pkce = pkcePair();
    const start = await t.app.inject({
      method: 'GET',
      url: `/realms/careslot/protocol/openid-connect/auth?${new URLSearchParams({
        client_id: 'careslot_web_app',
        redirect_uri: `${t.config.publicUrl}/callback`,
        response_type: 'code',
        scope: 'openid profile email',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state: 'x',
        login_hint: PATIENT,
        ui_locales: 'es',
      }).toString()}`,
    });
    jar.store(start);
    const page = await t.app.inject({
      method: 'GET',
      url: localPath(start.headers.location),
      headers: { cookie: jar.header() },
    });
    expect(page.body).toContain('Use su cuenta de CareSlot');
    expect(page.body).toContain(`value="${PATIENT}"`);
    const uid = /login-actions\/([^/?"]+)/.exec(String(start.headers.location))![1]!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/realms/careslot/login-actions/${uid}/login`,
      headers: {
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
      },
      payload: `username=${encodeURIComponent(PATIENT)}&password=wrong&lang=en`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid Username or password');
    const empty = await t.app.inject({
      method: 'POST',
      url: `/realms/careslot/login-actions/${uid}/login`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=&password=x&lang=en',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Email is required');
  });
});

describe('product account calls', () => {
  it('exchanges a realm access token for a product token carrying the roles, and sets the SessionId cookie', async () => {
    const result = await authorize(t, 'provider@demo.careslot.health', DEMO_PASSWORD);
    const tokens = await exchangeCode(t, result);
    const product = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/exchange-token',
      payload: { SubjectToken: tokens.json.access_token },
    });
    expect(product.statusCode).toBe(200);
    const claims = await t.tokens.verify(product.json.data.access_token);
    expect(claims).toMatchObject({
      email: 'provider@demo.careslot.health',
      user_roles: ['provider'],
      user_type: 'Practitioner',
    });
    expect(claims.PracticeId).toBeTruthy();
    const session = product.cookies.find((c) => c.name === 'SessionId');
    expect(session?.httpOnly).toBe(true);

    // A returning browser with that cookie gets a fresh token without signing in; after logout it does not.
    const cookie = `SessionId=${session!.value}`;
    const again = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/is-already-loggedin',
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
    expect((await t.tokens.verify(again.json.data.access_token)).email).toBe('provider@demo.careslot.health');
    const out = await t.call({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    expect(out.json).toEqual({ status_code: '200', message: 'OK' });
    expect(
      (await t.call({ method: 'POST', url: '/api/account/is-already-loggedin', headers: { cookie } }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses to exchange a token the realm did not issue', async () => {
    const res = await t.call<{ message: string }>({
      method: 'POST',
      url: '/api/account/exchange-token',
      payload: { SubjectToken: 'not-a-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toBe('Token exchange failed');
    const bad = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: '/api/account/exchange-token',
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors[0]!.field).toContain('SubjectToken');
  });

  it('gives guests a token without roles', async () => {
    const res = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/login/guest?timeZone=America/New_York',
    });
    expect(res.statusCode).toBe(200);
    const claims = await t.tokens.verify(res.json.data.access_token);
    expect(claims.guest).toBe(true);
    expect(claims.user_roles).toEqual([]);
  });

  it('every demo role can sign in for real', async () => {
    for (const [email, role] of [
      ['superuser@demo.careslot.health', 'superuser'],
      ['support@demo.careslot.health', 'supportagent'],
      ['finance@demo.careslot.health', 'FinancialSuperUser'],
      ['staff@demo.careslot.health', 'staff'],
      ['admin@demo.careslot.health', 'practiceadmin'],
    ] as const) {
      const token = await signIn(t, email, DEMO_PASSWORD);
      expect((await t.tokens.verify(token)).user_roles).toContain(role);
    }
  });
});

describe('password back-off', () => {
  it('locks an account after five wrong passwords, even against the right one', async () => {
    const email = 'finance@demo.careslot.health';
    const attempt = async (password: string) => {
      const jar = new CookieJar();
      const pkce = pkcePair();
      const start = await t.app.inject({
        method: 'GET',
        url: `/realms/careslot/protocol/openid-connect/auth?${new URLSearchParams({
          client_id: 'careslot_web_app',
          redirect_uri: `${t.config.publicUrl}/callback`,
          response_type: 'code',
          scope: 'openid profile email',
          code_challenge: pkce.challenge,
          code_challenge_method: 'S256',
          state: 'x',
        }).toString()}`,
      });
      jar.store(start);
      const uid = /login-actions\/([^/?"]+)/.exec(String(start.headers.location))![1]!;
      return t.app.inject({
        method: 'POST',
        url: `/realms/careslot/login-actions/${uid}/login`,
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password, lang: 'en' }).toString(),
      });
    };
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(429);
    const right = await attempt(DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain('Too many failed attempts');
  });
});
