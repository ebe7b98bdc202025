import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs, type DemoRole } from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * The header for every demo role (practice-portal.md §2.3 and the menu rules of §6; the rules themselves
 * are unit-tested as a table in apps/web/src/app/layout/menuRules.test.ts). Each role opens a page where
 * the role links show; at 1440 and 1300 px the menu row holds exactly the allowed items, at 1100 px the
 * burger menu repeats them. Screenshots go to test-results/header/ as evidence; the assertions read the
 * visible items, not pixels.
 */
interface Expected {
  /** A page of the role where the spec's path rule shows the links. */
  page: string;
  /** The menu row, in order; 'More' where the dropdown sits. */
  bar: string[];
  /** The 'More' entries, or null when there is no 'More'. */
  more: string[] | null;
  /** The burger menu's links: the items (Settings for patients too), then the 'More' entries. */
  burger: string[];
  bell: boolean;
}

// The demo practice of provider@, staff@ and admin@ has reputation management on (seed/demo.ts), so they see its link.
const ROLES: Record<DemoRole, Expected> = {
  patient: {
    page: '/dashboard/appointment-requests',
    bar: ['My Dashboard'],
    more: null,
    burger: ['My Dashboard', 'Settings'],
    bell: false,
  },
  provider: {
    page: '/dashboard/doctor',
    bar: [
      'Dashboard',
      'Check-In Summary',
      'Calendar',
      'More',
      'Requests',
      'Reputation Management',
      'Settings',
    ],
    // Practice onboarding is a super user's: a provider is not offered it (issue 30 item 12).
    more: ['Services', 'Payment Method', 'Change Password'],
    burger: [
      'Dashboard',
      'Check-In Summary',
      'Calendar',
      'Requests',
      'Reputation Management',
      'Settings',
      'Services',
      'Payment Method',
      'Change Password',
    ],
    bell: true,
  },
  staff: {
    page: '/dashboard/practice-staff',
    bar: ['Dashboard', 'Check-In Summary', 'Calendar', 'More', 'Requests', 'Reputation Management'],
    more: ['Users'],
    burger: ['Dashboard', 'Check-In Summary', 'Calendar', 'Requests', 'Reputation Management', 'Users'],
    bell: true,
  },
  admin: {
    page: '/practice-admin/dashboard',
    bar: ['Check-In Summary', 'Calendar', 'More', 'Requests', 'Reports', 'Reputation Management', 'Settings'],
    more: ['Dashboard', 'Billing', 'Surveys'],
    burger: [
      'Check-In Summary',
      'Calendar',
      'Requests',
      'Reports',
      'Reputation Management',
      'Settings',
      'Dashboard',
      'Billing',
      'Surveys',
    ],
    bell: true,
  },
  'provider-admin': {
    page: '/dashboard/doctor',
    bar: ['Check-In Summary', 'Calendar', 'More', 'Surveys', 'Requests', 'Reports', 'Settings'],
    // The practice's settings, beside the provider's own Settings (issue 30 item 14).
    more: ['Dashboard', 'Billing', 'Services', 'Payment Method', 'Change Password', 'Practice Settings'],
    burger: [
      'Check-In Summary',
      'Calendar',
      'Surveys',
      'Requests',
      'Reports',
      'Settings',
      'Dashboard',
      'Billing',
      'Services',
      'Payment Method',
      'Change Password',
      'Practice Settings',
    ],
    bell: true,
  },
  superuser: {
    page: '/super-user/dashboard',
    // 'More' is for screens wider than 1500 px for a super user (checked separately below).
    bar: ['Practices'],
    more: null,
    burger: ['Practices', 'Marketplace', 'Platform Settings', 'Onboarding Wizard', 'Demo Requests'],
    bell: false,
  },
  support: {
    page: '/support-agent/dashboard',
    bar: ['Dashboard'],
    more: null,
    burger: ['Dashboard'],
    bell: false,
  },
  finance: {
    // Their home and their Settings are the finance page (decision 0056).
    page: '/super-user/finance',
    bar: ['Dashboard', 'Settings'],
    more: null,
    burger: ['Dashboard', 'Settings'],
    bell: false,
  },
};

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // '/' shows the patient home rather than the landing page for doctors (which has its own header).
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

const header = (page: Page) => page.getByRole('banner');
const roleNav = (page: Page, name = 'Your menu') => header(page).getByRole('navigation', { name });
const bell = (page: Page) => header(page).getByRole('button', { name: /^Notifications/ });

