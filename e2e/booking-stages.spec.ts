import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './support/outbox';
import { sessionToken, signInAs } from './support/sign-in';
import { seedId, utc } from './support/seed';
import { holdAs } from './support/holds';
import { evidence } from './support/evidence';

const PATIENT_ID = seedId('demo:person:patient');
const PROVIDER_ID = seedId('demo:person:provider');
/** Set BOOKING_SCREENSHOTS=<folder> to keep a picture of each screen at 1440 and 375 px wide (kept out of git). */
const SHOTS = process.env.BOOKING_SCREENSHOTS;

async function look(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  if (!SHOTS) return;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await evidence(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Holds the first open slot of the demo provider for this browser (its SessionId cookie), as a slot click does. */
async function holdDemoProviderSlot(page: Page) {
  await page
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-stages-${randomUUID()}`, url: page.url() }]);
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    data: { PractitionerId: PROVIDER_ID },
  });
  const scheduleIds = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
  const from = new Date(Date.now() + 2 * 86_400_000);
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: scheduleIds,
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  const slots = ((await search.json()) as { Data: { ScheduleId: string; SlotIds: string[] }[] }).Data;
  // A later slot than the booking journey's, so the two never meet.
  const slot = slots[Math.min(3, slots.length - 1)]!;
  const hold = await holdAs(page, { SlotIds: slot.SlotIds });
  expect(hold.status()).toBe(200);
  const { ExpiresAt, Slot: held } = (await hold.json()) as {
    ExpiresAt: string;
    Slot: Record<string, unknown>;
  };
  await page.evaluate(
    (data) => {
      sessionStorage.removeItem('book_appointment_state');
      sessionStorage.setItem('slot_data', JSON.stringify(data));
    },
    {
      calendarId: slot.ScheduleId,
      facilityId: null,
      time_slot: held,
      entity: {
        Id: PROVIDER_ID,
        Type: 'Practitioner',
        Name: 'Dr. Olivia Bennett, MD',
        Speciality: 'Family Medicine',
        Photo: null,
      },
      selectedReason: -1,
      actorLocationCalendars: [slot.ScheduleId],
      workflow: 'PROVIDER_PROFILE',
      expiresAt: ExpiresAt,
    },
  );
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a signed-in patient with a held slot answers screening, verifies the phone with the texted code, checks demographics and insurance', async ({
  page,
}) => {
  await signInAs(page, 'patient');
  // A new mobile number is not verified yet, so phone verification applies (4.2 rule 2).
  const mobile = `(212) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const token = await sessionToken(page);
  const patched = await page.request.patch(`/careslot-administration/api/v2/patient/${PATIENT_ID}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { Mobile: mobile },
  });
  expect(patched.status()).toBe(200);
  await holdDemoProviderSlot(page);

  // 4.3 steps 7-8: the practice's screening form comes before the booking form.
  await page.goto('/book/book-appointment-form');
  await expect(page).toHaveURL(/\/screening-form$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Screening questions' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please answer the 3 questions marked below.');
  await page
    .getByRole('radiogroup', { name: /fever, cough or shortness of breath/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(page.getByLabel(/When did the symptoms start\?/)).toBeVisible();
  await page
    .getByRole('radiogroup', { name: /fever, cough or shortness of breath/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await expect(page.getByLabel(/When did the symptoms start\?/)).toBeHidden();
  await page.getByRole('radio', { name: 'A routine check-up' }).check();
  await page.getByRole('textbox', { name: /Type your full name/ }).fill('Jordan Ellis');
  await look(page, 'screening-form');
  // A reload keeps the answers (3.10).
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Type your full name/ })).toHaveValue('Jordan Ellis');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/book\/book-appointment-form$/);
  await page.getByRole('textbox', { name: /Reason for visit/ }).fill('Yearly check-up');
  await look(page, 'book-appointment-form');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/verification\/phone-verify$/);
  await expect(page.getByRole('textbox', { name: /Mobile number/ })).toHaveValue(mobile);
  const sentAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('We sent a code to');
  const e164 = `+1${mobile.replace(/\D/g, '')}`;
  const code = await latestCode(page.request, e164, 'otp', sentAt);
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('You entered an invalid otp code');
  await look(page, 'phone-verify');
  await page.reload();
  // The request in progress survives a reload: the code field is still there.
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/book\/collect-patient-demographics$/);
  await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Jordan');
  const zip = page.getByRole('textbox', { name: /ZIP code/ });
  await zip.fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the field marked below.');
  await expect(page.getByText('Enter a ZIP code of 5 or 9 digits.')).toBeVisible();
  await look(page, 'collect-patient-demographics');
  await zip.fill('10014');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Patient updated successfully.')).toBeVisible();

  await expect(page).toHaveURL(/\/book\/insurance-confirmation$/);
  await expect(page.getByTestId('insurance-on-file')).toContainText('Aetna');
  await look(page, 'insurance-confirmation');
  await page.getByRole('button', { name: 'No, update my insurance' }).click();

  await expect(page).toHaveURL(/\/book\/collect-insurance$/);
  const search = page.getByRole('textbox', { name: /Search Insurance/ });
  await search.fill('zzz');
  await expect(page.getByRole('status')).toHaveText('No Result Found. Try a different search.');
  await search.fill('');
  const first = page.getByRole('option').first();
  const planName = (await first.textContent())!;
  await first.click();
  await expect(page.getByTestId('insurance-choice')).toContainText(planName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the member ID.')).toBeVisible();
  await page.getByRole('textbox', { name: /Member ID/ }).fill('E2E-123456');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
  await look(page, 'collect-insurance');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The first demo practice takes a visit fee: the pay stage comes next (4.2 rule 8).
  await expect(page).toHaveURL(/\/book\/pay$/);
  const state = JSON.parse(
    (await page.evaluate(() => sessionStorage.getItem('book_appointment_state')))!,
  ) as Record<string, unknown>;
  expect(state).toMatchObject({
    currentStage: 'PAYMENT',
    appointmentInfo: { Reason: 'Yearly check-up' },
    insurance: { Insurance: { Display: planName }, SubscriberId: 'E2E-123456' },
  });
  const coverages = await page.request.post(
    '/careslot-administration/api/v2/web/patient-coverage/advance-search',
    {
      headers: { authorization: `Bearer ${token}` },
      data: { PatientId: PATIENT_ID, Status: 'Active', Priority: 'Primary' },
    },
  );
  const [primary] = (
    (await coverages.json()) as {
      Data: { Name: string; PolicyNumber: string; CardPictures: { Side: string }[] }[];
    }
  ).Data;
  expect(primary).toMatchObject({
    Name: planName,
    PolicyNumber: 'E2E-123456',
    CardPictures: [{ Side: 'Front' }],
  });
});
