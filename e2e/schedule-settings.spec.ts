import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';
import { seedId, tokenOf } from './support/seed';
import { heardReasonDuration, watchProfileCalendar, weekdayIn } from './support/live-calendar';

const CALENDAR = '/careslot-calendar/api/v2';
const PRACTICE_1 = seedId('demo:practice:1');
const BENNETT = seedId('demo:person:provider');

interface Reason {
  Id: string;
  Name: string;
  Alias: string | null;
  Duration: number;
  ServiceCategoryId: string | null;
  VisitType: string;
  Services: string[];
}
interface Schedule {
  Id: string;
  PractitionerId: string | null;
  TimeZone: string;
  Capacity: number;
  OnlineBookingEnabled: boolean;
  WorkingHours: { DayOfWeek: number; Start: string; End: string }[];
  ServiceType: Reason[];
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedInAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, 'admin');
  return page;
}

test.describe('schedule settings follow live', () => {
  test("a practice admin changes a reason's duration and a provider's hours; the patient's open calendar follows without reloading", async ({
    browser,
    request,
  }) => {
    // Each save re-announces four months of the calendar's slots; on a shared CI machine that takes a while.
    test.setTimeout(150_000);
    // A group calendar (capacity 3) of the admin's practice, not Dr. Bennett's: other journeys use hers and the single-place ones.
    const found = await request.post(`${CALENDAR}/schedule/advance-search`, {
      data: { OrganizationId: PRACTICE_1 },
    });
    expect(found.ok()).toBe(true);
    const schedule = ((await found.json()) as { Data: Schedule[] }).Data.find(
      (s) =>
        s.PractitionerId &&
        s.PractitionerId !== BENNETT &&
        s.Capacity > 1 &&
        s.OnlineBookingEnabled &&
        s.ServiceType.length > 0,
    )!;
    expect(schedule).toBeTruthy();
    const admin = await signedInAdmin(browser);
    const auth = { authorization: `Bearer ${await tokenOf(admin)}` };
    // A reason of this run, offered by this calendar only, so its edit reshapes one calendar.
    const created = await admin.request.post(`${CALENDAR}/servicetype`, {
      headers: auth,
      data: { Name: `Check-up ${Date.now().toString(36)}`, Duration: 30, VisitType: 'Office' },
    });
    expect(created.status()).toBe(200);
    const reason = (await created.json()) as Reason;
    const offered = schedule.ServiceType.map((t) => t.Id);
    const services = await admin.request.put(`${CALENDAR}/schedule/${schedule.Id}/update-services`, {
      headers: auth,
      data: { ServiceTypeIds: [...offered, reason.Id] },
    });
    expect(services.status()).toBe(200);
    const watcher = await watchProfileCalendar(browser, {
      scheduleId: schedule.Id,
      practitionerId: schedule.PractitionerId!,
      timeZone: schedule.TimeZone,
    });

    try {
      // 1. The reason's duration, in Settings > Visit reasons.
      await admin.goto('/practice-admin/settings/reasons');
      await expect(admin.getByRole('heading', { name: 'Visit reasons', level: 2 })).toBeVisible();
      const row = admin.locator(`[data-reason-id="${reason.Id}"]`);
      await row.getByRole('button', { name: `Edit ${reason.Name}`, exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: `Edit ${reason.Name}` });
      await expect(dialog).toBeVisible();
      const duration = 45;
      await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill(String(duration));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(`${duration} minutes`);
      expect(await axeViolations(admin)).toEqual([]);
      // The open calendar hears its slots again, now with the reason's new duration (SlotAdded replaces a slot).
      await expect
        .poll(() => heardReasonDuration(watcher.frames, schedule.Id, reason.Id, duration))
        .toBe(true);

      // 2. The provider's working hours, in Settings > Schedules: the weekday of the first open time closes.
      const slot = watcher.page.locator(`[data-slot-id^="${schedule.Id}_"]`).first();
      const slotId = (await slot.getAttribute('data-slot-id'))!;
      const day = weekdayIn(slotId.slice(schedule.Id.length + 1), schedule.TimeZone);
      await admin.goto(`/practice-admin/settings/schedules?schedule=${schedule.Id}`);
      const editor = admin.getByRole('region', { name: /^Calendar of / });
      await expect(editor).toBeVisible();
      const periods = editor.getByRole('button', { name: new RegExp(`^Remove period \\d on ${day}$`) });
      const count = await periods.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) await periods.first().click();
      await expect(editor.getByRole('group', { name: day })).toContainText('Closed');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(admin.getByText('Saved.')).toBeVisible();
      expect(await axeViolations(admin)).toEqual([]);

      // The patient's page was not reloaded: the closed day's times leave it.
      await expect(watcher.page.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);
    } finally {
      // Leave the demo calendar as it was for the journeys after this one.
      const hours = await admin.request.put(`${CALENDAR}/schedule/${schedule.Id}`, {
        headers: auth,
        data: { WorkingHours: schedule.WorkingHours },
      });
      const back = await admin.request.put(`${CALENDAR}/schedule/${schedule.Id}/update-services`, {
        headers: auth,
        data: { ServiceTypeIds: offered },
      });
      expect(hours.status()).toBe(200);
      expect(back.status()).toBe(200);
      await watcher.page.context().close();
      await admin.context().close();
    }
  });
});
