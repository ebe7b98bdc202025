import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { latestCode } from './support/outbox';
import { seedId, tokenOf, utc } from './support/seed';
import { DEMO_ACCOUNTS, signInAs, submitRealmLogin } from './support/sign-in';
import { evidence } from './support/evidence';

const PAY = '/careslot-payment-service/api';
const ADMIN = '/careslot-administration/api/v2';
const FIRST_PRACTICE = seedId('demo:practice:1');
const THIRD_PRACTICE = seedId('demo:practice:3');
const DEMO_PROVIDER = seedId('demo:person:provider');
/** The provider of the third practice paid through PayPal (seed/payments.ts). */
const PAYPAL_PROVIDER = seedId('demo:practitioner:9');
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Practitioner {
  Id: string;
  Name: { Prefix: string[]; Given: string[]; Family: string }[];
  HidePublicProfile: boolean;
}

const nameOf = (p: Practitioner) =>
  [p.Name[0]!.Prefix.join(' '), p.Name[0]!.Given.join(' '), p.Name[0]!.Family].filter(Boolean).join(' ');

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await evidence(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * A provider of the first practice, other than the demo provider the other journeys book, with a public
 * profile and open times in the next two weeks: the journey changes their fee and puts it back afterwards.
 */
async function quietProvider(request: APIRequestContext, token: string): Promise<Practitioner> {
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.post(`${ADMIN}/practitioner/advance-search`, {
    headers,
    data: { OrganizationId: FIRST_PRACTICE, UserRoles: ['provider'], Limit: 0 },
  });
  const providers = ((await found.json()) as { Data: Practitioner[] }).Data.filter(
    (p) => p.Id !== DEMO_PROVIDER && !p.HidePublicProfile,
  );
  for (const provider of providers) {
    const schedules = await request.post('/careslot-calendar/api/v2/schedule/advance-search', {
      data: { PractitionerId: provider.Id },
    });
    const ids = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
    if (ids.length === 0) continue;
    const from = new Date(Date.now() + 86_400_000);
    const slots = await request.post('/careslot-calendar/api/v2/slot/advance-search', {
      data: {
        ScheduleIds: ids,
        StartDate: utc(from),
        EndDate: utc(new Date(from.getTime() + 14 * 86_400_000)),
      },
    });
    if (((await slots.json()) as { Data: unknown[] }).Data.length > 0) return provider;
  }
  throw new Error('no provider of the first practice has open times');
}

async function setFee(request: APIRequestContext, token: string, providerId: string, uninsuredCents: number) {
  const res = await request.post(`${PAY}/entityconfigurations/upsert`, {
    headers: { authorization: `Bearer ${token}` },
    params: { organizationId: FIRST_PRACTICE, entityType: 'provider', entityId: providerId },
    data: {
      VisitFeeDetails: { Enable: true, InsuredAmountCents: 2500, UninsuredAmountCents: uninsuredCents },
    },
  });
  expect(res.status()).toBe(200);
}

// The finance journey reads the payments the first journey makes: the two run in order, and again together.
test.describe.configure({ mode: 'serial' });

/**
 * Signs the finance demo user in with a password of this journey's own: password-reset.spec.ts changes that
 * account's password, so the journey sets one itself through "Forgot password?" (e-mailed code, outbox).
 */
async function signInAsFinance(page: Page) {
  const { email, name } = DEMO_ACCOUNTS.finance;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  const requestedAt = new Date(Date.now() - 1000);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-code');
  const code = await latestCode(page.request, email, 'password-reset', requestedAt);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/reset-password');
  const password = `Finance-${Date.now()}-pw1`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(page, email, password);
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test("a practice admin sets a provider's uninsured fee; a patient without insurance is asked for exactly that fee", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'admin');
  const adminToken = await tokenOf(page);
  const provider = await quietProvider(page.request, adminToken);
  const name = nameOf(provider);

  try {
    // The admin opens Settings → Payments and sets the provider's uninsured fee to $83.45.
    await page.goto('/practice-admin/settings/payments');
    await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    await expect(page.getByLabel('Take visit fees online')).toBeChecked();
    const fee = page.getByRole('form', { name });
    await expect(fee.getByLabel(`Uninsured fee for ${name}`)).toHaveValue('75.00');
    await fee.getByLabel(`Uninsured fee for ${name}`).fill('83.4x');
    await fee.getByRole('button', { name: `Save fee for ${name}` }).click();
    await expect(
      fee.getByText('Uninsured fee must be an amount in dollars, such as 75 or 75.50'),
    ).toBeVisible();
    await fee.getByLabel(`Uninsured fee for ${name}`).fill('83.45');
    await fee.getByRole('button', { name: `Save fee for ${name}` }).click();
    await expect(page.getByText(`Visit fee for ${name} saved`)).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations).toEqual([]);
    await shoot(page, 'payment-settings');

    // Cents on the wire: the payment service keeps 8345.
    const saved = await page.request.get(`${PAY}/entityconfigurations/entity`, {
      headers: { authorization: `Bearer ${adminToken}` },
      params: { organizationId: FIRST_PRACTICE, entityType: 'provider', entityId: provider.Id },
    });
    expect(
      ((await saved.json()) as { data: { VisitFeeDetails: { UninsuredAmountCents: number } } }).data
        .VisitFeeDetails.UninsuredAmountCents,
    ).toBe(8345);

    // A new patient, in a browser of their own, books that provider without insurance.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const patient = await context.newPage();
    await patient.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
    const mobile = `(646) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
    await patient.goto('/');
    await patient.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    await patient.waitForURL((url) => url.pathname === '/account/activation-code-question');
    await patient.getByRole('radio', { name: "No, I don't have an activation code" }).check();
    await patient.getByRole('button', { name: 'Continue' }).click();
    await expect(patient).toHaveURL(/\/realms\/careslot\//);
    await patient.getByLabel('First name').fill('Sasha');
    await patient.getByLabel('Last name').fill('Feepayer');
    await patient.getByLabel('Email').fill(`fee-${Date.now()}@example.com`);
    await patient.getByLabel('Mobile phone (optional)').fill(mobile);
    await patient.getByLabel('Date of birth').fill('3/14/1988');
    await patient.getByLabel('Password', { exact: true }).fill('Fresh-start-2026');
    await patient.getByLabel('Confirm password').fill('Fresh-start-2026');
    await patient.getByLabel(/Terms of Use/).check();
    await patient.getByLabel(/Privacy Policy/).check();
    await patient.getByRole('button', { name: 'Create Account' }).click();
    await expect(patient.getByRole('button', { name: 'Account menu for Sasha Feepayer' })).toBeVisible();
    // The sign-in is over once the callback has landed the new patient on their portal.
    await patient.waitForURL((url) => url.pathname === '/portal');

    await patient.goto(`/providers/${provider.Id}`);
    await expect(patient.getByRole('heading', { level: 1 })).toBeVisible();
    await patient.locator('[data-slot-id]').first().click();
    const booking = /\/(screening-form|book\/book-appointment-form)$/;
    const timeZoneDialog = patient.getByRole('dialog', { name: 'Time Zone Difference' });
    const asked = await Promise.race([
      timeZoneDialog.waitFor().then(
        () => true,
        () => false,
      ),
      patient.waitForURL(booking).then(
        () => false,
        () => false,
      ),
    ]);
    if (asked) await timeZoneDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(patient).toHaveURL(booking);

    for (let step = 0; step < 12 && !/\/book\/pay$/.test(new URL(patient.url()).pathname); step += 1) {
      await patient.waitForLoadState('networkidle');
      const path = new URL(patient.url()).pathname;
      if (path === '/screening-form') {
        for (const group of await patient.getByRole('radiogroup').all()) {
          const no = group.getByRole('radio', { name: 'No' });
          if (await no.count()) await no.check();
          else await group.getByRole('radio').last().check();
        }
        const signature = patient.getByRole('textbox', { name: /Type your full name/ });
        if (await signature.count()) await signature.fill('Sasha Feepayer');
        await patient.getByRole('button', { name: 'Continue' }).click();
      } else if (path === '/book/book-appointment-form') {
        await expect(patient.getByRole('button', { name: 'Continue' })).toBeEnabled();
        if (new URL(patient.url()).pathname !== path) continue;
        await patient.getByRole('textbox', { name: /Reason for visit/ }).fill('Check-up');
        await patient.getByRole('button', { name: 'Continue' }).click();
      } else if (path === '/verification/phone-verify') {
        const sentAt = new Date(Date.now() - 1000);
        await patient.getByRole('button', { name: 'Send code' }).click();
        await expect(patient.getByRole('status')).toContainText('We sent a code to');
        const code = await latestCode(patient.request, `+1${mobile.replace(/\D/g, '')}`, 'otp', sentAt);
        await patient.getByRole('textbox', { name: 'Digit 1' }).fill(code);
        await patient.getByRole('button', { name: 'Verify' }).click();
      } else if (path === '/book/collect-patient-demographics') {
        const choose = async (label: string, option: RegExp) => {
          const box = patient.getByRole('combobox', { name: label });
          if ((await box.evaluate((el) => el.tagName)) === 'SELECT')
            await box.selectOption({
              label: (await box.locator('option').allTextContents()).find((o) => option.test(o))!,
            });
          else {
            await box.click();
            await patient.getByRole('option', { name: option }).first().click();
          }
        };
        await choose('Gender', /Female/);
        await patient.getByRole('textbox', { name: 'Street address' }).fill('40 Pine Street');
        await patient.getByRole('textbox', { name: 'City' }).fill('New York');
        await choose('State', /^(NY|New York)/);
        await patient.getByRole('textbox', { name: /ZIP code/ }).fill('10005');
        await patient.getByRole('button', { name: 'Continue' }).click();
      } else if (path === '/book/insurance-confirmation') {
        await patient.getByRole('button', { name: /^Yes/ }).click();
      } else if (path === '/book/collect-insurance') {
        await patient.getByRole('textbox', { name: /Search Insurance/ }).fill('');
        await patient
          .getByRole('option', { name: "I don't have insurance" })
          .or(patient.getByRole('option', { name: 'Self paying' }))
          .first()
          .click();
        await patient.getByRole('button', { name: 'Continue' }).click();
      }
      await patient.waitForURL((url) => url.pathname !== path, { timeout: 15_000 });
    }

    // The payment stage asks for exactly the fee the admin set, and takes it.
    await expect(patient).toHaveURL(/\/book\/pay$/);
    await expect(patient.getByTestId('visit-fee')).toHaveText('$83.45');
    await patient.getByLabel('Card number').fill('4242 4242 4242 4242');
    await patient.getByLabel('Expiry date').fill('12/31');
    await patient.getByLabel('Security code (CVC)').fill('123');
    await patient.getByRole('button', { name: 'Save card' }).click();
    await patient.getByRole('button', { name: 'Pay $83.45 and book' }).click();
    await expect(patient).toHaveURL(/\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}/);

    // The same patient also opens a PayPal order at the third practice: a payment to another practice.
    const patientToken = await tokenOf(patient);
    const patientId = (
      JSON.parse(Buffer.from(patientToken.split('.')[1]!, 'base64url').toString()) as { careslot_id: string }
    ).careslot_id;
    const order = await patient.request.post(`${PAY}/v1/paypalpayment/orders`, {
      headers: { authorization: `Bearer ${patientToken}` },
      params: { amount: '75' },
      data: {
        PatientId: patientId,
        OrganizationId: THIRD_PRACTICE,
        EntityType: 'Provider',
        EntityId: PAYPAL_PROVIDER,
        Insured: false,
      },
    });
    expect(order.status()).toBe(200);
    await context.close();
  } finally {
    // The provider's fee goes back to the seed's $75, so other journeys meet the data as the seed made it.
    await setFee(page.request, adminToken, provider.Id, 7500);
  }
});

test('the financial super user signs in to their finance home and sees payments across practices, read-only', async ({
  page,
}) => {
  const names = await Promise.all(
    [FIRST_PRACTICE, THIRD_PRACTICE].map(
      async (id) =>
        ((await (await page.request.get(`${ADMIN}/organization/${id}`)).json()) as { Name: string }).Name,
    ),
  );
  await signInAsFinance(page);
  // Their landing after sign-in is the finance home.
  await expect(page).toHaveURL(/\/super-user\/finance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments across practices' })).toBeVisible();
  const configs = page.getByRole('table', { name: 'Payment settings of each practice' });
  for (const name of names) await expect(configs.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(
    payments.getByRole('row', { name: new RegExp(`${names[0]}.*\\$83\\.45.*Captured`) }).first(),
  ).toBeVisible();
  await expect(
    payments.getByRole('row', { name: new RegExp(`${names[1]}.*\\$75\\.00.*Pending`) }).first(),
  ).toBeVisible();
  // No patient names and no change controls on the page.
  await expect(page.getByText('Sasha')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /save|delete|refund/i })).toHaveCount(0);

  // Filtered to the third practice, only its payments remain.
  await page.getByRole('combobox', { name: 'Practice' }).click();
  await page.getByRole('option', { name: names[1] }).click();
  await expect(payments.getByRole('row', { name: new RegExp(names[0]!) })).toHaveCount(0);
  await expect(payments.getByRole('row', { name: new RegExp(names[1]!) }).first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
  await shoot(page, 'finance-home');
});
