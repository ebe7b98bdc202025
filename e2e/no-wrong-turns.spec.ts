import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';
import { seedId, tokenOf, utc } from './support/seed';

/**
 * Issue 30, the patient side: a video visit is booked as video, a family member's visit shows in the account
 * holder's portal, the logo lets a held time go, a walk-in has no time, a signed-in patient finds the search,
 * and the pages say who and what they are to assistive technology. Each journey makes its own booking on
 * the third demo practice (no visit fee), two or more days ahead so the hour in New York never matters.
 */

const CALENDAR = '/careslot-calendar/api/v2';
const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const PRACTICE_WITHOUT_FEE = seedId('demo:practice:3');
const CHILD = seedId('demo:patient:1:member:2'); // Riley Ellis, the demo patient's daughter

interface Schedule {
  Id: string;
  PractitionerId: string | null;
  VisitType: string[];
  OnlineBookingEnabled: boolean;
  TimeZone: string;
}
interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
  ServiceType?: { Id: string; Name: string; Duration: number; VisitType: string }[];
}

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** A provider's calendar at the practice without a visit fee that offers `visit` (and takes one patient a slot). */
async function calendarOffering(page: Page, visit: string, only = false): Promise<Schedule> {
  const res = await page.request.post(`${CALENDAR}/schedule/advance-search`, {
    data: { OrganizationId: PRACTICE_WITHOUT_FEE },
  });
  const schedules = ((await res.json()) as { Data: Schedule[] }).Data.filter(
    (s) =>
      s.PractitionerId &&
      s.OnlineBookingEnabled &&
      s.VisitType.includes(visit) &&
      (!only || s.VisitType.length === 1) &&
      (only || s.VisitType.length > 1),
  );
  expect(schedules.length).toBeGreaterThan(0);
  return schedules[0]!;
}

