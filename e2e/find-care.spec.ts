import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { releaseHold } from './support/holds';
import { evidence } from './support/evidence';

// The demo directory's four published internists ('Primary Care' searches 'Internist'), and the two of them
// whose plans include Medicare.
const INTERNISTS = [
  'Dr. Olivia Bennett, MD',
  'Dr. Gabriel White, MD',
  'Dr. James Taylor, MD',
  'Dr. Arjun Brown, MD',
];
const INTERNISTS_WITH_MEDICARE = ['Dr. Olivia Bennett, MD', 'Dr. Arjun Brown, MD'];

const cards = (page: Page) => page.getByRole('article');
// A new browser context loads the app from scratch: on a busy machine the first screen can take a while.
const FIRST_LOAD_MS = 30_000;
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('from a specialty tile to providers filtered by insurance and zip, page 2, the map, and a URL that round-trips', async ({
  page,
}) => {
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
  await page.getByRole('combobox', { name: 'Insurance' }).click();
  const panel = page.getByRole('dialog', { name: 'Insurance carriers and plans' });
  await panel.getByRole('button', { name: 'Medicare', exact: true }).click();
  await panel.getByRole('button', { name: 'Any plan' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Insurance' })).toHaveValue('Medicare');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/zip_code=10001/);
  await expect(page).toHaveURL(/insurance_name=Medicare/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2 providers found');
  await expect(cardNames(page)).toHaveText(INTERNISTS_WITH_MEDICARE);
  await expect(cards(page).first()).toContainText('1.4 mi');
  await expect(page.getByText('Near New York, NY 10001')).toBeVisible();

  // Every provider near 10001, sorted by distance: page 2.
  await page.getByRole('combobox', { name: 'Condition or specialty' }).fill('');
  await page.getByRole('combobox', { name: 'Insurance' }).click();
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
  for (const card of await cards(page).all())
    await expect(card.getByText('Neurologist', { exact: true })).toBeVisible();
  await expect(cards(page).first()).toContainText('Chicago, IL');
});

test('a condition tile and the home filter lead to results whose week calendars are live', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Conditions' }).click();
  await page.getByRole('region', { name: 'Conditions' }).getByRole('link', { name: 'Acne' }).click();
  await expect(page).toHaveURL(/\/provider-search\?condition=Acne/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^[1-9]\d* providers? found$/);
  await expect(page.getByRole('combobox', { name: 'Condition or specialty' })).toHaveValue('Acne');
  for (const card of await cards(page).all())
    await expect(card.getByText('Dermatologist', { exact: true })).toBeVisible();
  // The cards follow the calendar hub.
  await expect(cards(page).first().getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );

  // The home page's own filter: no zip box; after a specialty, focus moves on to insurance; then search.
  await page.goto('/');
  const filter = page.getByRole('search', { name: 'Provider search' });
  await expect(filter.getByRole('combobox', { name: 'Zip code' })).toHaveCount(0);
  await filter.getByRole('combobox', { name: 'Condition or specialty' }).fill('neuro');
  // Matches at the start of the name come first.
  await expect(page.getByRole('option').first()).toHaveText('Neurologist');
  await page.getByRole('option', { name: 'Neurologist', exact: true }).click();
  await expect(filter.getByRole('combobox', { name: 'Insurance' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(filter.getByLabel('Date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
  await filter.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/provider-search\?specialty%5B%5D=Neurologist/);
  for (const card of await cards(page).all())
    await expect(card.getByText('Neurologist', { exact: true })).toBeVisible();
});

test("typing '100' suggests New York zips and the results come nearest first", async ({ page }) => {
  await page.goto('/provider-search?page_size=15');
  const zip = page.getByRole('combobox', { name: 'Zip code' });
  await zip.fill('100');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const option of await options.all()) await expect(option).toHaveText(/^100\d\d\s*New York, NY$/);
  await page.getByRole('option', { name: /^10001/ }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/zip_code=10001/);
  await expect(page.getByText('Near New York, NY 10001')).toBeVisible();
  await expect(cards(page)).toHaveCount(15);
  const miles = (await cards(page).allInnerTexts()).map((text) => Number(/([\d.]+) mi\b/.exec(text)?.[1]));
  expect(miles.every((m) => Number.isFinite(m))).toBe(true);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
});

test('a slot held in another browser leaves the results page', async ({ browser, request }) => {
  test.slow();
  // A provider whose calendar takes one patient a slot: one hold empties the slot for everyone.
  const practitioners = (
    (await (
      await request.post('/careslot-administration/api/v2/practitioner/advance-search', {
        data: { Limit: 50 },
      })
    ).json()) as {
      Data: { Id: string; Name: { Family: string }[] }[];
    }
  ).Data;
  let found: { practitioner: (typeof practitioners)[number]; timeZone: string } | null = null;
  for (const practitioner of practitioners) {
    const res = await request.post('/careslot-calendar/api/v2/schedule/advance-search', {
      data: { PractitionerId: practitioner.Id },
    });
    const schedule = (
      (await res.json()) as { Data: { Capacity: number; OnlineBookingEnabled: boolean; TimeZone: string }[] }
    ).Data.find((s) => s.Capacity === 1 && s.OnlineBookingEnabled);
    if (schedule) {
      found = { practitioner, timeZone: schedule.TimeZone };
      break;
    }
  }
  expect(found).not.toBeNull();
  const { practitioner, timeZone } = found!;

  const watcher = await (await browser.newContext({ timezoneId: timeZone })).newPage();
  await watcher.goto(`/provider-search?text_field=${encodeURIComponent(practitioner.Name[0]!.Family)}`);
  const card = watcher
    .getByRole('article')
    .filter({ has: watcher.locator(`a[href*="/providers/"]`) })
    .first();
  await expect(card.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
    { timeout: FIRST_LOAD_MS },
  );
  const slotId = await card.locator('[data-slot-id]').first().getAttribute('data-slot-id');
  expect(slotId).toBeTruthy();

  const holder = await (await browser.newContext({ timezoneId: timeZone })).newPage();
  await holder.goto(`/providers/${practitioner.Id}`);
  await expect(holder.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
    { timeout: FIRST_LOAD_MS },
  );
  await holder.locator(`[data-slot-id="${slotId}"]`).click();
  // The holder, a guest, goes on to create an account with the time held (4.3 step 8).
  await expect(holder).toHaveURL(/\/realms\/careslot\/login-actions\//);

  await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);
  expect(await releaseHold(holder, slotId!)).toBe(1);
  await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(1);
  await watcher.context().close();
  await holder.context().close();
});

test("from a result to the provider's profile, their practice's profile and a service's", async ({
  page,
}) => {
  test.slow();
  await page.goto('/provider-search?specialty[]=Internist');
  const first = cardNames(page).first();
  const name = await first.innerText();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/providers\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Internist').first()).toBeVisible();
  // The provider's live week calendar with a reason picker.
  const calendar = page.getByRole('region', { name: 'Open appointment times' });
  await expect(calendar).toHaveAttribute('data-live', 'connected');
  await expect(calendar.locator('[data-slot-id]').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Reason for visit' })).toHaveValue('All reasons');
  await expect(page.getByRole('heading', { name: 'Accepted insurances' })).toBeVisible();
  await expect(page.getByTestId('profile-location').first()).toContainText(/\(\d{3}\) \d{3}-\d{4}/);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The practice: its facilities, insurances, a calendar per provider, its providers and services.
  const practiceLink = page.locator('main a[href^="/practice/"]').first();
  const practice = await practiceLink.innerText();
  await practiceLink.click();
  await expect(page).toHaveURL(/\/practice\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(practice);
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  expect(await page.getByTestId('profile-location').count()).toBeGreaterThan(1);
  await expect(page.getByRole('heading', { name: 'Accepted insurances' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provider' })).not.toHaveValue('');
  await expect(
    page.getByRole('region', { name: 'Open appointment times' }).locator('[data-slot-id]').first(),
  ).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Providers and services' });
  await expect(
    suggestions.getByRole('link', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();
  const axe2 = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe2.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // A healthcare service of the practice.
  const service = suggestions
    .getByRole('link', { name: /Lab Draw|Flu Shot|Stress Test|X-Ray|MRI|Mammogram|Vaccination/ })
    .first();
  const serviceName = (await service.innerText()).split('\n')[0]!;
  await service.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(serviceName);
  await expect(page.getByRole('link', { name: practice }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  // The service's own live week calendar with its reason picker, as on a provider's profile.
  const serviceCalendar = page.getByRole('region', { name: 'Open appointment times' });
  await expect(serviceCalendar).toHaveAttribute('data-live', 'connected');
  await expect(serviceCalendar.locator('[data-slot-id]').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Reason for visit' })).toHaveValue('All reasons');
  await expect(page.getByText('This service cannot be booked online yet.', { exact: false })).toHaveCount(0);
  await evidence(page, { path: test.info().outputPath('service-profile.png'), fullPage: true });

  // An address that names no profile.
  await page.goto('/practice/no-such-practice-00000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This practice could not be found.');
});
