import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS, sessionToken, signInAs, type DemoRole } from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * Access control and reputation (issue 18 items 4 and 7; decisions 0058, 0059): the practice admin switches the
 * Calendar off for staff, a staff member no longer has it (menu and server); the admin saves the review-platform
 * settings (a 31-character key is refused, naming the rule) and Reputation Management opens the sign-on form.
 */

const KEY_32 = 'Zq8Rt5Yw2Ux9Ip4Oa7Sd1Fg6Hj3Kl0Mn';
const BUSINESS_ID_15 = 'BIZ123456789012';
const NARROW = { width: 375, height: 812 };

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, role);
  return page;
}

/** A screenshot at 1280 px and at 375 px, kept with the test's results. */
async function shoot(page: Page, info: TestInfo, name: string) {
  await evidence(page, { path: info.outputPath(`${name}-1280.png`), fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize(NARROW);
  await evidence(page, { path: info.outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** Switches one cell of the access-control matrix and waits for the server's answer. */
async function setCell(admin: Page, name: string, on: boolean) {
  const cell = admin.getByRole('switch', { name });
  await expect(cell).toBeEnabled();
  if ((await cell.isChecked()) === on) return;
  const saved = admin.waitForResponse(
    (r) => r.url().includes('/EntityConfigurations/') && r.request().method() === 'PUT',
  );
  await cell.click({ force: true });
  expect((await saved).status()).toBe(200);
  await expect(cell).toBeChecked({ checked: on });
}

/** A call with the browser's own token, as the page makes it. */
async function callAsPage(page: Page, path: string) {
  const token = await sessionToken(page);
  return page.evaluate(
    async ([url, bearer]) => {
      const answer = await fetch(url, { headers: { authorization: `bearer ${bearer}` } });
      return answer.status;
    },
    [path, token] as const,
  );
}

test('the practice admin turns the Calendar off for staff; a staff member loses it in the menu and at the server', async ({
  browser,
}, info) => {
  const admin = await signedIn(browser, 'admin');
  try {
    await admin.goto('/practice-admin/settings/access-control');
    await expect(admin.getByRole('heading', { name: 'Access control' })).toBeVisible();
    // The practice admin's own settings cannot be switched off.
    await expect(admin.getByRole('switch', { name: 'Settings for Practice admin' })).toBeDisabled();
    await setCell(admin, 'Calendar for Staff', false);
    expect(await axeViolations(admin)).toEqual([]);
    await shoot(admin, info, 'access-control');

    const staff = await signedIn(browser, 'staff');
    await staff.goto('/dashboard/practice-staff');
    await expect(staff.getByRole('link', { name: 'Check-In Summary' }).first()).toBeVisible();
    await expect(staff.getByRole('link', { name: 'Calendar', exact: true })).toHaveCount(0);
    const status = await callAsPage(
      staff,
      '/careslot-appointment-service/api/v2/practice/blocked-time?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z',
    );
    expect(status).toBe(403);
    // Typing the calendar's address leads nowhere either (issue 30, item 16): the 404 page, no patients' visits.
    await staff.goto('/staff-member/calendar');
    await expect(
      staff.getByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" }),
    ).toBeVisible();

    // The Check-In Summary is still theirs: the day's visits with filters and the live state.
    await staff.getByRole('link', { name: 'Check-In Summary' }).first().click();
    await expect(staff).toHaveURL(/\/staff-member\/digital-checkin$/);
    await expect(staff.getByRole('heading', { name: 'Check-In Summary' })).toBeVisible();
    await expect(staff.getByRole('combobox', { name: 'Provider' })).toBeVisible();
    expect(await axeViolations(staff)).toEqual([]);
    await shoot(staff, info, 'checkin-summary');
    await staff.context().close();
  } finally {
    // Other journeys use the staff calendar: the switch goes back on.
    await admin.goto('/practice-admin/settings/access-control');
    await setCell(admin, 'Calendar for Staff', true);
    await admin.context().close();
  }
});

test('the practice admin saves the reputation settings; Reputation Management opens the sign-on form', async ({
  browser,
}, info) => {
  const admin = await signedIn(browser, 'admin');
  await admin.goto('/practice-admin/settings/reputation');
  await expect(admin.getByRole('heading', { name: 'Practice', exact: true })).toBeVisible();
  const form = admin.getByRole('region', { name: 'Practice' });
  await form.getByLabel('Reputation API key').fill(KEY_32.slice(1));
  await form.getByLabel('Business ID').fill(BUSINESS_ID_15);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Reputation API key must be exactly 32 characters (rule: exact length; it has 31).'),
  ).toBeVisible();

  await form.getByLabel('Reputation API key').fill(KEY_32);
  const saved = admin.waitForResponse(
    (r) => r.url().includes('/OrganizationSettings') && r.request().method() !== 'GET',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByText('Reputation settings saved.')).toBeVisible();
  // The key is kept secret: only its last four characters come back.
  await expect(form.getByText(/A key is on file \(•+l0Mn\)/)).toBeVisible();
  await expect(admin.getByText(KEY_32)).toHaveCount(0);
  // Review requests: the practice's own row refuses more than a week, then saves two days.
  const requests = admin.getByRole('region', { name: 'Review requests' });
  const hours = requests.getByRole('textbox', { name: /^Hours after the visit for / }).first();
  await hours.fill('169');
  await requests
    .getByRole('button', { name: /^Save review requests of / })
    .first()
    .click();
  await expect(
    requests.getByText('Hours after the visit must be a whole number from 0 to 168 (rule: range).'),
  ).toBeVisible();
  await hours.fill('48');
  const savedRequests = admin.waitForResponse(
    (r) => r.url().includes('/EntityConfiguration/') && r.request().method() === 'PUT',
  );
  await requests
    .getByRole('button', { name: /^Save review requests of / })
    .first()
    .click();
  expect((await savedRequests).status()).toBe(200);
  await expect(requests.getByRole('status').first()).toHaveText('Saved.');
  expect(await axeViolations(admin)).toEqual([]);
  await shoot(admin, info, 'reputation-settings');

  const item = admin.getByRole('link', { name: 'Reputation Management' }).first();
  await expect(item).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([admin.context().waitForEvent('page'), item.click()]);
  // The new tab shows the spinner, then lands on the reputation site (here the built-in stand-in) with the form's fields.
  await expect(tab.getByRole('heading', { name: 'Reputation management sign-on received' })).toBeVisible();
  await expect(tab.getByRole('row', { name: /emailId/ })).toContainText(DEMO_ACCOUNTS.admin.email);
  await expect(tab.getByRole('row', { name: /apiKey/ })).toContainText('l0Mn (32 characters)');
  await expect(tab.getByRole('row', { name: /redirectURL/ })).toContainText('/dashboard/home');
  await expect(tab.getByText(KEY_32)).toHaveCount(0);
  await admin.context().close();
});
