import { expect, test } from '@playwright/test';
import { latestCode } from './support/outbox';
import { seedId } from './support/seed';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a new patient registers at the identity provider, picks a slot, goes through the stages, pays with 4242 and lands on the portal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `journey-${Date.now()}@example.com`;
  const password = 'Fresh-start-2026';
  const mobile = `(646) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;

  // A new patient registers with the identity provider (Sign Up → the realm's Create Account form → /callback).
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/account/activation-code-question');
  await page.getByRole('radio', { name: "No, I don't have an activation code" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\//);
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone (optional)').fill(mobile);
  await page.getByLabel('Date of birth').fill('4/9/1991');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/Terms of Use/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Riley Journey' })).toBeVisible();
  // The sign-in is over once the callback has landed the new patient on their portal.
  await page.waitForURL((url) => url.pathname === '/portal');

  // On the provider's profile (the first demo practice takes a visit fee) the patient picks the first open time.
  await page.goto(`/providers/${seedId('demo:person:provider')}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('[data-slot-id]').first().click();
  // A browser in another zone than the facility's confirms the time first (the Time Zone Difference dialog).
  const booking = /\/(screening-form|book\/book-appointment-form)$/;
  const timeZoneDialog = page.getByRole('dialog', { name: 'Time Zone Difference' });
  const asked = await Promise.race([
    timeZoneDialog.waitFor().then(
      () => true,
      () => false,
    ),
    page.waitForURL(booking).then(
      () => false,
      () => false,
    ),
  ]);
  if (asked) await timeZoneDialog.getByRole('button', { name: 'Yes' }).click();
  // The held time goes straight on to booking (4.3 step 8): the screening form first when one applies.
  await expect(page).toHaveURL(booking);

  // The stages that apply, in the order of the advance rules (4.2), until the pay page.
  for (let step = 0; step < 12 && !/\/book\/pay$/.test(new URL(page.url()).pathname); step += 1) {
    await page.waitForLoadState('networkidle');
    const path = new URL(page.url()).pathname;
    if (path === '/screening-form') {
      for (const group of await page.getByRole('radiogroup').all()) {
        const no = group.getByRole('radio', { name: 'No' });
        if (await no.count()) await no.check();
        else await group.getByRole('radio').last().check();
      }
      const name = page.getByRole('textbox', { name: /Type your full name/ });
      if (await name.count()) await name.fill('Riley Journey');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/book/book-appointment-form') {
      // Continue is enabled once the flow has loaded what decides the next stage: unanswered screening forms
      // send the patient to /screening-form first (networkidle above does not wait for an in-app navigation).
      await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
      if (new URL(page.url()).pathname !== path) continue;
      await page.getByRole('textbox', { name: /Reason for visit/ }).fill('Sore throat');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/verification/phone-verify') {
      const sentAt = new Date(Date.now() - 1000);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('status')).toContainText('We sent a code to');
      const code = await latestCode(page.request, `+1${mobile.replace(/\D/g, '')}`, 'otp', sentAt);
      await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    } else if (path === '/book/collect-patient-demographics') {
      const choose = async (name: string, option: RegExp) => {
        const box = page.getByRole('combobox', { name });
        if ((await box.evaluate((el) => el.tagName)) === 'SELECT')
          await box.selectOption({
            label: (await box.locator('option').allTextContents()).find((o) => option.test(o))!,
          });
        else {
          await box.click();
          await page.getByRole('option', { name: option }).first().click();
        }
      };
      await choose('Gender', /Female/);
      await page.getByRole('textbox', { name: 'Street address' }).fill('12 Elm Street');
      await page.getByRole('textbox', { name: 'City' }).fill('Brooklyn');
      await choose('State', /^(NY|New York)/);
      await page.getByRole('textbox', { name: /ZIP code/ }).fill('11201');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/book/insurance-confirmation') {
      await page.getByRole('button', { name: /^Yes/ }).click();
    } else if (path === '/book/collect-insurance') {
      await page.getByRole('textbox', { name: /Search Insurance/ }).fill('');
      await page
        .getByRole('option', { name: "I don't have insurance" })
        .or(page.getByRole('option', { name: 'Self paying' }))
        .first()
        .click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.pathname !== path, { timeout: 15_000 });
  }

  // The visit fee with the sandbox test card.
  await expect(page).toHaveURL(/\/book\/pay$/);
  await expect(page.getByTestId('visit-fee')).toHaveText('$75.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/31');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('button', { name: 'Pay $75.00 and book' }).click();

  // The confirmation popup (2.9) over the portal details page (2.1).
  await expect(page).toHaveURL(
    /\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}\?showConfirmationMessage=true$/,
  );
  await expect(page.getByTestId('confirmation-title')).toHaveText(
    'Riley, Your appointment has been scheduled',
  );
  await expect(page.getByTestId('confirmation-detail')).toContainText(
    /^with .*Olivia Bennett on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, 20\d\d at \d{1,2}:\d{2} (AM|PM)$/,
  );
  await expect(page.getByRole('button', { name: 'Manage appointment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find other doctors' })).toBeVisible();
  await page.getByRole('button', { name: 'Manage appointment' }).click();
  await expect(page.getByTestId('appointment-status')).toHaveText('Scheduled');
  await expect(page.getByText('Sore throat')).toBeVisible();
  await expect(page.getByText('xxxxxxxxxx4242')).toBeVisible();
});
