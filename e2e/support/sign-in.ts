import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIResponse, type Cookie, type Page } from '@playwright/test';

/** The demo accounts of docs/demo-accounts.md, by role, with the home each lands on after sign-in (the landing table). */
export const DEMO_ACCOUNTS = {
  patient: { email: 'patient@demo.careslot.health', name: 'Jordan Ellis', home: '/portal' },
  provider: { email: 'provider@demo.careslot.health', name: 'Olivia Bennett', home: '/dashboard/doctor' },
  staff: { email: 'staff@demo.careslot.health', name: 'Priya Natarajan', home: '/dashboard/practice-staff' },
  admin: { email: 'admin@demo.careslot.health', name: 'Marcus Whitfield', home: '/practice-admin/dashboard' },
  'provider-admin': {
    email: 'provider-admin@demo.careslot.health',
    name: 'Daniel Reyes',
    home: '/dashboard/doctor',
  },
  superuser: {
    email: 'superuser@demo.careslot.health',
    name: 'Avery Collins',
    home: '/super-user/dashboard',
  },
  support: { email: 'support@demo.careslot.health', name: 'Sam Okafor', home: '/support-agent/dashboard' },
  finance: { email: 'finance@demo.careslot.health', name: 'Robin Hale', home: '/super-user/finance' },
} as const;
export const DEMO_PASSWORD = 'CareSlot!2026';
/** The legacy EHR's sign-in of a provider of the first practice (EHR practice 1001, vendor 5001). */
export const DEMO_EHR_ACCOUNT = { email: 'ehr-provider@demo.careslot.health' } as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Fills and submits the realm's own login page (the browser is on it). */
export async function submitRealmLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs a demo user in the way a person does: the Login page, the realm's login form, back through
 * /callback with PKCE; resolves once the header shows the user's account menu. For the journeys that test
 * sign-in itself; every other journey uses signInAs.
 */
export async function signInThroughPages(page: Page, role: DemoRole) {
  const account = DEMO_ACCOUNTS[role];
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(page, account.email, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();
}

const REALM = '/realms/careslot/protocol/openid-connect';
const base64Url = (bytes: Buffer) => bytes.toString('base64url');

/** Follows redirects by hand until one leaves for `stop` (the app's /callback), whose URL it returns. */
async function redirectsUntil(page: Page, response: APIResponse, stop: string): Promise<URL> {
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers()['location'];
    if (!location) throw new Error(`sign-in stopped at ${response.url()} (${response.status()})`);
    const next = new URL(location, response.url());
    if (next.href.startsWith(stop)) return next;
    response = await page.request.get(next.href, { maxRedirects: 0 });
  }
  throw new Error('sign-in redirected too often');
}

/**
 * The sign-ins this worker has done, by server and role: the browser's cookies right after it (the product's
 * SessionId and the realm's session), reused by the next journey that signs the same user in on the same server
 * (Playwright's storageState, kept in memory). A worker runs against one server, and its journeys run one after
 * another, so no two use a session at the same time.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Puts the cookies of a sign-in this worker did earlier into a fresh browser context, when its product session is
 * still valid (the call the app makes on a return visit answers 200; a journey may have signed the user out since).
 */
async function reuseSession(page: Page, key: string, origin: string): Promise<boolean> {
  const saved = sessions.get(key);
  if (!saved) return false;
  await page.context().addCookies(saved);
  const check = await page.request.post(`${origin}/api/account/is-already-loggedin`, {
    headers: { 'X-CSRF-Protection': '1' },
  });
  if (check.status() === 200) return true;
  sessions.delete(key);
  await page.context().clearCookies();
  return false;
}

