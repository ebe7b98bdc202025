import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';
import { seedId, tokenOf, utc } from './support/seed';
import { holdAs } from './support/holds';

/**
 * Issue 6, "Done means", the failure journeys that need a real server to happen (patient-booking.md §4.2 step 9,
 * §4.6, §8): a duplicate booking answers the 409 text, releases the hold and cancels the visit fee's
 * authorization; a booking refused after the fee was authorized (the practice blocked the time meanwhile)
 * cancels the authorization and offers another time.
 */

const PROVIDER_ID = seedId('demo:person:provider');

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
  CapacityAvailable: number | null;
}

interface Transaction {
  Id: string;
  Status: string;
}

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo provider's open slots from `daysAhead` days on (the first practice: $75 uninsured; every slot has 4 places). */
async function openSlots(page: Page, daysAhead: number): Promise<Slot[]> {
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    data: { PractitionerId: PROVIDER_ID },
  });
  const scheduleIds = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
  const from = new Date(Date.now() + daysAhead * 86_400_000);
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: scheduleIds,
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  return ((await search.json()) as { Data: Slot[] }).Data;
}

async function slotNow(page: Page, slot: Slot): Promise<Slot | undefined> {
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: [slot.ScheduleId],
      StartDate: utc(new Date(slot.Start)),
      EndDate: utc(new Date(slot.End)),
    },
  });
  return ((await search.json()) as { Data: Slot[] }).Data.find((s) => s.Start === slot.Start);
}

/**
 * Holds a slot for the signed-in patient as a slot click does (with the browser's own token, so the hold is the
 * session's the booking call checks), keeps the selection as slot_data and the filled stages, and opens the pay page.
 */
async function holdAndOpenPayPage(page: Page, slot: Slot) {
  const res = await holdAs(page, { SlotIds: slot.SlotIds });
  expect(res.status()).toBe(200);
  const { ExpiresAt, Slot: held } = (await res.json()) as { ExpiresAt: string; Slot: Slot };
  await page.evaluate(
    (data) => {
      sessionStorage.setItem('slot_data', JSON.stringify(data));
      sessionStorage.setItem(
        'book_appointment_state',
        JSON.stringify({ appointmentInfo: { Reason: 'Follow-up of blood tests' }, currentStage: 'PAYMENT' }),
      );
    },
    {
      calendarId: slot.ScheduleId,
      facilityId: null,
      time_slot: held,
      entity: {
        Id: PROVIDER_ID,
        Type: 'Practitioner',
        Name: 'Dr. Olivia Bennett, MD',
        Speciality: 'Internist',
        Photo: null,
      },
      selectedReason: -1,
      actorLocationCalendars: [slot.ScheduleId],
      workflow: 'PROVIDER_PROFILE',
      expiresAt: ExpiresAt,
    },
  );
  await page.goto('/book/pay');
  await expect(page.getByTestId('visit-fee')).toHaveText('$75.00');
}

/** Uses the saved 4242 card, or saves it first. */
async function chooseTestCard(page: Page) {
  const saved = page.getByLabel(/Visa xxxxxxxxxx4242/).first();
  const number = page.getByLabel('Card number');
  await expect(saved.or(number)).toBeVisible();
  if (await number.isVisible()) {
    await number.fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12/31');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
  } else await saved.check();
  await expect(saved).toBeChecked();
}

/** Pays; resolves with the visit fee's authorization (the payment intent the pay page made). */
async function payAndBook(page: Page): Promise<Transaction> {
  const intent = page.waitForResponse(
    (r) => r.url().includes('/payment-intent') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Pay $75.00 and book' }).click();
  const response = await intent;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Transaction }).data;
}

