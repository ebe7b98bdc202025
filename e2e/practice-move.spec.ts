import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './support/sign-in';
import { seedId, utc, tokenOf } from './support/seed';

const CALENDAR = '/careslot-calendar/api/v2';
const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const BENNETT = seedId('demo:person:provider');
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
/** Letters only (the name rule), different on every run. */
const runName = () =>
  `Mover${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function signedIn(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, role);
  return page;
}

/** A day as YYYY-MM-DD in a zone. */
const dayIn = (instant: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

/**
 * The admin opens an office calendar for Dr. Bennett, all day every day, and the desk books a new patient at its
 * first open time on the first day that has another one to move to, as 'Book appointment' does: today, but for
 * late in the evening at the facility, when today's times (30 minutes ahead at the earliest) have run out.
 * Answers whether the visit is today in the facility's zone.
 */
async function bookSoon(staff: Page, admin: Page, lastName: string): Promise<{ today: boolean }> {
  const auth = { authorization: `Bearer ${await tokenOf(staff)}` };
  // Calendars are the practice admin's to set up; the desk books on them.
  const adminAuth = { authorization: `Bearer ${await tokenOf(admin)}` };
  const existing = await staff.request.post(`${CALENDAR}/schedule/advance-search`, {
    headers: auth,
    data: { PractitionerId: BENNETT },
  });
  const own = ((await existing.json()) as { Data: { LocationId: string; TimeZone: string }[] }).Data[0]!;
  const created = await admin.request.post(`${CALENDAR}/schedule`, {
    headers: adminAuth,
    data: {
      Name: `All day ${randomUUID().slice(0, 6)}`,
      LocationId: own.LocationId,
      Actor: [{ Type: 'Practitioner', Id: BENNETT }],
      SlotMinutes: 30,
      PlanningHorizonDays: 7,
      WorkingHours: Array.from({ length: 7 }, (_, day) => ({ DayOfWeek: day, Start: '00:00', End: '24:00' })),
    },
  });
  expect(created.status()).toBe(200);
  const scheduleId = ((await created.json()) as { Id: string }).Id;
  const now = new Date();
  const search = await staff.request.post(`${CALENDAR}/slot/advance-search`, {
    headers: auth,
    data: {
      ScheduleIds: [scheduleId],
      StartDate: utc(now),
      EndDate: utc(new Date(now.getTime() + 2 * 86_400_000)),
      IsAvailable: true,
    },
  });
  const open = ((await search.json()) as { Data: { Start: string }[] }).Data;
  const slot = open.find(
    (s) => open.filter((o) => dayIn(o.Start, own.TimeZone) === dayIn(s.Start, own.TimeZone)).length > 1,
  )!;
  const booked = await staff.request.post(`${APPOINTMENTS}/OfficeAppointments`, {
    headers: auth,
    data: {
      CalendarId: scheduleId,
      StartTime: slot.Start,
      NewPatient: { FirstName: 'Max', LastName: lastName, BirthDate: '1979-03-02', Gender: 'Male' },
      Reasons: [{ Name: 'Back pain' }],
    },
  });
  expect(booked.status()).toBe(200);
  return { today: dayIn(slot.Start, own.TimeZone) === dayIn(now, own.TimeZone) };
}

test('the desk moves a visit to another time from the calendar; the provider is told live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const provider = await signedIn(browser, 'provider');
  await provider.goto('/dashboard/doctor');
  await expect(provider.getByRole('status', { name: 'Live' })).toBeVisible();
  await expect(bell(provider)).toBeVisible();

  const staff = await signedIn(browser, 'staff');
  const last = runName();
  const admin = await signedIn(browser, 'admin');
  const { today } = await bookSoon(staff, admin, last);
  await admin.context().close();
  await staff.goto('/staff-member/calendar');
  await expect(staff.getByRole('status', { name: 'Live' })).toBeVisible();
  if (!today) await staff.getByRole('button', { name: 'Next', exact: true }).click();
  await staff.getByRole('button', { name: new RegExp(`${last}, Max, Scheduled`) }).click();
  const drawer = staff.getByRole('dialog', { name: 'Appointment' });
  await expect(drawer.getByText('Move to another time')).toBeVisible();
  const times = drawer.getByRole('radiogroup', { name: "Open times on the visit's calendar" });
  // Chips keep their radio inputs visually hidden; the label is what a person clicks.
  const radios = times.getByRole('radio');
  await expect(radios.first()).toBeAttached();
  const bellBefore = Number(
    /(\d+) new/.exec((await bell(provider).getAttribute('aria-label')) ?? '')?.[1] ?? 0,
  );
  const label = (
    await radios.last().evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')
  ).trim();
  await times.getByText(label, { exact: true }).click();
  await expect(radios.last()).toBeChecked();
  expect(
    (
      await new AxeBuilder({ page: staff })
        .withTags(['wcag2a', 'wcag2aa'])
        .include('[role="dialog"]')
        .analyze()
    ).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  if (process.env.E2E_SCREENSHOTS)
    await staff.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/practice-move-drawer.png` });
  await drawer.getByRole('button', { name: 'Move the visit' }).click();
  await expect(staff.getByText(`The visit now starts at ${label}.`)).toBeVisible();
  await expect(drawer).toContainText(label);

  // The provider's bell counts the move without a reload (the desk, who moved it, is not told).
  await expect(bell(provider)).toHaveAttribute('aria-label', `Notifications, ${bellBefore + 1} new`);
});
