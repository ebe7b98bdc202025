import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { sessionToken, signInAs } from './support/sign-in';
import { seedId, utc } from './support/seed';
import { holdAs, releaseAs } from './support/holds';
import { evidence } from './support/evidence';

/** The provider of the third demo practice, which is paid through PayPal (seed/payments.ts, decision 0024). */
const PAYPAL_PROVIDER = seedId('demo:practitioner:9');
const PATIENT = seedId('demo:person:patient');
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await evidence(page, { path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function openSlots(page: Page, daysAhead: number): Promise<Slot[]> {
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    data: { PractitionerId: PAYPAL_PROVIDER },
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
      Id: PAYPAL_PROVIDER,
      Type: 'Practitioner',
      Name: 'Pacific Coast provider',
      Speciality: null,
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
      JSON.stringify({ appointmentInfo: { Reason: 'Follow-up visit' }, currentStage: 'PAY_PAL' }),
    );
  }, slotData);
}

/** The patient's paid visit fees, read with the signed-in browser's own token. */
async function balance(page: Page) {
  const token = await sessionToken(page);
  const res = await page.request.post('/careslot-payment-service/api/v1/web/patientbalance', {
    headers: { authorization: `Bearer ${token}` },
    data: { PatientId: PATIENT, OrganizationId: seedId('demo:practice:3') },
  });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      data: { PaidAmount: number; CardDetails: string | null; AppointmentIds: string[] };
    }
  ).data;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await page
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-paypal-${randomUUID()}`, url: 'http://127.0.0.1' }]);
});

for (const width of [1440, 375]) {
  test(`pays the visit fee with PayPal at a practice configured for it: a declined payment first, then approved and booked (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'patient');
    const slots = await openSlots(page, width === 1440 ? 3 : 10);
    expect(slots.length).toBeGreaterThan(0);
    await hold(page, slots[0]!);

    // The card page sends a PayPal practice's patient to the wallet page.
    await page.goto('/book/pay');
    await expect(page).toHaveURL(/\/book\/pay-paypal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay the visit fee with PayPal' })).toBeVisible();
    await expect(page.getByTestId('visit-fee')).toHaveText('$75.00');
    const pay = page.getByRole('button', { name: 'Pay $75.00 with PayPal' });
    await expect(pay).toBeVisible();
    await shoot(page, 'paypal-start');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The built-in wallet's approval step; declining is said plainly and nothing is booked.
    await pay.click();
    const approval = page.getByRole('region', { name: 'PayPal approval' });
    await expect(
      approval.getByText('Approve a payment of $75.00 for your visit with Pacific Coast provider?'),
    ).toBeVisible();
    await shoot(page, 'paypal-approval');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await approval.getByRole('button', { name: 'Decline' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'PayPal declined the payment. Nothing was charged; you can try again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/book\/pay-paypal$/);
    await shoot(page, 'paypal-declined');
    const before = await balance(page);

    // Again, approved: the order is authorized, the visit booked, and the fee captured once it is.
    await pay.click();
    await approval.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(
      /\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}\?showConfirmationMessage=true$/,
    );
    await expect(page.getByTestId('confirmation-title')).toHaveText(
      'Jordan, Your appointment has been scheduled',
    );
    await shoot(page, 'paypal-confirmation');
    const appointmentId = /details\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const after = await balance(page);
    expect(after.AppointmentIds).toContain(appointmentId);
    expect(after.PaidAmount).toBe(before.PaidAmount + 75);
    expect(after.CardDetails).toBe('PayPal');
  });
}

test('shows the PayPal page in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signInAs(page, 'patient');
  const slots = await openSlots(page, 17);
  await hold(page, slots[0]!);
  await page.evaluate(() => localStorage.setItem('careslot_language', 'es'));
  await page.goto('/book/pay-paypal');
  await expect(page.getByRole('button', { name: /Pagar .*75.* con PayPal/ })).toBeVisible();
  await shoot(page, 'paypal-es');
  // Leave the hold for the next run's patient: release it.
  await releaseAs(page, slots[0]!.SlotIds);
});