async function transactionStatus(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/careslot-payment-service/api/paymenttransaction/${id}`, {
    headers: auth(await tokenOf(page)),
  });
  return ((await res.json()) as { data: Transaction }).data.Status;
}

/** A signed-in practice admin of the first demo practice in a browser of their own; resolves with their token. */
async function practiceAdminToken(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(admin, 'admin');
  const token = await tokenOf(admin);
  await context.close();
  return token;
}

test('booking the same time twice: the 409 text, the hold released, the authorization cancelled, back to the portal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'patient');
  const slot = (await openSlots(page, 24))[0]!;
  const places = slot.CapacityAvailable!;
  // A slot with room for more than one patient (group and individual places), so the same patient can hold it again.
  expect(places).toBeGreaterThan(1);

  await holdAndOpenPayPage(page, slot);
  await chooseTestCard(page);
  const first = await payAndBook(page);
  await expect(page.getByTestId('confirmation-title')).toHaveText(
    'Jordan, Your appointment has been scheduled',
  );
  expect(await transactionStatus(page, first.Id)).toBe('Captured');
  await expect.poll(async () => (await slotNow(page, slot))?.CapacityAvailable).toBe(places - 1);

  // The same patient, in another tab that still shows the time, holds it again and pays again.
  await holdAndOpenPayPage(page, slot);
  expect((await slotNow(page, slot))?.CapacityAvailable).toBe(places - 2);
  await chooseTestCard(page);
  const second = await payAndBook(page);

  // §8: 'Already booked at this time.', the held slot released, the portal.
  await expect(page.getByRole('alert').filter({ hasText: 'Already booked at this time.' })).toBeVisible();
  await expect(page).toHaveURL(/\/portal$/);
  await expect.poll(async () => (await slotNow(page, slot))?.CapacityAvailable).toBe(places - 1);
  const validate = await page.request.post('/careslot-calendar/api/v2/slot/validate-reserved-slot', {
    headers: auth(await tokenOf(page)),
    data: { SlotIds: slot.SlotIds },
  });
  expect(await validate.json()).toBe(false);
  // No money is held for the booking that did not happen; the first one stays paid.
  expect(await transactionStatus(page, second.Id)).toBe('Canceled');
  expect(await transactionStatus(page, first.Id)).toBe('Captured');
  expect(await page.evaluate(() => sessionStorage.getItem('book_appointment_state'))).toBeNull();
});

test('the practice blocks the time after the fee is authorized: the authorization is cancelled and another time is offered', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const adminToken = await practiceAdminToken(browser);
  await signInAs(page, 'patient');
  const slot = (await openSlots(page, 31))[0]!;
  await holdAndOpenPayPage(page, slot);
  await chooseTestCard(page);

  // The booking call leaves the browser only after the practice blocked the time off (a real schedule exception
  // by the practice admin, between the fee's authorization and the booking call).
  let blocked = false;
  await page.route('**/careslot-appointment-service/api/v2/Appointments', async (route) => {
    if (route.request().method() === 'POST' && !blocked) {
      blocked = true;
      const off = await page.request.post(
        `/careslot-calendar/api/v2/schedule/${slot.ScheduleId}/exceptions`,
        {
          headers: auth(adminToken),
          data: { Kind: 'TimeOff', Start: slot.Start, End: slot.End, Note: 'Staff training' },
        },
      );
      expect(off.status()).toBe(200);
    }
    await route.continue();
  });
  const authorization = await payAndBook(page);

  // §4.2 step 9 / §4.7: the time is gone, nothing was taken (the authorization is cancelled, so there is nothing to
  // refund), and the reschedule dialog offers another time.
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Unfortunately, Dr. Olivia Bennett, MD is no longer available on the selected slot'),
  ).toBeVisible();
  expect(await transactionStatus(page, authorization.Id)).toBe('Canceled');
  await expect(page).toHaveURL(/\/book\/pay$/);

  await dialog
    .getByRole('button', { name: /\d{1,2}:\d{2} (am|pm)/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByTestId('confirmation-title')).toHaveText(
    'Jordan, Your appointment has been scheduled',
  );
  await page.getByRole('button', { name: 'Manage appointment' }).click();
  await expect(page.getByTestId('appointment-status')).toHaveText('Scheduled');

  // Jordan is the demo patient other journeys book too, at the times their dialogs offer first: the visit
  // booked here is cancelled again so that it cannot collide with theirs.
  const id = /\/details\/([^/?]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  const cancel = await page.request.post(
    `/careslot-appointment-service/api/v2/web/patient-appointments/${id}/cancel`,
    {
      headers: auth(await tokenOf(page)),
      data: { Reason: 'End of the test journey' },
    },
  );
  expect(cancel.status()).toBe(200);
});
