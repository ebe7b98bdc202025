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

export interface StartedAuthorization {
  jar: CookieJar;
  pkce: PkcePair;
  redirectUri: string;
  /** The interaction id of the realm's login form. */
  uid: string;
  /** Path of the login form the realm redirected to. */
  formPath: string;
}

/** An authorization request with PKCE S256 (plus `extra` parameters), up to the realm's login form. */
export async function startAuthorization(
  t: TestApp,
  extra: Record<string, string> = {},
): Promise<StartedAuthorization> {
  const jar = new CookieJar();
  const pkce = pkcePair();
  const redirectUri = `${t.config.publicUrl}/callback`;
  const query = new URLSearchParams({
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: OAUTH_SCOPE,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...extra,
  });
  const start = await t.app.inject({
    method: 'GET',
    url: `/realms/careslot/protocol/openid-connect/auth?${query.toString()}`,
  });
  jar.store(start);
  if (start.statusCode !== 303)
    throw new Error(`authorization request answered ${start.statusCode}: ${start.body}`);
  const formPath = localPath(start.headers.location);
  const uid = /login-actions\/([^/?"]+)/.exec(formPath)![1]!;
  return { jar, pkce, redirectUri, uid, formPath };
}

/** Posts the realm's login form of a started authorization. */
export async function submitLogin(
  t: TestApp,
  started: StartedAuthorization,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/realms/careslot/login-actions/${started.uid}/login`,
    headers: {
      cookie: started.jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
  started.jar.store(response);
  return response;
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
  const started = await startAuthorization(t, extra);
  const { jar } = started;
  jar.store(await t.app.inject({ method: 'GET', url: started.formPath, headers: { cookie: jar.header() } }));
  const submitted = await submitLogin(t, started, { username: email, password });
  if (submitted.statusCode !== 303) throw new Error(`login answered ${submitted.statusCode}`);
  return followBackToClient(t, started, submitted);
}

/** After a realm form answered 303: resumes the authorization and reads the code sent back to the client. */
export async function followBackToClient(
  t: TestApp,
  started: StartedAuthorization,
  submitted: { headers: { location?: string | undefined } },
): Promise<SignInResult> {
  const { jar } = started;
  const resumed = await t.app.inject({
    method: 'GET',
    url: localPath(submitted.headers.location),
    headers: { cookie: jar.header() },
  });
  jar.store(resumed);
  const back = new URL(String(resumed.headers.location));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.toString()}`);
  return {
    code,
    state: back.searchParams.get('state') ?? '',
    jar,
    redirectUri: started.redirectUri,
    pkce: started.pkce,
  };
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

/** A registration form of the realm's prompt=create page, valid unless a test overrides a field. */
export function registrationForm(overrides: Record<string, string> = {}): Record<string, string> {
  const suffix = randomBytes(4).toString('hex');
  return {
    given_name: 'Casey',
    family_name: "O'Neil",
    email: `new-patient-${suffix}@example.com`,
    mobile_number: '(555) 201-7788',
    dob: '4/9/1991',
    gender: 'Female',
    password: 'Fresh-start-2026',
    confirm_password: 'Fresh-start-2026',
    eula: 'on',
    oha: 'on',
    ...overrides,
  };
}

/**
 * Registers a new patient through the realm (prompt=create) and comes back with a code, like a browser
 * would; then exchangeCode and the product token exchange sign the new user in.
 */
export async function register(
  t: TestApp,
  form: Record<string, string> = registrationForm(),
): Promise<SignInResult & { email: string; password: string }> {
  const started = await startAuthorization(t, { prompt: 'create' });
  const { jar } = started;
  jar.store(await t.app.inject({ method: 'GET', url: started.formPath, headers: { cookie: jar.header() } }));
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/realms/careslot/login-actions/${started.uid}/register`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  jar.store(submitted);
  if (submitted.statusCode !== 303) throw new Error(`registration answered ${submitted.statusCode}`);
  return {
    ...(await followBackToClient(t, started, submitted)),
    email: form.email!,
    password: form.password!,
  };
}

/** The product token of a signed-in realm code (the web app's exchange-token call). */
export async function productTokenFor(t: TestApp, result: SignInResult): Promise<string> {
  const tokens = await exchangeCode(t, result);
  const product = await t.call<{ data: { access_token: string } }>({
    method: 'POST',
    url: '/api/account/exchange-token',
    payload: { SubjectToken: tokens.json.access_token },
  });
  return product.json.data.access_token;
}