/** The visible links and buttons of the menu row, by their text. */
async function visibleItems(page: Page, navName?: string): Promise<string[]> {
  const texts = await roleNav(page, navName).locator('a:visible, button:visible').allInnerTexts();
  // An item's live count (the Requests badge, once a patient has asked for a visit) follows on a line of its own.
  return texts.map((text) => text.split('\n')[0]!.trim());
}

const SHOTS = fileURLToPath(new URL('../test-results/header/', import.meta.url));

/** The header, or with a dropdown open the top of the page, so the open panel shows too. */
async function shoot(page: Page, name: string, { withPanel = false } = {}) {
  const path = `${SHOTS}${name}.png`;
  if (!withPanel) return void (await evidence(header(page), { path }));
  const width = page.viewportSize()?.width ?? 1440;
  await evidence(page, { path, clip: { x: 0, y: 0, width, height: 420 } });
}

for (const [role, expected] of Object.entries(ROLES) as [DemoRole, Expected][]) {
  test(`${role}: exactly the allowed header items at 1440, 1300 and 1100 px`, async ({ page }) => {
    await signInAs(page, role, { firstPage: expected.page });
    const account = header(page).getByRole('button', { name: /^Account menu for / });
    await expect(account).toBeVisible();

    for (const width of [1440, 1300]) {
      await page.setViewportSize({ width, height: 900 });
      if (expected.bar.length === 0) await expect(roleNav(page)).toHaveCount(0);
      else await expect.poll(() => visibleItems(page)).toEqual(expected.bar);
      await expect(bell(page)).toHaveCount(expected.bell ? 1 : 0);
      await expect(header(page).getByRole('button', { name: 'Open menu' })).toBeHidden();
      await expect(header(page).getByRole('button', { name: 'Login' })).toHaveCount(0);
      await shoot(page, `${role}-${width}`);
    }

    if (expected.more) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await roleNav(page).getByRole('button', { name: 'More' }).click();
      const entries = roleNav(page).locator('[data-disclosure-item]');
      await expect(entries).toHaveText(expected.more);
      await shoot(page, `${role}-1440-more`, { withPanel: true });
      // Menus reset on navigation: following an entry closes the dropdown.
      const target = await entries.first().getAttribute('href');
      await entries.first().click();
      await expect(roleNav(page).getByRole('button', { name: 'More' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      // Back to the role's page: the browser's Back (no page load) once the entry's screen shows.
      const targetPath = target && new URL(target, page.url()).pathname;
      if (!targetPath) await page.goto(expected.page);
      else if (targetPath !== expected.page) {
        await expect.poll(() => new URL(page.url()).pathname).toBe(targetPath);
        await page.goBack();
      }
      await expect.poll(() => new URL(page.url()).pathname).toBe(expected.page);
    }

    await page.setViewportSize({ width: 1100, height: 900 });
    await expect(roleNav(page)).toBeHidden();
    await expect(bell(page)).toHaveCount(expected.bell ? 1 : 0);
    await shoot(page, `${role}-1100`);
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // A link's live count (the Requests badge) follows its name.
    const withCount = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d*$`);
    await expect(drawer.getByRole('navigation', { name: 'Your menu' }).getByRole('link')).toHaveText(
      expected.burger.map(withCount),
    );
    await evidence(page, { path: `${SHOTS}${role}-1100-burger.png` });
    // The burger menu resets on navigation too.
    await drawer.getByRole('navigation', { name: 'Your menu' }).getByRole('link').first().click();
    await expect(drawer).toBeHidden();
  });
}

test("a super user's 'More' shows only on screens wider than 1500 px", async ({ page }) => {
  await signInAs(page, 'superuser', { firstPage: '/super-user/dashboard' });
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect.poll(() => visibleItems(page)).toEqual(['Practices', 'More']);
  await roleNav(page).getByRole('button', { name: 'More' }).click();
  await expect(roleNav(page).locator('[data-disclosure-item]')).toHaveText([
    'Marketplace',
    'Platform Settings',
    'Onboarding Wizard',
    'Demo Requests',
  ]);
  await shoot(page, 'superuser-1600-more', { withPanel: true });
  await page.setViewportSize({ width: 1500, height: 900 });
  await expect.poll(() => visibleItems(page)).toEqual(['Practices']);
});

test('the role links show only on practice pages, and the bell only on the listed ones', async ({ page }) => {
  await signInAs(page, 'provider');
  // The provider's calendar shows the links but is not one of the bell's pages.
  const calendar = await roleNav(page).getByRole('link', { name: 'Calendar' }).getAttribute('href');
  await page.goto(calendar!);
  await expect(roleNav(page)).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  await page.goto('/provider-search');
  await expect(roleNav(page)).toHaveCount(0);
  await expect(bell(page)).toHaveCount(0);
  // The logo takes a signed-in provider to their dashboard.
  await header(page).getByRole('link', { name: 'CareSlot home' }).click();
  await expect(page).toHaveURL(/\/dashboard\/doctor$/);
  await expect(bell(page)).toBeVisible();
});

test('the bell opens the notification sidebar with its Appointments list, and Close hides it', async ({
  page,
}) => {
  await signInAs(page, 'staff', { firstPage: '/dashboard/practice-staff' });
  await bell(page).click();
  const sidebar = page.getByRole('dialog', { name: 'Notifications' });
  await expect(sidebar).toBeVisible();
  const appointments = sidebar.getByRole('region', { name: 'Appointments' });
  await expect(appointments).toBeVisible();
  // Earlier journeys may have booked with the practice: either its notifications or the empty text show.
  await expect(
    appointments
      .getByRole('list', { name: 'Appointments' })
      .or(appointments.getByText('No notifications yet')),
  ).toBeVisible();
  await evidence(page, { path: `${SHOTS}staff-notifications.png` });
  await sidebar.getByRole('button', { name: 'Close' }).click();
  await expect(sidebar).toBeHidden();
});

test('switching the language changes the header texts', async ({ page }) => {
  await signInAs(page, 'provider-admin', { firstPage: '/dashboard/doctor' });
  await expect.poll(() => visibleItems(page)).toEqual(ROLES['provider-admin'].bar);
  // endonym to choose, the language button's next name, the menu row's name, its items, 'For Doctors'
  const languages: [string, RegExp, string, string[], string][] = [
    [
      'Español',
      /^Idioma/,
      'Tu menú',
      ['Resumen de registro', 'Calendario', 'Más', 'Encuestas', 'Solicitudes', 'Informes', 'Configuración'],
      'Para médicos',
    ],
    [
      '日本語',
      /^言語/,
      'マイメニュー',
      ['チェックイン概要', 'カレンダー', 'その他', 'アンケート', 'リクエスト', 'レポート', '設定'],
      '医師の方へ',
    ],
    [
      '한국어',
      /^언어/,
      '내 메뉴',
      ['체크인 요약', '캘린더', '더보기', '설문조사', '요청', '보고서', '설정'],
      '의사용',
    ],
    [
      'Tiếng Việt',
      /^Ngôn ngữ/,
      'Menu của bạn',
      ['Tóm tắt check-in', 'Lịch', 'Thêm', 'Khảo sát', 'Yêu cầu', 'Báo cáo', 'Cài đặt'],
      'Dành cho bác sĩ',
    ],
    [
      '简体中文',
      /^语言/,
      '您的菜单',
      ['签到摘要', '日历', '更多', '调查', '预约请求', '报告', '设置'],
      '医生专区',
    ],
    ['English', /^Language/, 'Your menu', ROLES['provider-admin'].bar, 'For Doctors'],
  ];
  let languageButton = header(page).getByRole('button', { name: /^Language/ });
  for (const [endonym, nextLabel, navName, items, forDoctors] of languages) {
    await languageButton.click();
    await header(page).getByRole('button', { name: endonym }).click();
    await expect.poll(() => visibleItems(page, navName)).toEqual(items);
    await expect(header(page).getByRole('link', { name: forDoctors })).toBeVisible();
    // At the narrowest width with the row (1200 px) every item still fits on it.
    await page.setViewportSize({ width: 1200, height: 900 });
    const row = roleNav(page, navName);
    expect(await row.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    languageButton = header(page).getByRole('button', { name: nextLabel });
    if (endonym === '日本語') await shoot(page, 'provider-admin-1440-ja');
  }
});

test('the practice header and its open menus pass the WCAG 2 A/AA checks', async ({ page }) => {
  await signInAs(page, 'provider-admin', { firstPage: '/dashboard/doctor' });
  const serious = async () =>
    (
      await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(await serious()).toEqual([]);
  await roleNav(page).getByRole('button', { name: 'More' }).click();
  expect(await serious()).toEqual([]);
});

test('signed out: About Us, For Doctors, Login and Sign Up; the logo goes back to the landing page', async ({
  page,
}) => {
  await page.goto('/provider-search');
  await expect(header(page).getByRole('link', { name: 'About Us' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'For Doctors' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await expect(roleNav(page)).toHaveCount(0);
  await expect(bell(page)).toHaveCount(0);
  await header(page).getByRole('link', { name: 'CareSlot home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Increase engagement. Reduce costs. Advance growth.',
  );
});
