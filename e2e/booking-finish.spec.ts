import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';
import { seedId, utc } from './support/seed';
import { holdAs, releaseAs } from './support/holds';
import { evidence } from './support/evidence';

const SHOTS = process.env.E2E_SCREENSHOTS;

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await evidence(page, { path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** The demo provider's open slots from `daysAhead` days on (the first practice takes a visit fee: $75 uninsured). */
async function openSlots(page: Page, daysAhead: number): Promise<Slot[]> {
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    data: { PractitionerId: seedId('demo:person:provider') },
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

/** Holds a slot for this browser as a slot click does, and keeps the selection as slot_data. */
async function hold(page: Page, slot: Slot) {
  const res = await holdAs(page, { SlotIds: slot.SlotIds });
  expect(res.status()).toBe(200);
  const { ExpiresAt, Slot: held } = (await res.json()) as { ExpiresAt: string; Slot: Slot };
  const slotData = {
    calendarId: slot.ScheduleId,
    facilityId: null,
    time_slot: held,
    entity: {
      Id: seedId('demo:person:provider'),
      Type: 'Practitioner',
      Name: 'Dr. Olivia Bennett, MD',
      Speciality: 'Family Medicine',
      Photo: null,
    },
    selectedReason: -1,
    actorLocationCalendars: [slot.ScheduleId],
    workflow: 'PROVIDER_PROFILE',
    expiresAt: ExpiresAt,
  };
  await page.evaluate((data) => {
    sessionStorage.setItem('slot_data', JSON.stringify(data));
    sessionStorage.setItem(
      'book_appointment_state',
      JSON.stringify({ appointmentInfo: { Reason: 'Knee pain for two weeks' }, currentStage: 'PAYMENT' }),
    );
  }, slotData);
}

/** Opens the card form: it shows by itself while no card is saved, else behind 'Use another card'. */
async function openCardForm(page: Page) {
  const another = page.getByRole('button', { name: 'Use another card' });
  await expect(page.getByLabel('Card number').or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
}

async function addCard(page: Page, number: string) {
  await openCardForm(page);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/31');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await page
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-finish-${randomUUID()}`, url: 'http://127.0.0.1' }]);
});

for (const width of [1440, 375]) {
  test(`pay the visit fee (declined card first), see the confirmation popup and manage the visit in the portal (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'patient');
    const slots = await openSlots(page, width === 1440 ? 2 : 9);
    await hold(page, slots[0]!);

    await page.goto('/book/pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeVisible();
    await expect(page.getByTestId('visit-fee')).toHaveText('$75.00');
    await openCardForm(page);
    await expect(page.getByText('Sandbox test cards')).toBeVisible();
    await shoot(page, 'pay-empty');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Client-side rules first, then a declined test card: nothing is booked.
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Enter the card number.')).toBeVisible();
    await shoot(page, 'pay-card-errors');
    await addCard(page, '4000 0000 0000 0002');
    await expect(page.getByLabel(/Visa xxxxxxxxxx0002/).first()).toBeChecked();
    await page.getByRole('button', { name: 'Pay $75.00 and book' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await shoot(page, 'pay-declined');

    await addCard(page, '4242 4242 4242 4242');
    await expect(page.getByLabel(/Visa xxxxxxxxxx4242/).first()).toBeChecked();
    await shoot(page, 'pay-cards');
    await page.getByRole('button', { name: 'Pay $75.00 and book' }).click();

    await expect(page).toHaveURL(
      /\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}\?showConfirmationMessage=true$/,
    );
    await expect(page.getByTestId('confirmation-title')).toHaveText(
      'Jordan, Your appointment has been scheduled',
    );
    await expect(page.getByTestId('confirmation-detail')).toContainText(
      /^with .*Olivia Bennett on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, 20\d\d at \d{1,2}:\d{2} (AM|PM)$/,
    );
    await expect(
      page.getByText('Add this appointment to your calendar, reschedule or look up directions.'),
    ).toBeVisible();
    await shoot(page, 'confirmation-popup');
    await page.getByRole('button', { name: 'Manage appointment' }).click();
    await expect(page).not.toHaveURL(/showConfirmationMessage/);
    await expect(page.getByTestId('appointment-status')).toHaveText('Scheduled');
    await expect(page.getByText('xxxxxxxxxx4242')).toBeVisible();
    await shoot(page, 'portal-details');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Add to calendar downloads a valid iCalendar file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const ics = await readFile(file, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT');

    // Reschedule on the 4-day calendar.
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'portal-reschedule');
    const firstOpen = page
      .getByRole('dialog')
      .getByRole('button', { name: /\d{1,2}:\d{2} (am|pm)/ })
      .first();
    await firstOpen.click();
    await page.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // Cancel with a reason.
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByText('Please give a reason for canceling.')).toBeVisible();
    await shoot(page, 'portal-cancel');
    await page.getByLabel(/Why are you canceling/).fill('Feeling better');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByTestId('appointment-status')).toHaveText('Canceled');
    await expect(page.getByText('Feeling better')).toBeVisible();

    await page.getByRole('link', { name: 'Back to appointments' }).click();
    await expect(page.getByRole('heading', { name: 'My health' })).toBeVisible();
    await shoot(page, 'portal-list');
    await page.getByText('Past', { exact: true }).click();
    await expect(page.getByTestId('portal-appointment').first()).toBeVisible();
    await shoot(page, 'portal-past');
    await page.getByRole('tab', { name: 'Profile settings' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Jordan Ellis');
    await shoot(page, 'portal-profile');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
}

test('a slot lost meanwhile opens the reschedule dialog; CONFIRM books the new time', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'patient');
  const slots = await openSlots(page, 16);
  await hold(page, slots[0]!);
  // The hold goes (as when it expires or another tab releases it) before the patient pays.
  await releaseAs(page, slots[0]!.SlotIds);
  await page.goto('/book/pay');
  await addCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $75.00 and book' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Unfortunately, Dr. Olivia Bennett, MD is no longer available on the selected slot'),
  ).toBeVisible();
  await expect(dialog.getByText('Please choose another slot')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
  await expect(dialog.getByTestId('slot-day')).toHaveCount(4);
  await shoot(page, 'reschedule-dialog');
  await dialog
    .getByRole('button', { name: /\d{1,2}:\d{2} (am|pm)/ })
    .first()
    .click();
  await expect(dialog.getByRole('button', { name: 'CONFIRM' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByTestId('confirmation-title')).toHaveText(
    'Jordan, Your appointment has been scheduled',
  );
});
