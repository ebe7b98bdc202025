import { expect, test } from '@playwright/test';

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

  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('login_response') ?? '{}') as { access_token: string }).access_token,
  );
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { careslot_id?: string };
  expect(claims.careslot_id).toBeTruthy();
  const headers = { authorization: `bearer ${token}` };
  const patient = await page.request.get(`/careslot-administration/api/v2/patient/${claims.careslot_id}`, { headers });
  expect(patient.status()).toBe(200);
  expect(((await patient.json()) as { Name: { Family: string }[] }).Name[0]!.Family).toBe("O'Neil");
  const unsigned = await page.request.post('/careslot-administration/api/v1/web/user-agreement-aggregator/unsigned-agreement', {
    headers,
    data: { userId: claims.careslot_id },
  });
  expect(await unsigned.json()).toEqual([]);
});
