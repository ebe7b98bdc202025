import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { sessionToken, signInAs } from './support/sign-in';
import { seedId, utc } from './support/seed';
import { holdAs } from './support/holds';

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
}

/** Holds the first open slot of the demo provider for this browser (its SessionId cookie), as a slot click does. */
async function holdDemoProviderSlot(page: Page) {
  await page
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-booking-${randomUUID()}`, url: page.url() }]);
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    data: { PractitionerId: seedId('demo:person:provider') },
  });
  const scheduleIds = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
  const from = new Date(Date.now() + 86_400_000);
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: scheduleIds,
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  const slot = ((await search.json()) as { Data: Slot[] }).Data[0]!;
  const hold = await holdAs(page, { SlotIds: slot.SlotIds });
  expect(hold.status()).toBe(200);
  const { ExpiresAt, Slot: held } = (await hold.json()) as {
    ExpiresAt: string;
    Slot: Slot & Record<string, unknown>;
  };
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
  await page.evaluate((data) => sessionStorage.setItem('slot_data', JSON.stringify(data)), slotData);
  return slot;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a signed-in patient with a held slot sees it on the booking form, gives a reason and moves on', async ({
  page,
}) => {
  await signInAs(page, 'patient');
  await holdDemoProviderSlot(page);
  await page.goto('/book/book-appointment-form');
  // The demo practices ask a screening form first (4.3 steps 7-8); booking-stages.spec.ts covers it in full.
  await expect(page).toHaveURL(/\/screening-form$/);
  await page
    .getByRole('radiogroup', { name: /fever, cough or shortness of breath/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('radio', { name: 'A routine check-up' }).check();
  await page.getByRole('textbox', { name: /Type your full name/ }).fill('Jordan Ellis');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/book\/book-appointment-form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeVisible();
  await expect(page.getByTestId('booking-entity-name')).toHaveText('Dr. Olivia Bennett, MD');
  await expect(page.getByTestId('booking-date')).toContainText(
    /(Tomorrow, |[A-Z][a-z]{2}, )[A-Z][a-z]{2} \d{1,2} - \d{1,2}:\d{2} (am|pm) [A-Z]{2,5}/,
  );
  await expect(page.getByTestId('hold-until')).toContainText('This time is held for you until');
  await expect(page.getByLabel('Myself (Jordan Ellis)')).toBeChecked();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter the reason for your visit.');
  await page.getByRole('textbox', { name: /Reason for visit/ }).fill('Knee pain for two weeks');
  // A reload loses neither the held slot nor what was typed (3.10).
  await page.reload();
  await expect(page.getByTestId('booking-entity-name')).toHaveText('Dr. Olivia Bennett, MD');
  await expect(page.getByRole('textbox', { name: /Reason for visit/ })).toHaveValue(
    'Knee pain for two weeks',
  );
  // Phone verification applies while the mobile is not verified (4.2 rule 2); otherwise the first practice
  // collects demographics next.
  const token = await sessionToken(page);
  const record = await page.request.get(
    `/careslot-administration/api/v2/patient/${seedId('demo:person:patient')}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const verified = (
    (await record.json()) as { Telecom: { System: string; IsVerified: boolean }[] }
  ).Telecom.some((t) => t.System === 'Mobile' && t.IsVerified);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(
    verified ? /\/book\/collect-patient-demographics$/ : /\/verification\/phone-verify$/,
  );
  const state = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('book_appointment_state')))!,
  ) as Record<string, unknown>;
  expect(state).toMatchObject({
    appointmentInfo: { Reason: 'Knee pain for two weeks' },
    currentStage: verified ? 'PATIENT_DEMOGRAPHICS' : 'SMS_VERIFICATION',
    selectedFamilyMember: null,
  });
});

test('a signed-out visitor on the booking form is sent to sign in', async ({ page }) => {
  await page.goto('/book/book-appointment-form');
  await expect(page).toHaveURL(/\/login$/);
});
