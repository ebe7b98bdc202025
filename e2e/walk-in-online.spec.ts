import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './support/sign-in';
import { seedId, utc, tokenOf } from './support/seed';
import { holdAs } from './support/holds';
import { setServerClock, todayAt } from './support/clock';

const CALENDAR = '/careslot-calendar/api/v2';
const BENNETT = seedId('demo:person:provider');

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
}

/**
 * The journey runs at 08:00 at the facility (or earlier in the day, when it is not 08:00 there yet): the server's
 * clock and every browser's are set there, so a walk-in slot is left today whatever the hour in New York.
 */
const DAY_MINUTES = 8 * 60;

/** The journey's time: the system's moved by the shift the server's clock was set with. */
const journeyNow = (shift: number) => new Date(Date.now() + shift);

async function signedIn(browser: Browser, role: DemoRole, shift: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.clock.install({ time: journeyNow(shift) });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, role);
  return page;
}

/**
 * The practice admin (calendars are the admin's to set up) opens a walk-in calendar for Dr. Bennett at her
 * facility, all day every day, offering the practice's 'Walk-in Visit' reason only.
 */
async function openWalkInCalendar(
  admin: Page,
): Promise<{ scheduleId: string; walkInType: { Id: string; Name: string } }> {
  const auth = { authorization: `Bearer ${await tokenOf(admin)}` };
  const existing = await admin.request.post(`${CALENDAR}/schedule/advance-search`, {
    headers: auth,
    data: { PractitionerId: BENNETT },
  });
  const own = ((await existing.json()) as { Data: { LocationId: string; OrganizationId: string }[] })
    .Data[0]!;
  const types = await admin.request.post(`${CALENDAR}/servicetype/advance-search`, {
    headers: auth,
    data: { OrganizationId: own.OrganizationId, VisitType: 'Walk-In' },
  });
  const walkInType = ((await types.json()) as { Data: { Id: string; Name: string }[] }).Data[0]!;
  const created = await admin.request.post(`${CALENDAR}/schedule`, {
    headers: auth,
    data: {
      Name: `Walk-ins ${randomUUID().slice(0, 6)}`,
      LocationId: own.LocationId,
      Actor: [{ Type: 'Practitioner', Id: BENNETT }],
      VisitType: ['Walk-In'],
      // Today's times start 30 minutes from now (patient-booking.md 4.4); the journey's clock leaves most of the
      // facility's day (the queue is the provider's day).
      SlotMinutes: 10,
      Capacity: 5,
      PlanningHorizonDays: 7,
      WorkingHours: Array.from({ length: 7 }, (_, day) => ({ DayOfWeek: day, Start: '00:00', End: '24:00' })),
    },
  });
  expect(created.status()).toBe(200);
  const scheduleId = ((await created.json()) as { Id: string }).Id;
  const services = await admin.request.put(`${CALENDAR}/schedule/${scheduleId}/update-services`, {
    headers: auth,
    data: { ServiceTypeIds: [walkInType.Id] },
  });
  expect(services.status()).toBe(200);
  return { scheduleId, walkInType };
}

/** The patient holds the first walk-in slot of today with the walk-in reason, as a slot click does, and keeps slot_data. */
async function holdWalkIn(
  patient: Page,
  scheduleId: string,
  walkInType: { Id: string; Name: string },
  from: Date,
) {
  const search = await patient.request.post(`${CALENDAR}/slot/advance-search`, {
    data: {
      ScheduleIds: [scheduleId],
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 86_400_000)),
      ServiceTypeId: walkInType.Id,
    },
  });
  const slot = ((await search.json()) as { Data: Slot[] }).Data[0]!;
  const res = await holdAs(patient, { SlotIds: slot.SlotIds, ServiceType: [{ Id: walkInType.Id }] });
  expect(res.status()).toBe(200);
  const { ExpiresAt, Slot: held } = (await res.json()) as { ExpiresAt: string; Slot: Slot };
  const slotData = {
    calendarId: scheduleId,
    facilityId: null,
    time_slot: held,
    entity: {
      Id: BENNETT,
      Type: 'Practitioner',
      Name: 'Dr. Olivia Bennett, MD',
      Speciality: 'Family Medicine',
      Photo: null,
    },
    selectedReason: walkInType.Id,
    actorLocationCalendars: [scheduleId],
    workflow: 'PROVIDER_PROFILE',
    expiresAt: ExpiresAt,
  };
  await patient.evaluate((data) => {
    sessionStorage.setItem('slot_data', JSON.stringify(data));
    sessionStorage.setItem(
      'book_appointment_state',
      JSON.stringify({ appointmentInfo: { Reason: 'Sprained ankle' }, currentStage: 'PAYMENT' }),
    );
  }, slotData);
}

test("a patient joins Dr. Bennett's walk-in calendar online; the provider's queue and walk-in count show them live", async ({
  browser,
  request,
}) => {
  // Three people sign in and work side by side: longer than one journey's default minute.
  test.setTimeout(150_000);
  const at = todayAt(DAY_MINUTES);
  const shift = at.getTime() - Date.now();
  await setServerClock(request, at);
  try {
    await walkInJourney(browser, shift);
  } finally {
    await setServerClock(request, null);
  }
});

async function walkInJourney(browser: Browser, shift: number) {
  const provider = await signedIn(browser, 'provider', shift);
  await provider.goto('/dashboard/doctor');
  await expect(provider.getByRole('status', { name: 'Live' })).toBeVisible();
  const walkInCard = provider.getByTestId('count-walkin');
  await expect(walkInCard).toHaveText(/^\d+$/);
  const walkIns = Number(await walkInCard.textContent());

  const admin = await signedIn(browser, 'admin', shift);
  const { scheduleId, walkInType } = await openWalkInCalendar(admin);
  await admin.context().close();

  const patient = await signedIn(browser, 'patient', shift);
  await patient
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-walk-in-${randomUUID()}`, url: patient.url() }]);
  await holdWalkIn(patient, scheduleId, walkInType, journeyNow(shift));
  await patient.goto('/book/pay');
  await expect(patient.getByTestId('visit-fee')).toHaveText('$75.00');
  const another = patient.getByRole('button', { name: 'Use another card' });
  await expect(patient.getByLabel('Card number').or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await patient.getByLabel('Card number').fill('4242 4242 4242 4242');
  await patient.getByLabel('Expiry date').fill('12/31');
  await patient.getByLabel('Security code (CVC)').fill('123');
  await patient.getByRole('button', { name: 'Save card' }).click();
  await expect(patient.getByLabel(/Visa xxxxxxxxxx4242/).first()).toBeChecked();
  await patient.getByRole('button', { name: 'Pay $75.00 and book' }).click();
  await expect(patient).toHaveURL(/\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}/);

  // The provider's dashboard was never reloaded: the appointments hub brings the walk-in into the queue and the count.
  await expect(walkInCard).toHaveText(String(walkIns + 1));
  const queue = provider.getByTestId('queue-list');
  await expect(queue.getByTestId('queue-name').last()).toHaveText('Jordan Ellis');
  if (process.env.E2E_SCREENSHOTS)
    await provider.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/walk-in-online-queue.png`,
      fullPage: true,
    });
}
