import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs, type DemoRole } from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * The practice side's breadcrumbs (practice-portal.md §2.2, route data 'breadcrumb') and the header on a
 * phone: at 375 px a signed-in practice user's page never scrolls sideways, and the burger menu (§2.3,
 * under 1200 px) holds the links. Screenshots go to test-results/practice-nav/.
 */
const SHOTS = fileURLToPath(new URL('../test-results/practice-nav/', import.meta.url));

const trail = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const header = (page: Page) => page.getByRole('banner');

/** The trail's items as read: the text of each list item. */
const crumbs = (page: Page) => trail(page).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

const PRACTICE_ROLES: [DemoRole, string][] = [
  ['provider', '/dashboard/doctor'],
  ['staff', '/dashboard/practice-staff'],
  ['admin', '/practice-admin/dashboard'],
  ['provider-admin', '/dashboard/doctor'],
];

for (const [role, home] of PRACTICE_ROLES) {
  test(`${role}: at 375 px the page does not scroll sideways and the burger menu holds the links`, async ({
    page,
  }) => {
    await signInAs(page, role, { firstPage: home });
    await expect(header(page).getByRole('button', { name: /^Notifications/ })).toBeVisible();
    const calendar = await header(page)
      .getByRole('navigation', { name: 'Your menu' })
      .getByRole('link', { name: 'Calendar' })
      .getAttribute('href');
    for (const path of [home, '/dashboard/appointment-requests', calendar!]) {
      // Signed in, the user is on the home already.
      if (path !== home) await page.goto(path);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(trail(page)).toBeVisible();
      // Measure the page drawn, not its loading state: its heading, and on the calendar its toolbar.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === calendar) await expect(page.getByTestId('calendar-title')).toBeVisible();
      await expect(header(page).getByRole('button', { name: /^Account menu for / })).toBeVisible();
      // The bell shows where §2.3 lists it: not on a provider's own calendar.
      await expect(header(page).getByRole('button', { name: /^Notifications/ })).toHaveCount(
        path.startsWith('/providers/') ? 0 : 1,
      );
      await expect(header(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
      // Nothing of the header's bar sits past the right edge either (a clipped control would not scroll).
      const right = await header(page).evaluate((bar) =>
        Math.max(
          ...Array.from(bar.querySelectorAll<HTMLElement>('a, button'))
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => el.getBoundingClientRect().right),
        ),
      );
      expect(right).toBeLessThanOrEqual(375);
      await evidence(page, {
        path: `${SHOTS}${role}-375${path === home ? '' : path === calendar ? '-calendar' : '-requests'}.png`,
      });
    }

    // The languages left the bar on a phone; the burger menu offers them, with the links and the account.
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    // Named 'Menu', then 'Menú' once Spanish is chosen in it.
    const drawer = page.getByRole('dialog', { name: /^Men[uú]$/ });
    await expect(
      drawer.getByRole('navigation', { name: 'Your menu' }).getByRole('link', { name: /Requests/ }),
    ).toBeVisible();
    await expect(drawer.getByRole('group', { name: 'Language' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    await evidence(page, { path: `${SHOTS}${role}-375-burger.png` });
    await drawer.getByRole('button', { name: 'Español' }).click();
    await expect(drawer.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Spanish labels are longer; the bar still fits.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);

    // The narrowest phones (320 px): the logo keeps its mark only, and nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect(header(page).getByRole('button', { name: /^Abrir men/ })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);

    for (const width of [1100, 1300, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await evidence(page, {
        path: `${SHOTS}${role}-${width}.png`,
        clip: { x: 0, y: 0, width, height: 360 },
      });
    }
  });
}

test('a provider reads Dashboard › Calendar on the calendar and goes back by the trail', async ({ page }) => {
  await signInAs(page, 'provider', { firstPage: '/dashboard/doctor' });
  await expect(crumbs(page)).toHaveText(['Dashboard']);
  await expect(trail(page).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');

  await header(page)
    .getByRole('navigation', { name: 'Your menu' })
    .getByRole('link', { name: 'Calendar' })
    .click();
  await expect(page).toHaveURL(/\/providers\/[^/]+\/calendar$/);
  await expect(crumbs(page)).toHaveText(['Dashboard', 'Calendar']);
  await expect(trail(page).getByText('Calendar')).toHaveAttribute('aria-current', 'page');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('breadcrumbs') ?? '[]') as unknown),
  ).toEqual([
    { label: 'dashboard', path: '/dashboard/doctor' },
    { label: 'calendar', path: new URL(page.url()).pathname },
  ]);
  const axe = await new AxeBuilder({ page })
    .include('nav[aria-label="Breadcrumb"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
  await evidence(page, {
    path: `${SHOTS}provider-calendar-trail.png`,
    clip: { x: 0, y: 0, width: 1440, height: 300 },
  });

  await trail(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/doctor$/);
  await expect(crumbs(page)).toHaveText(['Dashboard']);
});

test('the trail on the staff, practice-admin, super-user and support-agent pages, translated', async ({
  page,
}) => {
  await signInAs(page, 'staff', { firstPage: '/dashboard/appointment-requests' });
  await expect(crumbs(page)).toHaveText(['Dashboard', 'Requests']);
  await expect(trail(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/practice-staff',
  );
  await page.goto('/staff-member/calendar');
  await expect(crumbs(page)).toHaveText(['Dashboard', 'Calendar']);
  // The words follow the interface language.
  await header(page)
    .getByRole('button', { name: /^Language/ })
    .click();
  await header(page).getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('listitem')).toHaveText([
    'ダッシュボード',
    'カレンダー',
  ]);
  await header(page).getByRole('button', { name: /^言語/ }).click();
  await header(page).getByRole('button', { name: 'English' }).click();
  await expect(crumbs(page)).toHaveText(['Dashboard', 'Calendar']);
});

test("a practice admin's calendar leads back to the practice dashboard", async ({ page }) => {
  await signInAs(page, 'admin', { firstPage: '/practice-admin/calendar' });
  await expect(crumbs(page)).toHaveText(['Dashboard', 'Calendar']);
  await trail(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/practice-admin\/dashboard$/);
  await expect(crumbs(page)).toHaveText(['Dashboard']);
});

test("the super user's trail starts at 'Practices'; the support agent's dashboard is 'Dashboard'", async ({
  browser,
}) => {
  const superUser = await browser.newPage();
  await superUser.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(superUser, 'superuser', { firstPage: '/super-user/dashboard' });
  await expect(crumbs(superUser)).toHaveText(['Practices']);
  await superUser.goto('/super-user/settings/demo-requests');
  await expect(crumbs(superUser)).toHaveText(['Practices', 'Demo Requests']);
  await expect(trail(superUser).getByRole('link', { name: 'Practices' })).toHaveAttribute(
    'href',
    '/super-user/dashboard',
  );
  await superUser.close();

  const agent = await browser.newPage();
  await agent.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(agent, 'support', { firstPage: '/support-agent/dashboard' });
  await expect(crumbs(agent)).toHaveText(['Dashboard']);
  await expect(trail(agent).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  await agent.close();
});
