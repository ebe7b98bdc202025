import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { OAUTH_CLIENT_ID, OAUTH_SCOPE } from '@careslot/contracts';
import type { TestApp } from './app';

/** A tiny cookie jar for inject(): keeps every cookie the server sets, whatever its path. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function pkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A path and query of a Location header, for inject(). */
export function localPath(location: string | undefined): string {
  if (!location) throw new Error('no Location header');
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

export interface SignInResult {
  code: string;
  state: string;
  jar: CookieJar;
  redirectUri: string;
  pkce: PkcePair;
}

/**
 * Walks the browser's part of the authorization code flow with PKCE through inject(): authorization
 * request, the realm's login form, and back to the web app's /callback with a code.
 */
export async function authorize(
  t: TestApp,
  email: string,
  password: string,
  extra: Record<string, string> = {},
): Promise<SignInResult> {
  const jar = new CookieJar();
  const pkce = pkcePair();
  const state = randomBytes(8).toString('hex');
  const redirectUri = `${t.config.publicUrl}/callback`;
  const query = new URLSearchParams({
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: OAUTH_SCOPE,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const start = await t.app.inject({
    method: 'GET',
    url: `/realms/careslot/protocol/openid-connect/auth?${query.toString()}`,
  });
  jar.store(start);
  if (start.statusCode !== 303)
    throw new Error(`authorization request answered ${start.statusCode}: ${start.body}`);
  const form = await t.app.inject({
    method: 'GET',
    url: localPath(start.headers.location),
    headers: { cookie: jar.header() },
  });
  jar.store(form);
  const uid = /login-actions\/([^/?"]+)/.exec(localPath(start.headers.location))![1]!;
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/realms/careslot/login-actions/${uid}/login`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  jar.store(submitted);
  if (submitted.statusCode !== 303) throw new Error(`login answered ${submitted.statusCode}`);
  const resumed = await t.app.inject({
    method: 'GET',
    url: localPath(submitted.headers.location),
    headers: { cookie: jar.header() },
  });
  jar.store(resumed);
  const back = new URL(String(resumed.headers.location));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.toString()}`);
  return { code, state: back.searchParams.get('state') ?? '', jar, redirectUri, pkce };
}

/** The token endpoint call the web app makes at /callback. */
export function exchangeCode(t: TestApp, result: SignInResult, verifier = result.pkce.verifier) {
  return t.call<{ access_token: string; id_token: string; refresh_token: string; error?: string }>({
    method: 'POST',
    url: '/realms/careslot/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: OAUTH_CLIENT_ID,
      code: result.code,
      redirect_uri: result.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
}

/** Signs a demo or test account in for real (OIDC with PKCE, then the product token exchange). */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const result = await authorize(t, email, password);
  const tokens = await exchangeCode(t, result);
  const product = await t.call<{ data: { access_token: string } }>({
    method: 'POST',
    url: '/api/account/exchange-token',
    payload: { SubjectToken: tokens.json.access_token },
  });
  return product.json.data.access_token;
}
