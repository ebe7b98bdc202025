import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { releaseHold } from './support/holds';

const ADMIN = '/careslot-administration/api/v2';
const CALENDAR = '/careslot-calendar/api/v2';

interface Schedule {
  Id: string;
  PractitionerId: string | null;
  TimeZone: string;
  Capacity: number;
  OnlineBookingEnabled: boolean;
}

/** A demo provider whose calendar takes one patient a slot, so a held time leaves every other calendar. */
async function providerWithSingleCapacity(request: APIRequestContext, skip = 0): Promise<Schedule> {
  const practitioners = await request.post(`${ADMIN}/practitioner/advance-search`, { data: { Limit: 50 } });
  expect(practitioners.ok()).toBe(true);
  const ids = ((await practitioners.json()) as { Data: { Id: string }[] }).Data.map((p) => p.Id);
  const found: Schedule[] = [];
  for (const id of ids) {
    const res = await request.post(`${CALENDAR}/schedule/advance-search`, { data: { PractitionerId: id } });
    const schedule = ((await res.json()) as { Data: Schedule[] }).Data.find(
      (s) => s.Capacity === 1 && s.OnlineBookingEnabled,
    );
    if (schedule) found.push(schedule);
    if (found.length > skip) return found[skip]!;
  }
  throw new Error('no demo provider with a capacity-1 schedule');
}

async function openProfile(browser: Browser, schedule: Schedule): Promise<Page> {
  const context = await browser.newContext({ timezoneId: schedule.TimeZone });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await showProfile(page, schedule);
  return page;
}

async function showProfile(page: Page, schedule: Schedule) {
  await page.goto(`/providers/${schedule.PractitionerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );
  await expect(page.locator('[data-slot-id]').first()).toBeVisible();
}

const slotIdAt = async (page: Page, index: number) =>
  (await page.locator('[data-slot-id]').nth(index).getAttribute('data-slot-id'))!;

test.describe('holds that let go (issue 17 item 2)', () => {
  test('four picks in a row by one patient all hold: each new pick releases the time held before', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const schedule = await providerWithSingleCapacity(request);
    const patient = await openProfile(browser, schedule);
    const watcher = await openProfile(browser, schedule);

    const picked: string[] = [];
    for (let pick = 0; pick < 4; pick += 1) {
      // A time not picked before; the calendar on the page is a fresh one each time (the patient came back).
      const slotId = await slotIdAt(patient, pick);
      expect(picked).not.toContain(slotId);
      picked.push(slotId);
      await patient.locator(`[data-slot-id="${slotId}"]`).click();
      // Held: the guest goes on to create an account (4.3 step 8), not 'Could not reserve the selected slot'.
      await expect(patient).toHaveURL(/\/realms\/careslot\/login-actions\//);
      await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);
      // The time held before came back for everyone.
      if (pick > 0) await expect(watcher.locator(`[data-slot-id="${picked[pick - 1]}"]`)).toBeVisible();
      // The patient changes their mind and goes back to the provider's times.
      await patient.goBack();
      await expect(patient.locator('[data-slot-id]').first()).toBeVisible();
    }
    // Only the last pick is still held.
    for (const slotId of picked.slice(0, 3))
      await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();
    expect(await releaseHold(patient, picked[3]!)).toBe(1);
    await expect(watcher.locator(`[data-slot-id="${picked[3]}"]`)).toBeVisible();

    await patient.context().close();
    await watcher.context().close();
  });

  test('a patient holding the most times at once is told so and can release them to hold the new one', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const schedule = await providerWithSingleCapacity(request, 1);
    const patient = await openProfile(browser, schedule);
    // Three times held elsewhere with this browser's guest token (another tab, say).
    const token = await patient.evaluate(() => sessionStorage.getItem('guest_token'));
    expect(token).toBeTruthy();
    const others = [await slotIdAt(patient, 3), await slotIdAt(patient, 4), await slotIdAt(patient, 5)];
    for (const slotId of others) {
      const held = await patient.request.post(`${CALENDAR}/slot/reserve`, {
        headers: { authorization: `Bearer ${token}` },
        data: { SlotIds: [slotId] },
      });
      expect(held.ok()).toBe(true);
    }

    const wanted = await slotIdAt(patient, 0);
    await patient.locator(`[data-slot-id="${wanted}"]`).click();
    const dialog = patient.getByRole('dialog', { name: 'You already hold 3 times' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You can hold at most 3 appointment times at once.');
    await dialog.getByRole('button', { name: 'Release my held times' }).click();
    await expect(patient).toHaveURL(/\/realms\/careslot\/login-actions\//);
    // Only the new time is held now.
    expect(await releaseHold(patient, wanted)).toBe(1);
    for (const slotId of others) expect(await releaseHold(patient, slotId)).toBe(0);
    await patient.context().close();
  });
});
