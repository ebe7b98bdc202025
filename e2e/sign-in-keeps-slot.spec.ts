import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, submitRealmLogin } from './support/sign-in';

/**
 * Issue 17 item 3 (patient-booking.md §4.8 callback step 5, decision 0025): a signed-out patient picks a time,
 * is offered registration, signs in with the account they already have instead, and goes on to the booking form
 * with that very time still held for them.
 */
test.use({ timezoneId: 'America/New_York', viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

/** A Monday some weeks ahead (yyyy-mm-dd), so this journey's times are not the other journeys'. */
function searchDate(weeksAhead: number): string {
  const day = new Date(Date.now() + weeksAhead * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}

test('a signed-out patient who picks a time and then signs in with an existing account reaches the booking form with that time held', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/provider-search?specialty=Internist&date=${searchDate(5)}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Dr. Olivia Bennett, MD' }) });
  await card.getByTestId('slot-day').getByRole('button').first().click();
  await page.waitForURL(/\/realms\/careslot\//);
  await expect(page).toHaveTitle('Create Account - CareSlot');
  const held = JSON.parse((await page.evaluate(() => sessionStorage.getItem('slot_data')))!) as {
    time_slot: { Start: string };
  };

  // "Already have an account? Login": the patient signs in instead of registering.
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Dr. Olivia Bennett, MD')).toBeVisible();
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(page, DEMO_ACCOUNTS.patient.email, DEMO_PASSWORD);

  // §4.8 step 5: an existing user with a pending slot goes on to the booking (its screening form first, 4.3 step 7).
  await expect(page).toHaveURL(/\/screening-form$/);
  await page
    .getByRole('radiogroup', { name: /fever, cough or shortness of breath/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('radio', { name: 'A routine check-up' }).check();
  await page.getByRole('textbox', { name: /Type your full name/ }).fill(DEMO_ACCOUNTS.patient.name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/book\/book-appointment-form$/);
  await expect(page.getByText('No time is held for you')).toHaveCount(0);
  await expect(page.getByTestId('booking-entity-name')).toHaveText('Dr. Olivia Bennett, MD');
  const selection = JSON.parse((await page.evaluate(() => sessionStorage.getItem('slot_data')))!) as {
    time_slot: { Start: string };
  };
  expect(selection.time_slot.Start).toBe(held.time_slot.Start);
  await expect(page.getByLabel(`Myself (${DEMO_ACCOUNTS.patient.name})`)).toBeChecked();

  // The hold was handed over to the account: the server still holds that very time for this patient.
  await page.getByRole('textbox', { name: /Reason for visit/ }).fill('Check-up');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/book\/book-appointment-form$/);
  await expect(page.getByText('No time is held for you')).toHaveCount(0);
});
