import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a support agent finds a patient of any practice by name and date of birth, read-only', async ({
  page,
}) => {
  await signInAs(page, 'support', { firstPage: '/support-agent/dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Find a patient' })).toBeVisible();

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('Fill in at least one field to search.');

  await page.getByLabel('Name').fill('jordan ellis');
  await page.getByLabel('Date of birth').fill('1988-04-17');
  await page.getByLabel(/Purpose of access/).fill('The patient called about a booking');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: 'Patients found' });
  await expect(results.getByText('Jordan Ellis')).toBeVisible();
  await expect(page.getByText('1 patient found')).toBeVisible();
  await expect(results.getByText('Riverside Health Partners')).toBeVisible();
  // Read-only: the one action on a row opens the patient's appointments and account state (audited with the purpose).
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button', { name: 'Open Jordan Ellis' }).click();
  const overview = page.getByRole('region', { name: 'Jordan Ellis' });
  await expect(overview.getByRole('heading', { level: 3, name: 'Account' })).toBeVisible();
  await expect(overview.getByText(/^(Locked|Not locked)$/)).toBeVisible();
  await expect(overview.getByText(/^(Last sign-in .+|Never signed in)$/)).toBeVisible();
  await expect(overview.getByRole('heading', { level: 3, name: 'Upcoming appointments' })).toBeVisible();
  await expect(
    overview.getByText('This look-up was recorded with your purpose: “The patient called about a booking”.'),
  ).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByLabel('Phone').fill('555-01');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter a 10-digit phone number.')).toBeVisible();
});

test('a practice staff member cannot use the support search', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('/support-agent/dashboard');
  await expect(page.getByRole('alert')).toHaveText(
    'Only support agents can search patients across practices.',
  );
});
