import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { createTestApp, type TestApp } from '../../testing/app';
import {
  type CookieJar,
  exchangeCode,
  localPath,
  startAuthorization,
  type StartedAuthorization,
} from '../../testing/sign-in';

/**
 * Social login against a second, real OpenID Connect issuer started here (oidc-provider on a local port):
 * the realm redirects to it, it sends the browser back to /acme-login with a code, and the realm
 * exchanges the code and verifies the ID token over HTTP, as with any outside provider.
 */
const PUBLIC_URL = 'http://127.0.0.1:3000';
const ALIAS = 'acme';

interface Upstream {
  issuer: string;
  /** Who signs in at the provider next; null: the user refuses (access_denied). */
  next: string | null;
  close(): Promise<void>;
}

const PEOPLE: Record<string, Record<string, unknown>> = {
  'acme-new-1': {
    email: 'river.stone@example.com',
    email_verified: true,
    given_name: 'River',
    family_name: 'Stone',
  },
  'acme-patient': { email: 'patient@demo.careslot.health', email_verified: true, name: 'Jordan Ellis' },
  'acme-unverified': { email: 'provider@demo.careslot.health', email_verified: false, name: 'Someone Else' },
};

async function startUpstream(): Promise<Upstream> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const upstream: Upstream = {
    issuer,
    next: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'careslot',
        client_secret: 'upstream-secret',
        redirect_uris: [`${PUBLIC_URL}/${ALIAS}-login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'upstream' }] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...PEOPLE[id] }),
    }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['upstream-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    // The user's sign-in at the provider: the test decides who it is (or that they refuse).
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (!upstream.next) {
        await provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'refused',
        });
        return;
      }
      const grant = new provider.Grant({
        accountId: upstream.next,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: upstream.next }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })();
  });
  return upstream;
}

/** The browser at the provider: follows its redirects (with its cookies) until it is sent back to CareSlot. */
async function atProvider(url: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    const target = new URL(location, next);
    if (target.origin === PUBLIC_URL) return target;
    next = target.toString();
  }
  throw new Error('too many redirects at the provider');
}

let upstream: Upstream;
let t: TestApp;
beforeAll(async () => {
  upstream = await startUpstream();
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      SOCIAL_OIDC_ISSUER: upstream.issuer,
      SOCIAL_OIDC_CLIENT_ID: 'careslot',
      SOCIAL_OIDC_CLIENT_SECRET: 'upstream-secret',
      SOCIAL_OIDC_NAME: 'Acme ID',
      SOCIAL_OIDC_ALIAS: ALIAS,
    },
  });
}, 30_000);
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const get = async (jar: CookieJar, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
  jar.store(response);
  return response;
};

/** From the realm to the provider and back to /acme-login, then on to the realm's broker endpoint. */
async function throughProvider(started: StartedAuthorization, brokerStart: string) {
  const toProvider = await get(started.jar, brokerStart);
  expect(toProvider.statusCode).toBe(303);
  const providerUrl = new URL(String(toProvider.headers.location));
  expect(providerUrl.origin).toBe(upstream.issuer);
  expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(providerUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/${ALIAS}-login`);
  const back = await atProvider(providerUrl.toString());
  expect(back.pathname).toBe(`/${ALIAS}-login`);
  const landing = await get(started.jar, `${back.pathname}${back.search}`);
  expect(landing.statusCode).toBe(303);
  return get(started.jar, localPath(landing.headers.location));
}

