import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedId, tokenOf } from './support/seed';
import { sessionClaims, signInAs, submitRealmLogin } from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * A practice's people (issue 18): a practice admin adds a provider (NPI checked in the form), the invitation
 * e-mail lands in the dev outbox, the provider activates the account through its link, signs in and lands on
 * the provider dashboard, then changes the password (the old one required), sets their own visit fees and the
 * reasons their schedule offers (decision 0068), and the old password no longer signs in.
 * Screenshots at 1280 and 375 px go to test-results/people-settings/.
 */
const SHOTS = 'test-results/people-settings/';
const CALENDAR = '/careslot-calendar/api/v2';
const PAY = '/careslot-payment-service/api';
const PRACTICE_1 = seedId('demo:practice:1');

/** A valid NPI: nine digits and the Luhn check digit over the prefix 80840. */
function validNpi(): string {
  const base = `1${String(Date.now()).slice(-8)}`;
  for (let d = 0; d < 10; d += 1) {
    const digits = `80840${base}${d}`.split('').map(Number);
    let sum = 0;
    for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
      let x = digits[i]!;
      if (double) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return `${base}${d}`;
  }
  throw new Error('no check digit');
}

async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox', {
        params: { to, template: 'staff-invitation', limit: 1 },
      });
      const { messages } = (await response.json()) as { messages: { body: string }[] };
      link = /https?:\/\/\S+\/account\/activate\?\S+/.exec(messages[0]?.body ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(/\/account\/activate\?invitation=/);
  return link;
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('an invited provider activates the account, signs in, and changes the password', async ({
  page,
  browser,
  request,
}) => {
  // Three browsers and four sign-ins in one journey: more than the default minute on a shared machine.
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const email = `new.provider.${tag}@example.com`;
  const npi = validNpi();
  const wrongNpi = `${npi.slice(0, 9)}${(Number(npi[9]) + 1) % 10}`;

  // The practice admin adds the provider from the users list.
  await signInAs(page, 'admin');
  await page.goto('/practice-admin/settings/user/list');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await evidence(page, { path: `${SHOTS}users-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Provider' });
  await dialog.getByLabel('First Name').fill('Taylor');
  await dialog.getByLabel('Last Name').fill("O'Connor");
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('(555) 201-7788');
  await dialog.getByLabel('NPI').fill(wrongNpi);
  await dialog.getByRole('button', { name: 'Save and send invitation' }).click();
  await expect(dialog.getByText('NPI must be 10 digits with a valid check digit')).toBeVisible();
  await expectNoAxeViolations(page);
  await evidence(page, { path: `${SHOTS}add-provider-1280.png` });
  await dialog.getByLabel('NPI').fill(npi);
  await dialog.getByRole('button', { name: 'Save and send invitation' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText("O'Connor, Taylor");
  await expect(row).toContainText('Invited');

  await page.setViewportSize({ width: 375, height: 800 });
  await evidence(page, { path: `${SHOTS}users-375.png`, fullPage: true });

  // The provider opens the e-mailed link in their own browser and chooses a password.
  const link = await invitationLink(request, email);
  const providerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const provider = await providerContext.newPage();
  await provider.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await provider.goto(new URL(link).pathname + new URL(link).search);
  await expect(provider.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(provider.getByText(email)).toBeVisible();
  await expectNoAxeViolations(provider);
  await evidence(provider, { path: `${SHOTS}activate-1280.png`, fullPage: true });
  const first = `First-${tag}-pw1`;
  await provider.getByRole('textbox', { name: 'Password', exact: true }).fill(first);
  await provider.getByLabel('Confirm Password').fill(first);
  await provider.getByRole('button', { name: 'Activate account' }).click();

  // On to the realm's login page with the e-mail filled in; the provider lands on the provider dashboard.
  await expect(provider).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await expect(provider.getByLabel('Email')).toHaveValue(email);
  await submitRealmLogin(provider, email, first);
  await provider.waitForURL((url) => url.pathname === '/dashboard/doctor');
  await expect(provider.getByRole('button', { name: /Taylor O'Connor/ })).toBeVisible();

  // The link was used up.
  await provider.goto(new URL(link).pathname + new URL(link).search);
  await expect(provider.getByRole('alert')).toContainText(
    'This activation link is invalid, expired or was already used',
  );

  // The provider changes the password in their settings; the current one is required.
  const practitionerId = (await sessionClaims(provider))['careslot_id'] as string;
  await provider.goto(`/providers/${practitionerId}/settings/account/change-password`);
  await expect(provider.getByRole('heading', { name: 'Change Password', level: 2 })).toBeVisible();
  const second = `Second-${tag}-pw2`;
  await provider.getByLabel('Current Password').fill('not-my-password-1');
  await provider.getByRole('textbox', { name: 'New Password', exact: true }).fill(second);
  await provider.getByLabel('Confirm New Password').fill(second);
  await provider.getByRole('button', { name: 'Change Password' }).click();
  await expect(provider.getByText('Current password is incorrect')).toBeVisible();
  await provider.getByLabel('Current Password').fill(first);
  await provider.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    provider.getByText('Your password was changed. Your other sessions were signed out.'),
  ).toBeVisible();
  await expect(provider.getByLabel('Current Password')).toHaveValue('');
  await expectNoAxeViolations(provider);
  await evidence(provider, { path: `${SHOTS}change-password-1280.png`, fullPage: true });
  await provider.goto(`/providers/${practitionerId}/settings/edit`);
  await expect(provider.getByLabel('NPI')).toHaveValue(npi);
  await evidence(provider, { path: `${SHOTS}edit-profile-1280.png`, fullPage: true });
  // The provider sets their own visit fees; the booking's read of the fee answers the new amounts.
  await provider.getByRole('link', { name: 'Payment Method' }).click();
  await expect(provider.getByText('Not collected')).toBeVisible();
  await provider.getByRole('checkbox', { name: /Collect a visit fee online/ }).check();
  await provider.getByRole('textbox', { name: /Fee for insured patients/ }).fill('40');
  await provider.getByRole('textbox', { name: /Fee for uninsured patients/ }).fill('95.5');
  await provider.getByRole('button', { name: 'Save visit fees' }).click();
  await expect(provider.getByText('Your visit fees were saved.')).toBeVisible();
  await expect(provider.getByText('Collected', { exact: true })).toBeVisible();
  await expect(provider.getByRole('textbox', { name: /Fee for uninsured patients/ })).toHaveValue('95.50');
  const providerAuth = { authorization: `Bearer ${await tokenOf(provider)}` };
  const fee = await provider.request.get(`${PAY}/entityconfigurations/entity`, {
    headers: providerAuth,
    params: { organizationId: PRACTICE_1, entityType: 'provider', entityId: practitionerId },
  });
  expect(((await fee.json()) as { data: { VisitFeeDetails: unknown } }).data.VisitFeeDetails).toMatchObject({
    Enable: true,
    InsuredAmount: 40,
    UninsuredAmount: 95.5,
  });
  await expectNoAxeViolations(provider);
  await evidence(provider, { path: `${SHOTS}payment-method-1280.png`, fullPage: true });

  // The practice admin gives the new provider a schedule; the provider chooses the reasons it offers.
  const adminAuth = { authorization: `Bearer ${await tokenOf(page)}` };
  const practiceSchedules = await page.request.post(`${CALENDAR}/schedule/advance-search`, {
    headers: adminAuth,
    data: { OrganizationId: PRACTICE_1 },
  });
  const { LocationId, TimeZone } = (
    (await practiceSchedules.json()) as { Data: { LocationId: string; TimeZone: string }[] }
  ).Data[0]!;
  const scheduleName = `Mornings ${tag}`;
  const created = await page.request.post(`${CALENDAR}/schedule`, {
    headers: adminAuth,
    data: {
      Name: scheduleName,
      Actor: [{ Type: 'Practitioner', Id: practitionerId }],
      LocationId,
      TimeZone,
      WorkingHours: [{ DayOfWeek: 3, Start: '09:00', End: '10:00' }],
    },
  });
  expect(created.status()).toBe(200);
  const scheduleId = ((await created.json()) as { Id: string }).Id;
  await provider.getByRole('link', { name: 'Services' }).click();
  const ownSchedule = provider.getByRole('region', { name: scheduleName });
  const reason = ownSchedule.getByRole('checkbox').first();
  const reasonName = (
    await reason.evaluate((box: HTMLInputElement) => box.labels?.[0]?.textContent ?? '')
  ).replace(/ \(\d+ min\)$/, '');
  await reason.check();
  await ownSchedule.getByRole('button', { name: `Save reasons for visit of ${scheduleName}` }).click();
  await expect(provider.getByText(`Reasons for visit of ${scheduleName} saved.`)).toBeVisible();
  const offered = await provider.request.get(`${CALENDAR}/schedule/${scheduleId}`);
  expect(
    ((await offered.json()) as { ServiceType: { Name: string }[] }).ServiceType.map((t) => t.Name),
  ).toEqual([reasonName]);
  await expectNoAxeViolations(provider);
  await evidence(provider, { path: `${SHOTS}services-1280.png`, fullPage: true });
  await provider.setViewportSize({ width: 375, height: 800 });
  await evidence(provider, { path: `${SHOTS}services-375.png`, fullPage: true });
  await provider.getByRole('link', { name: 'Payment Method' }).click();
  await expect(provider.getByRole('button', { name: 'Save visit fees' })).toBeVisible();
  await evidence(provider, { path: `${SHOTS}payment-method-375.png`, fullPage: true });
  await provider.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(provider.getByLabel('NPI')).toHaveValue(npi);
  await evidence(provider, { path: `${SHOTS}edit-profile-375.png`, fullPage: true });
  await provider.getByRole('link', { name: 'Change Password' }).click();
  await evidence(provider, { path: `${SHOTS}change-password-375.png`, fullPage: true });
  await providerContext.close();

  // In a fresh browser the old password no longer signs in; the new one does.
  const freshContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fresh = await freshContext.newPage();
  await fresh.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await fresh.goto('/login');
  await fresh.getByRole('button', { name: 'Login with CareSlot' }).click();
  await expect(fresh).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(fresh, email, first);
  await expect(fresh.getByRole('alert')).toHaveText('Invalid Username or password');
  await submitRealmLogin(fresh, email, second);
  await fresh.waitForURL((url) => url.pathname === '/dashboard/doctor');
  await freshContext.close();
});

test('a staff member sees the users list read-only', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('/practice-admin/settings/user/list');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(
    page.getByText("You can view the practice's users. Only a practice admin can change them."),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Provider' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await evidence(page, { path: `${SHOTS}staff-users-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await evidence(page, { path: `${SHOTS}staff-users-375.png`, fullPage: true });
  // Only that page: another settings section sends the staff member away.
  await page.goto('/practice-admin/settings/locations');
  await page.waitForURL((url) => !url.pathname.startsWith('/practice-admin/settings'));
});
