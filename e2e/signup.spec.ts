import { expect, test, type Page } from '@playwright/test';
import { sessionToken } from './support/sign-in';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a new patient registers at the realm and lands signed in with a patient record and accepted agreements', async ({
  page,
}) => {
  const email = `new-patient-${Date.now()}@example.com`;
  const password = 'Fresh-start-2026';

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/account/activation-code-question');
  await expect(page).toHaveTitle('Create New Account - CareSlot');

  // A code that does not exist is refused on the spot.
  await page.getByRole('radio', { name: 'Yes, I have an activation code' }).check();
  await page.getByRole('textbox', { name: 'Activation code' }).fill('00000000-0000-4000-8000-000000000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('This activation code is not valid or has expired.');

  await page.getByRole('radio', { name: "No, I don't have an activation code" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await expect(page).toHaveTitle('Create Account - CareSlot');

  // The form's rules (§5.1): a date of birth under 16 is refused with its message.
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill("O'Neil");
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone (optional)').fill('(555) 201-7788');
  await page.getByLabel('Date of birth').fill('1/1/2015');
  await page.getByLabel('Gender (optional)').selectOption('Female');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/Terms of Use/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('You must be at least 16 years old to create an account')).toBeVisible();

  await page.getByLabel('Date of birth').fill('4/9/1991');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Back through /callback: signed up, signed in, on the patient's landing page.
  await expect(page.getByRole('button', { name: "Account menu for Casey O'Neil" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/portal');

  const token = await sessionToken(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    careslot_id?: string;
  };
  expect(claims.careslot_id).toBeTruthy();
  const headers = { authorization: `bearer ${token}` };
  const patient = await page.request.get(`/careslot-administration/api/v2/patient/${claims.careslot_id}`, {
    headers,
  });
  expect(patient.status()).toBe(200);
  expect(((await patient.json()) as { Name: { Family: string }[] }).Name[0]!.Family).toBe("O'Neil");
  const unsigned = await page.request.post(
    '/careslot-administration/api/v1/web/user-agreement-aggregator/unsigned-agreement',
    {
      headers,
      data: { userId: claims.careslot_id },
    },
  );
  expect(await unsigned.json()).toEqual([]);
});

/** Starts new-account creation and fills the realm's registration form for a fresh e-mail, up to Create Account. */
async function registerNewPatient(page: Page, givenName: string) {
  const password = 'Fresh-start-2026';
  await page.goto('/account/activation-code-question');
  await page.getByRole('radio', { name: "No, I don't have an activation code" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await page.getByLabel('First name').fill(givenName);
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill(`${givenName.toLowerCase()}-${Date.now()}@example.com`);
  await page.getByLabel('Date of birth').fill('4/9/1991');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/Terms of Use/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test("says 'Failed to set timezone.' when the new patient's notification settings cannot be saved, and still signs them in", async ({
  page,
}) => {
  await page.route('**/careslot-notification/api/v1/notification/PatientSettings', (route) =>
    route.fulfill({ status: 503, json: { status_code: 503, message: 'Service Unavailable' } }),
  );
  await registerNewPatient(page, 'Morgan');
  await expect(page.getByText('Failed to set timezone.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/portal');
  await expect(page.getByRole('button', { name: 'Account menu for Morgan Lee' })).toBeVisible();
});

test("says 'Signup failed.' when the sign-up call is refused, and 'User registration failed.' when it answers no usable session", async ({
  page,
}) => {
  await page.route('**/careslot-administration/api/v1/web/account/signup', (route) =>
    route.fulfill({ status: 500, json: { status_code: 500, message: 'Internal Server Error' } }),
  );
  await registerNewPatient(page, 'Jamie');
  await expect(page.getByText('Signup failed.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');

  // The sign-up goes through at the server, but the token it answers cannot be the patient's session.
  await page.unrouteAll();
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStorage.setItem('landing_dismissed', '1');
  });
  await page.route('**/careslot-administration/api/v1/web/account/signup', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { data: Record<string, unknown> };
    await route.fulfill({
      response: real,
      json: { ...body, data: { ...body.data, access_token: 'not-a-token' } },
    });
  });
  await registerNewPatient(page, 'Riley');
  await expect(page.getByText('User registration failed.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
});