/**
 * Signs a demo user in through the same OpenID Connect flow with PKCE, spoken over HTTP instead of through the
 * pages (the journeys' API sign-in): the realm's authorization request and login form, the code exchanged for
 * the realm's token, that token exchanged for the product token, which starts the product session (its
 * SessionId cookie lands in the browser context, whose cookies page.request shares). The app then signs the
 * user in on its first page exactly as on a return visit ('already logged in', spec 4.8): `firstPage`, or the
 * home the landing table gives the role. Resolves once the header shows the user's account menu.
 *
 * The sign-in is kept for the worker: the next journey signing the same user in on the same server, in a context
 * with no cookies yet, starts from it (a return visit) instead of the realm's form and password hash. A context
 * that already holds cookies (a guest's SessionId with a held slot) signs in through the realm, so whatever the
 * sign-in does with that guest session still happens; so does `fresh: true`.
 */
export async function signInAs(
  page: Page,
  role: DemoRole,
  { firstPage, fresh = false }: { firstPage?: string; fresh?: boolean } = {},
) {
  const account = DEMO_ACCOUNTS[role];
  const origin = new URL(page.url().startsWith('http') ? page.url() : (test.info().project.use.baseURL ?? ''))
    .origin;
  const key = `${origin} ${role}`;
  const freshContext = (await page.context().cookies()).length === 0;
  if (fresh || !freshContext || !(await reuseSession(page, key, origin))) {
    await signInThroughRealm(page, origin, account.email);
    if (freshContext) sessions.set(key, await page.context().cookies());
  }
  await page.goto(firstPage ?? account.home);
  await expect(page.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();
}

async function signInThroughRealm(page: Page, origin: string, email: string) {
  const callback = `${origin}/callback`;
  const verifier = base64Url(randomBytes(32));
  const authorize = new URL(`${origin}${REALM}/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'careslot_web_app',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: callback,
    state: base64Url(randomBytes(12)),
    code_challenge: base64Url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  const loginPage = await redirectsUntil(
    page,
    await page.request.get(authorize.href, { maxRedirects: 0 }),
    `${origin}/realms/careslot/login-actions/`,
  );
  const form = await page.request.get(loginPage.href);
  const action = /<form method="post" action="([^"]+)"/.exec(await form.text())?.[1];
  if (!action) throw new Error(`no login form at ${loginPage.href}`);
  const submitted = await page.request.post(new URL(action.replace(/&amp;/g, '&'), loginPage).href, {
    form: { username: email, password: DEMO_PASSWORD, lang: 'en' },
    maxRedirects: 0,
  });
  const code = (await redirectsUntil(page, submitted, callback)).searchParams.get('code');
  if (!code) throw new Error('the realm gave no authorization code');
  const realmToken = await page.request.post(`${origin}${REALM}/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      client_id: 'careslot_web_app',
      code_verifier: verifier,
    },
  });
  expect(realmToken.ok(), await realmToken.text()).toBe(true);
  const { access_token } = (await realmToken.json()) as { access_token: string };
  const product = await page.request.post(`${origin}/api/account/exchange-token`, {
    data: { SubjectToken: access_token },
  });
  expect(product.ok(), await product.text()).toBe(true);
}

/**
 * A product token of the browser context's signed-in session: the web app keeps its token in memory only
 * (decision 0107), so a journey asks 'already logged in' as the app does, with the SessionId cookie the context
 * holds and the CSRF header.
 */
export async function sessionToken(page: Page): Promise<string> {
  const answer = await page.request.post('/api/account/is-already-loggedin', {
    headers: { 'X-CSRF-Protection': '1' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}

/** A call of the product API from the page, as its signed-in user. */
export async function pageApi(page: Page, path: string, method = 'GET', body?: unknown) {
  const token = await sessionToken(page);
  return page.evaluate(
    async ([url, verb, payload, bearer]) => {
      const answer = await fetch(url, {
        method: verb,
        headers: { authorization: `bearer ${bearer}`, 'content-type': 'application/json' },
        body: payload ? JSON.stringify(payload) : null,
      });
      return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
    },
    [path, method, body, token] as const,
  );
}

/** The claims of the browser context's signed-in session (its product token's payload). */
export async function sessionClaims(page: Page): Promise<Record<string, unknown>> {
  const token = await sessionToken(page);
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}