/** The calendar's open slots from `daysAhead` days on, for a week. */
async function openSlots(page: Page, scheduleId: string, daysAhead: number): Promise<Slot[]> {
  const from = new Date(Date.now() + daysAhead * 86_400_000);
  const res = await page.request.post(`${CALENDAR}/slot/advance-search`, {
    data: {
      ScheduleIds: [scheduleId],
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  return ((await res.json()) as { Data: Slot[] }).Data;
}

/** A browser in another zone than the facility's confirms the time first; then the booking flow opens. */
async function confirmTimeZone(page: Page) {
  const booking = /\/(screening-form|book\/book-appointment-form)$/;
  const dialog = page.getByRole('dialog', { name: 'Time Zone Difference' });
  const asked = await Promise.race([
    dialog.waitFor().then(
      () => true,
      () => false,
    ),
    page.waitForURL(booking).then(
      () => false,
      () => false,
    ),
  ]);
  if (asked) await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(booking);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a video reason chosen on a profile is booked as a video visit, with a named popup (items 1 and 9)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'patient');
  const schedule = await calendarOffering(page, 'TeleHealth');
  await page.goto(`/providers/${schedule.PractitionerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );
  await page.getByRole('combobox', { name: 'Reason for visit' }).click();
  await page.getByRole('option', { name: 'Video Visit' }).click();
  // Two days ahead or later: the journey never depends on the hour.
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slot = page.locator('[data-slot-id]').filter({ hasNot: page.locator('[disabled]') });
  await expect(slot.first()).toBeVisible();
  const ids = await slot.evaluateAll((els) => els.map((el) => el.getAttribute('data-slot-id') ?? ''));
  const later = ids.find((id) => id.split('_')[1]! >= soon) ?? ids[ids.length - 1]!;
  await page.locator(`[data-slot-id="${later}"]`).click();
  await confirmTimeZone(page);
  await finishBooking(page, 'Video check-in about a rash');

  await expect(page).toHaveURL(/\/portal\/health\/appointments\/telehealth\/details\/[0-9a-f-]{36}/);
  const popup = page.getByRole('dialog', { name: /Your appointment has been scheduled/ });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
  await shoot(page, 'video-popup');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await popup.getByRole('button', { name: 'Manage appointment' }).click();
  // A video visit, not an office one: no clinic address.
  await expect(page.getByText(/· telehealth$/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\d+ [A-Z][a-z]+ (Avenue|Street|Boulevard|Road)/);
});

/** The booking stages that apply, until the booking is made and the portal shows it. */
async function finishBooking(page: Page, reason: string) {
  const booking = /\/(screening-form|book\/|verification\/phone-verify)/;
  await expect(page).toHaveURL(booking);
  for (let step = 0; step < 10 && booking.test(new URL(page.url()).pathname); step += 1) {
    await page.waitForLoadState('networkidle');
    const path = new URL(page.url()).pathname;
    if (!booking.test(path)) break;
    if (path === '/screening-form') {
      for (const group of await page.getByRole('radiogroup').all()) {
        const no = group.getByRole('radio', { name: 'No' });
        if (await no.count()) await no.check();
        else await group.getByRole('radio').last().check();
      }
      const name = page.getByRole('textbox', { name: /Type your full name/ });
      if (await name.count()) await name.fill('Jordan Ellis');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/book/book-appointment-form') {
      await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
      if (new URL(page.url()).pathname !== path) continue;
      await page.getByRole('textbox', { name: /Reason for visit/ }).fill(reason);
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/book/insurance-confirmation') {
      await page.getByRole('button', { name: /^Yes/ }).click();
    } else if (path === '/book/collect-insurance') {
      // The demo patient's insurance on file is already chosen.
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/book/collect-patient-demographics') {
      // Open defect (issue 30, noted 29 November): after other journeys on the same server this page sometimes
      // shows the demo patient's date of birth empty though the seed has one; this journey is about the visit
      // type and its popup, so it types the date of birth on file when the page leaves it out.
      const dob = page.getByRole('textbox', { name: 'Date of birth' });
      if ((await dob.inputValue()) === '') await dob.fill('4/17/1988');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else {
      const book = page.getByRole('button', { name: /^(Book|Confirm)/ });
      if (await book.count()) await book.first().click();
    }
    await page.waitForURL((url) => url.pathname !== path, { timeout: 15_000 });
  }
}

test("a family member's visit shows in the account holder's portal with her name; the header leads back to search (items 2 and 8)", async ({
  page,
}) => {
  await signInAs(page, 'patient');
  const schedule = await calendarOffering(page, 'Office');
  const slot = (await openSlots(page, schedule.Id, 3))[1]!;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const booked = await page.request.post(`${APPOINTMENTS}/Appointments`, {
    headers,
    data: {
      CalendarId: schedule.Id,
      StartTime: slot.Start,
      Participants: [
        { Type: 'Patient', ParticipantId: CHILD, FirstName: 'Riley', LastName: 'Ellis' },
        { Type: 'Practitioner', ParticipantId: schedule.PractitionerId },
      ],
      Reasons: [{ Id: null, Name: 'School check-up' }],
    },
  });
  expect(booked.status()).toBe(200);
  const id = ((await booked.json()) as { data: string }).data;

  await page.goto('/portal');
  const visit = page.getByTestId('portal-appointment').filter({ hasText: 'For Riley Ellis' });
  await expect(visit).toBeVisible();
  await expect(visit.getByRole('link', { name: 'View details' })).toHaveAttribute('href', new RegExp(id));
  await shoot(page, 'family-portal');

  // The header's way back to the patient search.
  await page.getByRole('banner').getByRole('link', { name: 'Find a doctor' }).click();
  await expect(page).toHaveURL(/\/provider-search/);
});

test('the logo lets the held time go (item 3)', async ({ page, browser }) => {
  await signInAs(page, 'patient');
  const schedule = await calendarOffering(page, 'Office');
  await page.goto(`/providers/${schedule.PractitionerId}`);
  const watcher = await (await browser.newContext()).newPage();
  await watcher.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await watcher.goto(`/providers/${schedule.PractitionerId}`);
  await expect(watcher.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );
  const first = page.locator('[data-slot-id]').nth(3);
  const slotId = (await first.getAttribute('data-slot-id'))!;
  await first.click();
  await confirmTimeZone(page);
  await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'CareSlot home' }).click();
  await expect(page).not.toHaveURL(/\/book\//);
  // Everyone sees the time again.
  await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();
  await watcher.context().close();
});

test('a walk-in is announced on its day without a time, in the booking header and the popup (item 7)', async ({
  page,
}) => {
  await signInAs(page, 'patient');
  const schedule = await calendarOffering(page, 'Walk-In');
  const slots = await openSlots(page, schedule.Id, 4);
  const slot = slots.find((s) => s.ServiceType?.some((t) => t.VisitType === 'Walk-In'))!;
  const walkIn = slot.ServiceType!.find((t) => t.VisitType === 'Walk-In')!;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  await page.request.post(`${CALENDAR}/slot/release-all`, { headers });
  const held = await page.request.post(`${CALENDAR}/slot/reserve`, {
    headers,
    data: { SlotIds: slot.SlotIds, ServiceType: [{ Id: walkIn.Id }] },
  });
  expect(held.status()).toBe(200);
  const { ExpiresAt, Slot: heldSlot } = (await held.json()) as { ExpiresAt: string; Slot: Slot };
  await page.evaluate((data) => sessionStorage.setItem('slot_data', JSON.stringify(data)), {
    calendarId: schedule.Id,
    facilityId: null,
    time_slot: { ...heldSlot, ServiceType: [walkIn], ServiceCategory: [] },
    entity: {
      Id: schedule.PractitionerId,
      Type: 'Practitioner',
      Name: 'Walk-in doctor',
      Speciality: null,
      Photo: null,
    },
    selectedReason: walkIn.Id,
    actorLocationCalendars: [schedule.Id],
    workflow: 'PROVIDER_PROFILE',
    expiresAt: ExpiresAt,
    timeZone: schedule.TimeZone,
  });
  await page.goto('/book/book-appointment-form');
  const header = page.getByTestId('booking-date');
  await expect(header).toBeVisible();
  await expect(header).not.toHaveText(/\d{1,2}:\d{2}/);
  await shoot(page, 'walk-in-header');

  const booked = await page.request.post(`${APPOINTMENTS}/Appointments`, {
    headers,
    data: {
      CalendarId: schedule.Id,
      StartTime: heldSlot.Start,
      ScheduleType: 'Walk-In',
      ServiceType: [{ Id: walkIn.Id, Name: walkIn.Name, Duration: walkIn.Duration }],
      Participants: [
        {
          Type: 'Patient',
          ParticipantId: seedId('demo:person:patient'),
          FirstName: 'Jordan',
          LastName: 'Ellis',
        },
        { Type: 'Practitioner', ParticipantId: schedule.PractitionerId },
      ],
      Reasons: [{ Id: null, Name: 'Sore throat' }],
    },
  });
  expect(booked.status()).toBe(200);
  const id = ((await booked.json()) as { data: string }).data;
  await page.goto(`/portal/health/appointments/office/details/${id}?showConfirmationMessage=true`);
  const detail = page.getByTestId('confirmation-detail');
  await expect(detail).toContainText('any time during walk-in hours');
  await expect(detail).not.toHaveText(/\d{1,2}:\d{2}/);
  await shoot(page, 'walk-in-popup');
});
