import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';

/**
 * Patient surveys (practice-portal.md §2.11): a practice admin starts a survey from the library's template and
 * turns it on; the practice's staff see it read-only. Screenshots go to test-results/surveys/.
 */
const SHOTS = fileURLToPath(new URL('../test-results/surveys/', import.meta.url));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a practice admin starts a survey from a template and turns it on; staff read it', async ({ page, browser }) => {
  const name = `Visit survey ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await page.goto('/practice-admin/surveys');
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  await page.getByRole('button', { name: 'New survey' }).click();

  const form = page.getByRole('form', { name: 'New survey' });
  await form.getByRole('button', { name: 'Save survey' }).click();
  await expect(form.getByText('Give the survey a name.')).toBeVisible();

  await form.getByLabel('Start from a template').click();
  await page.getByRole('option', { name: 'Visit experience (CareSlot library)' }).click();
  await expect(form.getByRole('listitem', { name: /^Question \d+$/ })).toHaveCount(5);
  await form.getByLabel('Survey name').fill(name);
  await form.getByRole('button', { name: 'Remove question 5' }).click();
  await form.getByRole('switch', { name: 'Active' }).check();
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}editor-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Save survey' }).click();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('4 questions');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}list-375.png`, fullPage: true });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(staff, 'staff');
  await staff.goto('/staff-member/surveys');
  const seen = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name }) });
  await expect(seen).toContainText('Active');
  await expect(staff.getByRole('button', { name: 'New survey' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await staffContext.close();
});
