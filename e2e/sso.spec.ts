import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs } from './support/sign-in';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a practitioner signs on with the token in the URL fragment and lands on their dashboard', async ({ page }) => {
  const login = await page.request.post('/api/account/login', {
    data: { UserName: DEMO_ACCOUNTS.provider.email, Password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  await page.context().clearCookies();

  await page.goto(`/sso#token=${token}`);
  await page.waitForURL((url) => url.pathname === '/dashboard/doctor');
  await expect(page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.provider.name) })).toBeVisible();
});

test("/sso without a token says 'Token not found'", async ({ page }) => {
  await page.goto('/sso');
  await expect(page.getByRole('alert').filter({ hasText: 'Token not found' }).first()).toBeVisible();
});

test('the silent probe shows a guest the landing page, and signs a user with a realm session back in', async ({ page }) => {
  // No realm session: prompt=none answers login_required, and the probed guest gets the landing page.
  await page.goto('/dashboard/doctor');
  await page.waitForURL((url) => url.pathname === '/');

  // A realm session (signed in before) without the product's stored login: the probe signs in silently.
  await signInAs(page, 'staff');
  await page.evaluate(() => {
    localStorage.removeItem('login_response');
    sessionStorage.clear();
  });
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((c) => c.name !== 'SessionId'));
  await page.goto('/dashboard/practice-staff');
  await page.waitForURL(/\/callback\?code=/);
  await page.waitForURL((url) => url.pathname === '/dashboard/practice-staff');
  await expect(page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.staff.name) })).toBeVisible();
});
