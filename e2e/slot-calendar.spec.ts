import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

const ADMIN = '/careslot-administration/api/v2';
const CALENDAR = '/careslot-calendar/api/v2';

interface Schedule {
  Id: string;
  PractitionerId: string | null;
  TimeZone: string;
  Capacity: number;
  OnlineBookingEnabled: boolean;
}

/** A demo provider whose calendar takes one patient a slot, so one hold empties the slot for everyone else. */
async function providerWithSingleCapacity(request: APIRequestContext): Promise<Schedule> {
  const practitioners = await request.post(`${ADMIN}/practitioner/advance-search`, { data: { Limit: 50 } });
  expect(practitioners.ok()).toBe(true);
  const ids = ((await practitioners.json()) as { Data: { Id: string }[] }).Data.map((p) => p.Id);
  for (const id of ids) {
    const res = await request.post(`${CALENDAR}/schedule/advance-search`, { data: { PractitionerId: id } });
    const schedule = ((await res.json()) as { Data: Schedule[] }).Data.find((s) => s.Capacity === 1 && s.OnlineBookingEnabled);
    if (schedule) return schedule;
  }
  throw new Error('no demo provider with a capacity-1 schedule');
}

async function openProfile(browser: Browser, schedule: Schedule, timezoneId = schedule.TimeZone): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto(`/providers/${schedule.PractitionerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Live updates flow once the calendar hub is connected.
  await expect(page.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute('data-live', 'connected');
  await expect(page.locator('[data-slot-id]').first()).toBeVisible();
  return page;
}

test.describe('the live slot calendar', () => {
  test('a slot one visitor holds disappears for another without reloading, and comes back on release', async ({ browser, request }) => {
    const schedule = await providerWithSingleCapacity(request);
    const alice = await openProfile(browser, schedule);
    const bob = await openProfile(browser, schedule);

    const first = alice.locator('[data-slot-id]').first();
    const slotId = await first.getAttribute('data-slot-id');
    const time = (await first.textContent())!.trim();
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    await first.click();
    const held = alice.getByTestId('held-slot');
    await expect(held).toBeVisible();
    await expect(alice.getByTestId('held-slot-time')).toContainText(time);
    await expect(held).toContainText('10 minutes left on your hold.');

    // Bob's page was loaded before the hold and is not reloaded: the calendar hub takes the slot away.
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

    await held.getByRole('button', { name: 'Release this time' }).click();
    await expect(held).toBeHidden();
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();
    await expect(alice.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    await alice.context().close();
    await bob.context().close();
  });

  test('a visitor in another time zone confirms the time in both zones; No gives the slot back', async ({ browser, request }) => {
    const schedule = await providerWithSingleCapacity(request);
    const elsewhere = schedule.TimeZone === 'Asia/Tokyo' ? 'Europe/London' : 'Asia/Tokyo';
    const visitor = await openProfile(browser, schedule, elsewhere);
    const watcher = await openProfile(browser, schedule);

    const slot = visitor.locator('[data-slot-id]').nth(1);
    const slotId = await slot.getAttribute('data-slot-id');
    await slot.click();
    const dialog = visitor.getByRole('dialog', { name: 'Time Zone Difference' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are currently located in a different time zone from the selected facility.');
    await expect(dialog).toContainText('Please confirm the selected time slot.');
    await expect(dialog).toContainText(/Your Time: \d{1,2}:\d{2} (am|pm) \S+/);
    await expect(dialog).toContainText(/Facility Time: \d{1,2}:\d{2} (am|pm) \S+/);
    await expect(dialog).toContainText('Are you sure you want to continue with this selection?');
    await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(visitor.getByTestId('held-slot')).toBeHidden();
    await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    await visitor.context().close();
    await watcher.context().close();
  });
});
