import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAs, type DemoRole } from './support/sign-in';

/**
 * Every menu destination of every role reaches a working screen (issue 18, "done means"): each demo user
 * signs in, opens the burger menu (under 1200 px it repeats every link of the role menu and of 'More',
 * practice-portal.md §2.3) and visits each of its role menu's links in turn, and a practice admin also walks every section of the
 * settings frame. A destination passes when it is not the 404 page, not the marketing landing page, and
 * shows its page heading.
 */

const NOT_FOUND_TITLE = "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST";

async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  // The role menu the burger repeats ('For Doctors' beside it opens the marketing page by design).
  const menu = page.locator('#burger-menu').getByRole('navigation', { name: 'Your menu' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  // Links inside the product only (the reputation site and the like open elsewhere by design).
  return [...new Set(hrefs.filter((href) => href.startsWith('/')))];
}

async function expectWorkingScreen(page: Page, path: string, { loaded = false } = {}) {
  if (!loaded) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TITLE), `${path} is the 404 page`).toHaveCount(0);
  const { pathname, search } = new URL(page.url());
  expect(`${pathname}${search}`, `${path} ended on the marketing page`).not.toMatch(/^\/(\?section=.*)?$/);
  expect(pathname, `${path} sent the user to sign in`).not.toBe('/login');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

/**
 * A patient's menu (practice-portal.md §6: Dashboard, and Settings in the burger menu) shows on practice-side
 * paths only, never on the built-in portal where a patient lives, so its two destinations are walked by address:
 * the portal (the patient's dashboard, §2.1) and the portal's settings (§2.2 {patientPortalBaseUrl}/settings).
 */
test('patient: the menu destinations are working screens', async ({ page }) => {
  await signInAs(page, 'patient');
  // Signed in, the patient is on the portal already.
  await expectWorkingScreen(page, '/portal', { loaded: true });
  await expectWorkingScreen(page, '/portal/settings');
});

for (const role of (Object.keys(DEMO_ACCOUNTS) as DemoRole[]).filter((r) => r !== 'patient')) {
  test(`${role}: every menu destination is a working screen`, async ({ page }) => {
    // Signed in, the user is on the role's home (its landing, practice-portal.md §2.1).
    await signInAs(page, role);
    const links = await menuLinks(page);
    expect(links.length, 'the menu holds links').toBeGreaterThan(0);
    for (const link of links) await expectWorkingScreen(page, link);
  });
}

test('admin: every section of the practice settings is a working screen', async ({ page }) => {
  await signInAs(page, 'admin', { firstPage: '/practice-admin/settings' });
  const sections = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link');
  await expect(sections.first()).toBeVisible();
  const hrefs = await sections.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) {
    await expectWorkingScreen(page, href);
    // The section's own page fills the frame beside the nav.
    await expect(page.getByTestId('settings-page').getByRole('heading').first(), href).toBeVisible();
  }
});
