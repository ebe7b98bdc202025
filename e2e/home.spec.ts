import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// '/' shows the landing page for doctors until 'Find a Top Doctor' clears the landing state for the
// session (apps/web/src/app/landingSwitch.ts); these journeys start from the patient home.
const HEADINGS = [
  ['es', 'ES', 'Encuentre un médico de primer nivel'],
  ['zh-CN', 'ZH', '查找优秀医生'],
  ['vi', 'VI', 'Tìm bác sĩ giỏi'],
  ['ko', 'KO', '우수한 의사 찾기'],
  ['ja', 'JA', '優れた医師を探す'],
  ['en', 'EN', 'Find a Top Doctor'],
] as const;

const SPECIALTIES = [
  'Primary Care',
  'Cardiology',
  'Neurology',
  'Dermatology',
  'Gastroenterology',
  'Psychiatry',
  'Nephrology',
  'Orthopedics',
  'Pain Medicine',
  'Obstetrics & Gynecology',
];
const CONDITIONS = [
  'Cold or Flu',
  'Acne',
  'Back Pain',
  'Diabetes',
  'Ear Infection',
  'Annual Physical',
  'Birth Control',
  'Stomach Pain',
  'UTI',
  'Headache',
];

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('the home page shows its title, headings and the specialty and condition tiles', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Find a Doctor Near You | Schedule Online | CareSlot');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' })).toBeVisible();
  await expect(page.getByText('Top Rated & Board Certified')).toBeVisible();

  const specialties = page.getByRole('region', { name: 'Specialties' });
  await expect(specialties.getByRole('link')).toHaveText(SPECIALTIES);
  // 1440 px shows eight tiles at a time; the next page brings the last two into view.
  await expect(specialties.getByRole('link', { name: 'Obstetrics & Gynecology' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(specialties.getByRole('link', { name: 'Obstetrics & Gynecology' })).toBeInViewport();

  await page.getByRole('tab', { name: 'Conditions' }).click();
  await expect(page.getByRole('region', { name: 'Conditions' }).getByRole('link')).toHaveText(CONDITIONS);

  await expect(page.getByRole('link', { name: 'See a doctor now' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Are you a top doctor? List your practice to find new patients' }),
  ).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'support@careslot.health' }),
  ).toBeVisible();
});

test('the language widget switches the home page through all six languages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' })).toBeVisible();
  for (const [lang, code, heading] of HEADINGS) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Language|Idioma|语言|Ngôn ngữ|언어|言語)/ })
      .click();
    await page.locator(`button[lang="${lang}"]`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(
      page.getByRole('banner').getByRole('button', { name: /^(Language|Idioma|语言|Ngôn ngữ|언어|言語)/ }),
    ).toContainText(code);
  }
  // The choice survives a reload.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Language/ })
    .click();
  await page.locator('button[lang="ko"]').click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('우수한 의사 찾기');
  await expect(page).toHaveTitle('가까운 의사 찾기 | 온라인 예약 | CareSlot');
});

test('a specialty tile opens the provider search with its mapped value', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Specialties' }).getByRole('link', { name: 'Cardiology' }).click();
  await expect(page).toHaveURL(/\/provider-search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('specialty[]')).toEqual(['Cardiologist (Heart Doctor)']);
  expect(url.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(url.searchParams.get('page_no')).toBe('1');
  expect(url.searchParams.get('page_size')).toBe('5');
  expect(url.searchParams.has('condition')).toBe(false);
});

test('under 767 px every tile shows at once and the links sit in the burger menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const specialties = page.getByRole('region', { name: 'Specialties' });
  await expect(specialties.getByRole('link')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'For Doctors' })).toHaveAttribute('href', '/?section=home');
  await drawer.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/account\/activation-code-question$/);
  await expect(drawer).toBeHidden();
});

test('the home page, its open language menu and the 404 page pass the WCAG 2 A/AA checks', async ({
  page,
}) => {
  for (const url of ['/', '/no/such/page']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (url === '/')
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Language/ })
        .click();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
