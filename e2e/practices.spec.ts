import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a super user lands on Practices, sees every demo practice and finds one by name', async ({ page }) => {
  await signInAs(page, 'superuser', { firstPage: '/super-user/dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Practices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Practices' });
  await expect(table.getByText('Riverside Health Partners')).toBeVisible();
  await expect(table.getByText('Summit Family Medicine')).toBeVisible();
  // The demo's three practices and any a journey onboarded before (onboarding.spec.ts runs first).
  await expect(page.getByText(/^\d+ practices$/)).toBeVisible();

  await page.getByLabel('Search practices').fill('summit');
  await expect(page.getByText('1 practice', { exact: true })).toBeVisible();
  await expect(table.getByText('Summit Family Medicine')).toBeVisible();
  await expect(table.getByText('Riverside Health Partners')).toBeHidden();

  await page.getByLabel('Search practices').fill('no such practice');
  await expect(page.getByText('No practice matches “no such practice”.')).toBeVisible();
});

test('a provider opening the Practices dashboard is told it is for super users only', async ({ page }) => {
  await signInAs(page, 'provider');
  await page.goto('/super-user/dashboard');
  await expect(page.getByRole('alert')).toHaveText('Only super users can see the list of practices.');
});
