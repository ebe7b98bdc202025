import { expect, test, type Page } from '@playwright/test';

// The demo directory's four published internists ('Primary Care' searches 'Internist'), and the two of them
// whose plans include Medicare.
const INTERNISTS = ['Dr. Olivia Bennett, MD', 'Dr. Gabriel White, MD', 'Dr. James Taylor, MD', 'Dr. Arjun Brown, MD'];
const INTERNISTS_WITH_MEDICARE = ['Dr. Olivia Bennett, MD', 'Dr. Arjun Brown, MD'];

const cards = (page: Page) => page.getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('from a specialty tile to providers filtered by insurance and zip, page 2, the map, and a URL that round-trips', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Specialties' }).getByRole('link', { name: 'Primary Care' }).click();
  await expect(page).toHaveURL(/\/provider-search\?specialty%5B%5D=Internist/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('4 providers found');
  // Without a place the list is in name order.
  await expect(cardNames(page)).toHaveText(INTERNISTS.slice().sort());
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Internist', { exact: true })).toBeVisible();
    // The week slot calendar: 5 days, at most 3 open times a day, and some open time this week.
    const days = card.getByTestId('slot-day');
    await expect(days).toHaveCount(5);
    for (const day of await days.all()) expect(await day.getByRole('button').count()).toBeLessThanOrEqual(3);
    expect(await card.getByTestId('slot-day').getByRole('button').count()).toBeGreaterThan(0);
  }
  await expect(page.getByRole('combobox', { name: 'Condition or specialty' })).toHaveValue('Internist');

  // Zip: the look-up suggests New York zips from 3 digits.
  const zip = page.getByRole('combobox', { name: 'Zip code' });
  await zip.fill('100');
  await expect(page.getByRole('option', { name: /^10001\s*New York, NY$/ })).toBeVisible();
  await page.getByRole('option', { name: /^10001/ }).click();
  await expect(zip).toHaveValue('10001');

  // Insurance: the carrier-and-plan panel.
  await page.getByRole('textbox', { name: 'Insurance' }).click();
  const panel = page.getByRole('dialog', { name: 'Insurance carriers and plans' });
  await panel.getByRole('button', { name: 'Medicare', exact: true }).click();
  await panel.getByRole('button', { name: 'Any plan' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Insurance' })).toHaveValue('Medicare');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/zip_code=10001/);
  await expect(page).toHaveURL(/insurance_name=Medicare/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2 providers found');
  await expect(cardNames(page)).toHaveText(INTERNISTS_WITH_MEDICARE);
  await expect(cards(page).first()).toContainText('1.4 mi');
  await expect(page.getByText('Near New York, NY 10001')).toBeVisible();

  // Every provider near 10001, sorted by distance: page 2.
  await page.getByRole('combobox', { name: 'Condition or specialty' }).fill('');
  await page.getByRole('textbox', { name: 'Insurance' }).click();
  await page.getByRole('button', { name: 'Clear insurance' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('57 providers found');
  const firstPage = await cardNames(page).allInnerTexts();
  expect(firstPage).toHaveLength(5);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page_no=2/);
  await expect(cardNames(page).first()).not.toHaveText(firstPage[0]!);
  const secondPage = await cardNames(page).allInnerTexts();
  expect(secondPage).toHaveLength(5);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

  // The map: a pin per provider of the page, drawn with no tile server.
  await page.getByRole('button', { name: 'Map' }).click();
  const map = page.getByRole('region', { name: 'Map of the providers found' });
  await expect(map).toBeVisible();
  await expect(map.locator('.provider-pin')).toHaveCount(5);
  // The outlines of the states come from us-atlas, bundled with the app.
  await expect.poll(() => map.locator('path.us-state').count()).toBeGreaterThanOrEqual(51);

  // Refine by gender, then reload: the URL carries every filter back.
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await expect(page).toHaveURL(/gender_code=F/);
  await expect(page).toHaveURL(/page_no=1/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('57 providers found');
  for (const card of await cards(page).all()) await expect(card).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).innerText();
  const names = await cardNames(page).allInnerTexts();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(cardNames(page)).toHaveText(names);
  await expect(page.getByRole('combobox', { name: 'Zip code' })).toHaveValue('10001');
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
});

test('a URL with reading 1 names searches the same way', async ({ page }) => {
  await page.goto('/provider-search?Specialty=Neurologist&ZipCode=60611&Limit=10');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ providers? found$/);
  for (const card of await cards(page).all()) await expect(card.getByText('Neurologist', { exact: true })).toBeVisible();
  await expect(cards(page).first()).toContainText('Chicago, IL');
});
