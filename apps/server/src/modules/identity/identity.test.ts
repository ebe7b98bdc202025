import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../../testing/app';
import {
  authorize,
  exchangeCode,
  localPath,
  pkcePair,
  signIn,
  type CookieJar,
  startAuthorization,
  submitLogin,
} from '../../testing/sign-in';
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

  it('ends the realm session by RP-initiated logout with id_token_hint or with client_id, back at post_logout_redirect_uri', async () => {
    const backTo = `${t.config.publicUrl}/`;
    // The realm's logout page posts its confirmation form by itself in a browser; here the form is posted.
    const logOut = async (jar: CookieJar, query: Record<string, string>) => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/realms/careslot/protocol/openid-connect/logout?${new URLSearchParams(query).toString()}`,
        headers: { cookie: jar.header() },
      });
      expect(page.statusCode).toBe(200);
      jar.store(page);
      const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
      const confirmed = await t.app.inject({
        method: 'POST',
        url: localPath(action),
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      });
      jar.store(confirmed);
      return confirmed;
    };
    // A silent probe (prompt=none) with the browser's cookies: a code while the realm session lasts.
    const probe = async (jar: CookieJar) => {
      const pkce = pkcePair();
      const query = new URLSearchParams({
        client_id: 'careslot_web_app',
        redirect_uri: `${t.config.publicUrl}/callback`,
        response_type: 'code',
        scope: 'openid profile email',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state: 'probe',
        prompt: 'none',
      });
      const answer = await t.app.inject({
        method: 'GET',
        url: `/realms/careslot/protocol/openid-connect/auth?${query.toString()}`,
        headers: { cookie: jar.header() },
      });
      let location = String(answer.headers.location);
      // oidc-provider resumes its own interaction before answering the client.
      for (let hop = 0; hop < 3 && !location.startsWith(`${t.config.publicUrl}/callback`); hop += 1) {
        const next = await t.app.inject({
          method: 'GET',
          url: localPath(location),
          headers: { cookie: jar.header() },
        });
        jar.store(next);
        location = String(next.headers.location);
      }
      const back = new URL(location);
      return { code: back.searchParams.get('code'), error: back.searchParams.get('error') };
    };

    const withHint = await authorize(t, PATIENT, DEMO_PASSWORD);
    const idToken = (await exchangeCode(t, withHint)).json.id_token;
    expect((await probe(withHint.jar)).code).toBeTruthy();
    const ended = await logOut(withHint.jar, { id_token_hint: idToken, post_logout_redirect_uri: backTo });
    expect(ended.statusCode).toBe(303);
    expect(ended.headers.location).toBe(backTo);
    expect(await probe(withHint.jar)).toEqual({ code: null, error: 'login_required' });

    const withClient = await authorize(t, PATIENT, DEMO_PASSWORD);
    const endedByClient = await logOut(withClient.jar, {
      client_id: 'careslot_web_app',
      post_logout_redirect_uri: backTo,
    });
    expect(endedByClient.headers.location).toBe(backTo);
    expect(await probe(withClient.jar)).toEqual({ code: null, error: 'login_required' });
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
    const started = await startAuthorization(t, { login_hint: PATIENT, ui_locales: 'es' });
    const page = await t.app.inject({
      method: 'GET',
      url: started.formPath,
      headers: { cookie: started.jar.header() },
    });
    expect(page.body).toContain('Use su cuenta de CareSlot');
    expect(page.body).toContain(`value="${PATIENT}"`);
    const wrong = await submitLogin(
      t,
      started,
      { username: PATIENT, password: 'wrong', lang: 'en' },
      { 'accept-language': 'en' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid Username or password');
    const empty = await submitLogin(t, started, { username: '', password: 'x', lang: 'en' });
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
    // Without the CSRF header (which another site's page cannot send) the cookie is not honoured (decision 0107).
    for (const url of ['/api/account/is-already-loggedin', '/api/account/logout']) {
      const forged = await t.call<{ errors: { field: string; rule: string }[]; data: unknown }>({
        method: 'POST',
        url,
        headers: { cookie },
      });
      expect(forged.statusCode, url).toBe(403);
      expect(forged.json.errors).toEqual([
        expect.objectContaining({ field: 'header.X-CSRF-Protection', rule: 'required' }),
      ]);
      expect(forged.json.data).toBeNull();
    }
    const own = { cookie, 'x-csrf-protection': '1' };
    const again = await t.call<{ data: { access_token: string } }>({
      method: 'POST',
      url: '/api/account/is-already-loggedin',
      headers: own,
    });
    expect(again.statusCode).toBe(200);
    expect((await t.tokens.verify(again.json.data.access_token)).email).toBe('provider@demo.careslot.health');
    const out = await t.call({ method: 'POST', url: '/api/account/logout', headers: own });
    expect(out.json).toEqual({ status_code: '200', message: 'OK' });
    expect(out.headers['set-cookie']).toMatch(/SessionId=;/);
    expect(
      (await t.call({ method: 'POST', url: '/api/account/is-already-loggedin', headers: own })).statusCode,
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
    const attempt = async (password: string) =>
      submitLogin(t, await startAuthorization(t), { username: email, password, lang: 'en' });
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(429);
    const right = await attempt(DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain('Too many failed attempts');
  });
});