/** The realm's redirect that resumes the authorization, followed to the client's /callback with its code. */
async function codeFor(
  started: StartedAuthorization,
  finished: { statusCode: number; headers: { location?: string | undefined } },
) {
  expect(finished.statusCode).toBe(303);
  const resumed = await get(started.jar, localPath(finished.headers.location));
  const callback = new URL(String(resumed.headers.location));
  expect(callback.pathname).toBe('/callback');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.toString()}`);
  const tokens = await exchangeCode(t, {
    code,
    state: '',
    jar: started.jar,
    redirectUri: started.redirectUri,
    pkce: started.pkce,
  });
  expect(tokens.statusCode).toBe(200);
  return decodeJwt(tokens.json.id_token) as Record<string, unknown>;
}

describe('social login through a configured OpenID Connect provider', () => {
  it('tells the web app about the provider and shows its button on the realm login page', async () => {
    const config = await t.call<{ social: unknown }>({ url: '/api/app-config' });
    expect(config.json.social).toEqual({ alias: ALIAS, name: 'Acme ID' });
    const started = await startAuthorization(t);
    const page = await get(started.jar, started.formPath);
    expect(page.body).toContain('Login with Acme ID');
    expect(page.body).toContain(`/broker/${ALIAS}`);
  });

  it('a new user signs in at the provider, completes the social sign-up, and comes back the next time without it', async () => {
    upstream.next = 'acme-new-1';
    const started = await startAuthorization(t, { kc_idp_hint: ALIAS });
    const hinted = await get(started.jar, started.formPath);
    expect(hinted.statusCode).toBe(303);
    const signupPage = await throughProvider(started, localPath(hinted.headers.location));
    expect(signupPage.statusCode).toBe(200);
    expect(signupPage.body).toContain('Complete your CareSlot account');
    expect(signupPage.body).toContain('value="river.stone@example.com"');
    expect(signupPage.body).toContain('value="River"');
    expect(signupPage.body).not.toContain('name="password"');

    const action = /action="([^"]+)"/.exec(signupPage.body)![1]!.replace(/&amp;/g, '&');
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: action,
        headers: { cookie: started.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const fields = {
      given_name: 'River',
      family_name: 'Stone',
      dob: '',
      gender: 'Female',
      mobile_number: '',
      eula: 'on',
      oha: 'on',
      email: 'someone@else.com',
    };
    const missing = await post(fields);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Date of birth is required');

    const done = await post({ ...fields, dob: '3/14/1990' });
    started.jar.store(done);
    const claims = await codeFor(started, done);
    // The provider's e-mail, not the one typed into the form; a patient with both agreements accepted.
    expect(claims).toMatchObject({
      email: 'river.stone@example.com',
      given_name: 'River',
      family_name: 'Stone',
      dob: '1990-03-14',
      user_roles: ['patient'],
      user_type: 'Patient',
      eula_accepted: 'true',
      oha_accepted: 'true',
    });
    const links = await t.database.query<{ user_id: string }>(
      "select user_id from identity_external_links where provider = $1 and subject = 'acme-new-1'",
      [ALIAS],
    );
    expect(links).toEqual([{ user_id: claims.sub }]);

    // The next time: the button of the realm's login page, the provider, and straight back with a code.
    const again = await startAuthorization(t);
    const page = await get(again.jar, again.formPath);
    const href = /href="([^"]*\/broker\/acme)"/.exec(page.body)![1]!;
    const back = await throughProvider(again, href);
    expect((await codeFor(again, back)).sub).toBe(claims.sub);
  });

  it('links the account of the same verified e-mail, and never one whose e-mail the provider did not verify', async () => {
    upstream.next = 'acme-patient';
    const started = await startAuthorization(t, { kc_idp_hint: ALIAS });
    const hinted = await get(started.jar, started.formPath);
    const linked = await codeFor(started, await throughProvider(started, localPath(hinted.headers.location)));
    expect(linked).toMatchObject({ email: 'patient@demo.careslot.health', user_roles: ['patient'] });

    upstream.next = 'acme-unverified';
    const other = await startAuthorization(t, { kc_idp_hint: ALIAS });
    const otherHinted = await get(other.jar, other.formPath);
    const page = await throughProvider(other, localPath(otherHinted.headers.location));
    // Not signed in as the provider account: asked to sign up, and that e-mail is taken.
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete your CareSlot account');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const taken = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { cookie: other.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        given_name: 'Some',
        family_name: 'One',
        dob: '1/2/1980',
        eula: 'on',
        oha: 'on',
      }).toString(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('An account with this email already exists.');
  });

  it('shows Login Failed. when the user refuses at the provider, and refuses a state it did not start', async () => {
    upstream.next = null;
    const started = await startAuthorization(t, { kc_idp_hint: ALIAS });
    const hinted = await get(started.jar, started.formPath);
    const refused = await throughProvider(started, localPath(hinted.headers.location));
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain('Login Failed.');
    expect(refused.body).toContain('name="password"');

    const forged = await t.call<{ errors: { field: string; rule: string }[] }>({
      url: `/${ALIAS}-login?code=abc&state=forged`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json.errors).toEqual([
      expect.objectContaining({ field: 'query.state', rule: 'broker_state' }),
    ]);
  });
});

describe('social login without a provider', () => {
  it('is not offered: app-config says null and the realm login page has no such button', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.call<{ social: unknown }>({ url: '/api/app-config' })).json.social).toBeNull();
      const started = await startAuthorization(plain);
      const page = await plain.app.inject({
        method: 'GET',
        url: started.formPath,
        headers: { cookie: started.jar.header() },
      });
      expect(page.body).not.toContain('/broker/');
      expect((await plain.call({ url: `/${ALIAS}-login?state=x` })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
