import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  sessionClaims,
  signInThroughPages,
  submitRealmLogin,
} from './support/sign-in';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // '/' shows the patient home rather than the landing page for doctors.
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a patient signs in with PKCE from the header, stays signed in across a reload, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await expect(page).toHaveTitle('Login - CareSlot');
  await expect(page.getByRole('heading', { name: 'Use your CareSlot Account' })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  await submitRealmLogin(page, DEMO_ACCOUNTS.patient.email, DEMO_PASSWORD);
  const account = page.getByRole('button', { name: 'Account menu for Jordan Ellis' });
  await expect(account).toBeVisible();
  // The landing table of §4.8: a patient goes to the patient portal (built by a later issue).
  await page.waitForURL((url) => url.pathname === '/portal');
  // The token is in the page's memory only (decision 0107): no web storage holds it, and a reload keeps the
  // user signed in through the HttpOnly SessionId cookie.
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(storage).not.toMatch(/eyJ[\w-]+\.eyJ/);
  const session = (await page.context().cookies()).find((c) => c.name === 'SessionId');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account' });

  await page.reload();
  await expect(account).toBeVisible();

  await account.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  // The browser passes by the realm's logout and comes back home, signed out there too.
  await page.waitForURL(/\/realms\/careslot\/protocol\/openid-connect\/logout/);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('login_response'))).toBeNull();
  // Sign-out cleared the session cookie: no fresh token for this browser any more.
  expect((await page.context().cookies()).find((c) => c.name === 'SessionId')).toBeUndefined();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a wrong password keeps the user on the login form with the spec message', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login - CareSlot');
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await submitRealmLogin(page, DEMO_ACCOUNTS.provider.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid Username or password');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_ACCOUNTS.provider.email);
});

test('the realm speaks the language chosen in CareSlot', async ({ page }) => {
  await page.goto('/login?lang=es');
  await page.evaluate(() => localStorage.setItem('careslot_language', 'es'));
  await page.reload();
  await page.getByRole('button', { name: 'Iniciar sesión con CareSlot' }).click();
  await expect(page.getByRole('heading', { name: 'Use su cuenta de CareSlot' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

// Each demo role through the real authorization code + PKCE redirect, to its page of the landing table.
for (const [role, landing] of [
  ['provider', '/dashboard/doctor'],
  ['staff', '/dashboard/practice-staff'],
  ['admin', '/practice-admin/dashboard'],
  ['support', '/support-agent/dashboard'],
  // A provider who is also a practice admin: provider comes first in the landing table.
  ['provider-admin', '/dashboard/doctor'],
  // The financial super user has no row in the landing table: their finance home (decision 0056).
  ['finance', '/super-user/finance'],
] as const) {
  test(`${role} signs in and lands on ${landing}`, async ({ page }) => {
    await signInThroughPages(page, role);
    await page.waitForURL((url) => url.pathname === landing);
  });
}

test('a super user signs in and the session carries the super-user role', async ({ page }) => {
  await signInThroughPages(page, 'superuser');
  await page.waitForURL((url) => url.pathname === '/super-user/dashboard');
  expect((await sessionClaims(page))['user_roles']).toEqual(['superuser']);
});

test('sign-out clears every stored key of the spec and the browser carries on with a fresh guest token', async ({
  page,
}) => {
  await signInThroughPages(page, 'patient');
  await page.waitForURL((url) => url.pathname === '/portal');
  // The storage keys of patient-booking.md §9.
  const localKeys = ['login_response', 'user_type', 'showPopup', 'showpPopup', 'alertCount'];
  const sessionKeys = [
    'return_url',
    'code_verifier',
    'careslot_token',
    'slot_data',
    'slot_info',
    'provider_search_state',
    'sessionId',
  ];
  // Every key holds something, as after a booking started, a popup shown and a search made.
  const values: Record<string, string> = {
    showPopup: '1',
    showpPopup: '1',
    alertCount: '1',
    return_url: '/portal',
    code_verifier: 'verifier',
    slot_data: '{}',
    slot_info: '{}',
    provider_search_state: '{}',
    sessionId: 'session',
  };
  await page.evaluate(
    ({ local, session, given }) => {
      for (const key of local) if (!localStorage.getItem(key)) localStorage.setItem(key, given[key] ?? 'x');
      for (const key of session)
        if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, given[key] ?? 'x');
    },
    { local: localKeys, session: sessionKeys, given: values },
  );
  const guestToken = page.waitForResponse(
    (r) => r.url().includes('/api/account/login/guest') && r.status() === 200,
  );
  // The portal settles first (its list loads after the landing); a menu opened meanwhile closes with it.
  await expect(page.getByRole('heading', { name: 'My health', level: 1 })).toBeVisible();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(async () => {
    if (!(await logout.isVisible()))
      await page.getByRole('button', { name: `Account menu for ${DEMO_ACCOUNTS.patient.name}` }).click();
    await expect(logout).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await logout.click();
  await guestToken;
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  const left = await page.evaluate(
    ([local, session]) => [
      ...local!.filter((k) => localStorage.getItem(k) !== null),
      ...session!.filter((k) => sessionStorage.getItem(k) !== null),
    ],
    [localKeys, sessionKeys],
  );
  expect(left).toEqual([]);
  // The guest token the browser now uses (kept for the tab) carries no roles.
  const claims = await page.evaluate(() => {
    const token = sessionStorage.getItem('guest_token') ?? '';
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      guest: boolean;
      user_roles: string[];
    };
  });
  expect(claims).toMatchObject({ guest: true, user_roles: [] });
});
