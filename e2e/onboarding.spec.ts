import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './support/outbox';
import { seedId } from './support/seed';
import { sessionToken, signInAs, submitRealmLogin } from './support/sign-in';
import { heardReasonDuration, watchProfileCalendar, weekdayIn } from './support/live-calendar';
import { evidence } from './support/evidence';

/** Screenshots for review when E2E_SCREENSHOTS names a folder (as the booking journeys do). */
const SHOTS = process.env.E2E_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await evidence(page, { path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** A valid NPI (Luhn over 80840 and the ten digits) that no other run used. */
function freshNpi(): string {
  const nine = `1${String(Date.now()).slice(-8)}`;
  for (let digit = 0; digit <= 9; digit += 1) {
    const digits = `80840${nine}${digit}`.split('').map(Number);
    let sum = 0;
    for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
      let d = digits[i]!;
      if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return `${nine}${digit}`;
  }
  throw new Error('no check digit');
}

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test("a super user onboards a practice through the wizard; its provider is found with open slots at the new location, a patient books one, and the provider activates their account and, as the practice admin, changes a reason's duration and the hours while the patient's calendar follows live", async ({
  page,
  browser,
}) => {
  // The wizard, a booking and two settings saves that re-announce months of slots: long on a shared CI machine.
  test.setTimeout(300_000);
  const run = String(Date.now()).slice(-6);
  const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const practice = `Lakeshore Family Care ${letters}`;
  const lastName = `Marlow${letters}`;

  await signInAs(page, 'superuser');
  await page.goto('/super-user/dashboard');
  await page.getByRole('link', { name: 'Add practice' }).click();
  await expect(page).toHaveURL(/\/super-user\/practice-onboarding\/wizard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a practice' })).toBeVisible();
  await expect(page.getByText('Step 1 of 6: Organization')).toBeVisible();

  // Each step is checked before the next: an empty step names its fields.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Practice name is required.')).toBeVisible();
  await shoot(page, 'onboarding-errors');
  await page.getByLabel('Practice name').fill(practice);
  await page.getByLabel('Practice phone').fill('(312) 555-0140');
  await page.getByLabel('Practice e-mail').fill(`office-${run}@lakeshore.example`);
  await axe(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 6: Location')).toBeVisible();
  await page.getByLabel('Location name').fill('Lakeshore Main Office');
  await page.getByLabel('Location phone').fill('(312) 555-0141');
  await page.getByLabel('Address line 1').fill('200 Lake Shore Drive');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('Zip code').fill('60601');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 3 of 6: Provider')).toBeVisible();
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('NPI').fill('1234567890');
  await page.getByLabel('Specialty').selectOption({ index: 1 });
  await page.getByLabel('Provider e-mail').fill(`nadia-${run}@lakeshore.example`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('NPI is not a valid NPI (check digit).')).toBeVisible();
  await page.getByLabel('NPI').fill(freshNpi());
  await shoot(page, 'onboarding-provider');
  await page.getByRole('button', { name: 'Next' }).click();

  // Every day of the week, so the journey finds open slots whenever it runs.
  await expect(page.getByText('Step 4 of 6: Schedule and reasons')).toBeVisible();
  for (const day of ['Saturday', 'Sunday']) await page.getByRole('checkbox', { name: day }).check();
  await page.getByLabel('Opens at').fill('00:00');
  await page.getByLabel('Closes at').fill('23:30');
  await page.getByLabel('Reason 1 name').fill('New Patient Visit');
  await page.getByRole('button', { name: 'Add a reason' }).click();
  await page.getByLabel('Reason 2 name').fill('Follow-up Visit');
  await page.getByLabel('Reason 2 duration (minutes)').fill('20');
  await shoot(page, 'onboarding-schedule');
  await axe(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 5 of 6: Payment')).toBeVisible();
  await expect(page.getByText('Patients pay at the practice; no card is asked when booking.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 6 of 6: Review and publish')).toBeVisible();
  const summary = page.getByRole('table', { name: 'Summary of the new practice' });
  await expect(summary).toContainText(practice);
  await expect(summary).toContainText('New Patient Visit (30 minutes), Follow-up Visit (20 minutes)');
  await shoot(page, 'onboarding-review');
  await page.getByRole('button', { name: 'Create and publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The practice is ready' })).toBeVisible();
  await expect(page.getByText(`An activation link went to nadia-${run}@lakeshore.example.`)).toBeVisible();
  await shoot(page, 'onboarding-done');
  const profileHref = await page
    .getByRole('link', { name: "Open the provider's public profile" })
    .getAttribute('href');
  expect(profileHref).toMatch(/^\/providers\/.+/);

  // The provider is invited as the users screen invites: one e-mail with a signed, single-use activation link.
  // Identity makes the account from the practice's event in the background (decision 0082): wait for the e-mail.
  const invitations = async () => {
    const outbox = await page.request.get('/dev/outbox', {
      params: { to: `nadia-${run}@lakeshore.example`, limit: 5 },
    });
    return ((await outbox.json()) as { messages: { body: string; template: string }[] }).messages;
  };
  await expect.poll(async () => (await invitations()).map((m) => m.template)).toEqual(['staff-invitation']);
  const messages = await invitations();
  const link = /https?:\/\/\S+(\/account\/activate\?invitation=[0-9a-f-]+&exp=\d+&sig=[A-Za-z0-9_-]+)/.exec(
    messages[0]!.body,
  )![1]!;

  // A patient finds the new provider in the search, at the new location, with open slots.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await patient.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(patient, 'patient');
  const search = await patient.request.post('/careslot-marketplace/api/v1/WebCatalog/find-care/catalogs', {
    data: { TextField: practice, Limit: 5 },
  });
  const found = (await search.json()) as {
    count: number;
    providers: {
      display_name: string;
      schedule_id: string | null;
      location: { name: string; city: string };
      slots: unknown[];
      next_availability: string | null;
    }[];
  };
  expect(found.count).toBe(1);
  expect(found.providers[0]).toMatchObject({ location: { name: 'Lakeshore Main Office', city: 'Chicago' } });
  expect(found.providers[0]!.next_availability).not.toBeNull();

  await patient.goto(profileHref!);
  await expect(patient.getByRole('heading', { level: 1 })).toContainText(lastName);
  await expect(patient.getByText('Lakeshore Main Office').first()).toBeVisible();
  // A time two days or more ahead: the demo patient's other journeys book today's times (one place a minute).
  let later = '';
  await expect
    .poll(async () => {
      const slotIds = await patient
        .locator('[data-slot-id]')
        .evaluateAll((slots) => slots.map((slot) => slot.getAttribute('data-slot-id') ?? ''));
      later =
        slotIds.find((id) => Date.parse(id.slice(id.indexOf('_') + 1)) > Date.now() + 48 * 3_600_000) ?? '';
      return later;
    })
    .not.toBe('');
  await patient.locator(`[data-slot-id="${later}"]`).click();
  const timeZoneDialog = patient.getByRole('dialog', { name: 'Time Zone Difference' });
  const booking = /\/book\/book-appointment-form$/;
  const asked = await Promise.race([
    timeZoneDialog.waitFor().then(
      () => true,
      () => false,
    ),
    patient.waitForURL(booking).then(
      () => false,
      () => false,
    ),
  ]);
  if (asked) await timeZoneDialog.getByRole('button', { name: 'Yes' }).click();
  await expect(patient).toHaveURL(booking);
  await expect(patient.getByTestId('booking-entity-name')).toContainText(lastName);

  // The new practice asks no screening form, demographics, insurance or fee: the stages that apply, then the confirmation.
  const token = await sessionToken(patient);
  const confirmation =
    /\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}\?showConfirmationMessage=true$/;
  for (let step = 0; step < 6 && !confirmation.test(patient.url()); step += 1) {
    await patient.waitForLoadState('networkidle');
    const path = new URL(patient.url()).pathname;
    if (path === '/book/book-appointment-form') {
      await expect(patient.getByRole('button', { name: 'Continue' })).toBeEnabled();
      await patient.getByRole('textbox', { name: /Reason for visit/ }).fill('Annual check-up');
      await patient.getByRole('button', { name: 'Continue' }).click();
    } else if (path === '/verification/phone-verify') {
      const me = await patient.request.get(
        `/careslot-administration/api/v2/patient/${seedId('demo:person:patient')}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const mobile =
        ((await me.json()) as { Telecom?: { System: string; Value: string }[] }).Telecom?.find(
          (t) => t.System === 'Mobile',
        )?.Value ?? '';
      const sentAt = new Date(Date.now() - 1000);
      await patient.getByRole('button', { name: 'Send code' }).click();
      const code = await latestCode(
        patient.request,
        `+1${mobile.replace(/\D/g, '').slice(-10)}`,
        'otp',
        sentAt,
      );
      await patient.getByRole('textbox', { name: 'Digit 1' }).fill(code);
      await patient.getByRole('button', { name: 'Verify' }).click();
    } else if (path === '/book/pay') {
      await patient.getByRole('button', { name: /book/i }).last().click();
    }
    await patient.waitForURL((url) => url.pathname !== path, { timeout: 15_000 });
  }
  await expect(patient).toHaveURL(confirmation);
  await expect(patient.getByTestId('confirmation-detail')).toContainText(lastName);
  await patientContext.close();

  // The new provider activates their account from the e-mailed link, choosing a password, and signs in as the
  // practice's admin, who can change the reasons of the new schedule.
  const providerEmail = `nadia-${run}@lakeshore.example`;
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await provider.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await provider.goto(link);
  await expect(provider.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(provider.getByText(providerEmail)).toBeVisible();
  const password = `Lakeshore-${run}-pw1`;
  await provider.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await provider.getByLabel('Confirm Password').fill(password);
  await provider.getByRole('button', { name: 'Activate account' }).click();
  await expect(provider).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(provider, providerEmail, password);
  await expect(provider.getByRole('button', { name: new RegExp(`Nadia ${lastName}`) })).toBeVisible();

  // As the new practice's admin, the provider changes a reason's duration and the working hours in the settings
  // pages, while a patient's view of the profile is open: its calendar follows without a reload.
  const scheduleId = found.providers[0]!.schedule_id!;
  const practitionerId = profileHref!.split('/').pop()!;
  const watcher = await watchProfileCalendar(browser, {
    scheduleId,
    practitionerId,
    timeZone: 'America/Chicago',
  });
  const reasons = await provider.request.post('/careslot-calendar/api/v2/servicetype/advance-search', {
    data: { ScheduleId: scheduleId },
  });
  const followUp = ((await reasons.json()) as { Data: { Id: string; Name: string }[] }).Data.find(
    (r) => r.Name === 'Follow-up Visit',
  )!;
  await provider.goto('/practice-admin/settings/reasons');
  const row = provider.locator(`[data-reason-id="${followUp.Id}"]`);
  await row.getByRole('button', { name: `Edit ${followUp.Name}`, exact: true }).click();
  const dialog = provider.getByRole('dialog', { name: `Edit ${followUp.Name}` });
  await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('45 minutes');
  await expect.poll(() => heardReasonDuration(watcher.frames, scheduleId, followUp.Id, 45)).toBe(true);

  const slot = watcher.page.locator(`[data-slot-id^="${scheduleId}_"]`).first();
  const slotId = (await slot.getAttribute('data-slot-id'))!;
  const day = weekdayIn(slotId.slice(scheduleId.length + 1), 'America/Chicago');
  await provider.goto(`/practice-admin/settings/schedules?schedule=${scheduleId}`);
  const editor = provider.getByRole('region', { name: /^Calendar of / });
  await expect(editor).toBeVisible();
  const periods = editor.getByRole('button', { name: new RegExp(`^Remove period \\d on ${day}$`) });
  await expect(periods.first()).toBeVisible();
  const count = await periods.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await periods.first().click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(provider.getByText('Saved.')).toBeVisible();
  await expect(watcher.page.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);
  await watcher.page.context().close();
  await providerContext.close();
});

test('a provider opening the onboarding wizard is told it is for super users', async ({ page }) => {
  await signInAs(page, 'provider');
  await page.goto('/practice-onboarding');
  await expect(page.getByRole('alert')).toHaveText('Only super users can onboard a practice.');
});
