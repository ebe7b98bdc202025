import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';
import { evidence } from './support/evidence';

const SHOTS = fileURLToPath(new URL('../test-results/reminder-settings/', import.meta.url));

/**
 * The practice admin's reminder settings (practice-portal.md §3.8, §7 "Reminders") in the settings frame: the
 * defaults before any were saved, a rule broken and named on its field, saved and read again after a reload.
 */
test('a practice admin turns reminders on, 24 and 2 hours before, by e-mail and SMS', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin', { firstPage: '/practice-admin/settings/reminders' });
  const main = page.getByRole('region', { name: 'Appointment reminders' });
  await expect(main).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reminders' })).toHaveAttribute('aria-current', 'page');

  const enabled = main.getByRole('switch', { name: 'Send appointment reminders' });
  await expect(enabled).not.toBeChecked();
  await expect(main.getByLabel('Reminder 1', { exact: true })).toHaveValue('24');
  await expect(main.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await expect(main.getByRole('checkbox', { name: 'SMS' })).toBeChecked();

  await enabled.check();
  await main.getByRole('button', { name: 'Add a reminder time' }).click();
  await main.getByLabel('Reminder 2', { exact: true }).fill('200');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByText('Enter whole hours from 1 to 168.')).toBeVisible();
  await main.getByLabel('Reminder 2', { exact: true }).fill('24');
  await expect(main.getByText('Each reminder time may appear only once.')).toBeVisible();
  await main.getByLabel('Reminder 2', { exact: true }).fill('2');
  await expect(main.getByRole('alert')).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
  await evidence(page, { path: `${SHOTS}reminders-1280.png`, fullPage: true });

  const saved = page.waitForResponse(
    (r) => r.url().includes('/ReminderSettings') && r.request().method() === 'POST',
  );
  await main.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Reminder settings saved.')).toBeVisible();

  await page.reload();
  await expect(main.getByRole('switch', { name: 'Send appointment reminders' })).toBeChecked();
  await expect(main.getByLabel('Reminder 1', { exact: true })).toHaveValue('24');
  await expect(main.getByLabel('Reminder 2', { exact: true })).toHaveValue('2');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(main.getByRole('button', { name: 'Save' })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await evidence(page, { path: `${SHOTS}reminders-375.png`, fullPage: true });

  // Off again (with Id now: a PUT), so the journeys after this one book at a practice that sends no reminders.
  await main.getByRole('switch', { name: 'Send appointment reminders' }).uncheck();
  const off = page.waitForResponse(
    (r) => r.url().includes('/ReminderSettings') && r.request().method() === 'PUT',
  );
  await main.getByRole('button', { name: 'Save' }).click();
  expect((await off).status()).toBe(200);
  await expect(main.getByRole('switch', { name: 'Send appointment reminders' })).not.toBeChecked();
});
