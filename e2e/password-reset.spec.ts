import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, submitRealmLogin } from './support/sign-in';
import { latestCode } from './support/outbox';

// The finance demo account: the journeys that sign in with its demo password run before this one, and
// payment-settings.spec.ts sets a password of its own, so changing it disturbs nothing.
const account = DEMO_ACCOUNTS.finance;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a user resets a forgotten password with the e-mailed code and signs in with the new one', async ({
  page,
}) => {
  // From the realm's login page, the way a user who forgot the password gets there.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password - CareSlot');

  const requestedAt = new Date(Date.now() - 1000);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-code');
  await expect(page.getByText(`We sent a 6-digit code to ${account.email}`)).toBeVisible();
  const code = await latestCode(page.request, account.email, 'password-reset', requestedAt);

  // A wrong code is refused with the spec's message and counts as one of the five tries.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('You entered an invalid otp code');
  await expect(page).toHaveURL(/\/verify-code$/);

  await page.getByLabel('Digit 1').click();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/reset-password');

  const newPassword = `Fresh-${Date.now()}-pw1`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByText('The password needs at least 8 characters, with a letter and a digit.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  // Back at the realm's login page with the e-mail filled in; the new password signs in.
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await submitRealmLogin(page, account.email, newPassword);
  await expect(page.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();
});

test('the recovery screens keep the /account path family and guard their order', async ({ page }) => {
  // verify-code without an e-mail looked up goes back to forgot-password (§2.2 verification guard).
  await page.goto('/account/verify-code');
  await page.waitForURL((url) => url.pathname === '/account/forgot-password');
  await page.goto('/account/reset-password');
  await page.waitForURL((url) => url.pathname === '/account/forgot-password');

  // An address without an account is answered exactly as one with (no account enumeration): on to the code.
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL((url) => url.pathname === '/account/verify-code');
  await page.goto('/account/forgot-password');

  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.provider.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL((url) => url.pathname === '/account/verify-code');
  // The code is not verified yet: reset-password is still closed.
  await page.goto('/account/reset-password');
  await page.waitForURL((url) => url.pathname === '/account/forgot-password');
});
