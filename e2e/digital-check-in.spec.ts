import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { seedId } from './support/seed';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  pageApi as api,
  sessionClaims,
  signInAs,
  submitRealmLogin,
} from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * Digital check-in (issue 26; decisions 0093, 0094): a practice admin builds an intake form with a conditional
 * question and a consent with a signature for a reason; a visit for that reason; the patient opens the link
 * from the outbox on a phone, fills the forms, sends card photos, signs and checks in; the front desk's
 * Check-In Summary shows it live with the answers and the consent as a PDF. Screenshots: test-results/checkin/.
 */
const SHOTS = fileURLToPath(new URL('../test-results/checkin/', import.meta.url));
const FORMS = '/careslot-custom-form/api/v1';
const V2 = '/careslot-appointment-service/api/v2';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ff2cfb0000000049454e44ae426082',
  'hex',
);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('an admin builds the forms, the patient checks in on a phone, the desk sees it live with the consent PDF', async ({
  page,
  browser,
  request,
}) => {
  // Three people's screens in one journey: the admin's, the desk's and the patient's phone.
  test.setTimeout(300_000);
  const key = Date.now().toString(36);
  await signInAs(page, 'admin');
  // The practice's seeded intake form applies to every reason: it is set aside for this journey.
  const organizationId = (await sessionClaims(page))['PracticeId'] as string;
  const seeded = (
    await api(page, `${FORMS}/customform/organization/${organizationId}`, 'POST', { FormType: 'Intake Form' })
  ).json.Data as {
    Id: string;
    Name: string;
    AssociatedServiceTypes: unknown;
    Definition: unknown;
    FormType: string;
  }[];
  for (const f of seeded)
    await api(page, `${FORMS}/customform/${f.Id}`, 'PUT', {
      OrganizationId: organizationId,
      Name: f.Name,
      FormType: f.FormType,
      Definition: f.Definition,
      AssociatedServiceTypes: f.AssociatedServiceTypes,
      Active: false,
    });

  // The builder: an intake form with a conditional question, for one reason.
  await page.goto('/practice-admin/settings/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'New form' }).click();
  const editor = page.getByRole('form', { name: 'Form builder' });
  await editor.getByLabel('Name').fill(`Intake ${key}`);
  await editor.getByRole('combobox', { name: 'Reasons' }).click({ force: true });
  await page.getByRole('option', { name: 'All reasons' }).click();
  const reasonOption = page.getByRole('option').nth(1);
  const reason = (await reasonOption.textContent())!.trim();
  await reasonOption.click();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Add question' }).click();
  await editor.getByLabel('Question 1 text').fill('Do you have allergies?');
  await editor.getByRole('combobox', { name: 'Question 1 type' }).click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  await editor.getByLabel('Question 1 required').check();
  await editor.getByRole('button', { name: 'Add question' }).click();
  await editor.getByLabel('Question 2 text').fill('Which allergies?');
  await editor.getByLabel('Question 2 required').check();
  await editor.getByRole('combobox', { name: 'Show question 2 only when' }).click();
  await page.getByRole('option', { name: 'Do you have allergies?: Yes' }).click();
  await evidence(page, { path: `${SHOTS}builder-1280.png`, fullPage: true });
  await editor.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Intake ${key}`) })).toBeVisible();

  // A consent with a signature, for the same reason.
  await page.getByRole('button', { name: 'New form' }).click();
  await editor.getByLabel('Name').fill(`Consent ${key}`);
  await editor.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Consent', exact: true }).click();
  await editor.getByRole('combobox', { name: 'Reasons' }).click({ force: true });
  await page.getByRole('option', { name: 'All reasons' }).click();
  await page.getByRole('option', { name: reason, exact: true }).click();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Add question' }).click();
  await editor.getByLabel('Question 1 text').fill('I consent to treatment.');
  await editor.getByRole('combobox', { name: 'Question 1 type' }).click();
  await page.getByRole('option', { name: 'Instructions' }).click();
  await editor.getByRole('button', { name: 'Add question' }).click();
  await editor.getByLabel('Question 2 text').fill('Signature');
  await editor.getByRole('combobox', { name: 'Question 2 type' }).click();
  await page.getByRole('option', { name: 'Signature' }).click();
  await editor.getByLabel('Question 2 required').check();
  await editor.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Consent ${key}`) })).toBeVisible();

  // Today's walk-in for that reason, booked as the desk's screens book it.
  const email = `checkin.${key}@example.com`;
  const context = (await api(page, `${V2}/practice/calendar-context`, 'GET')).json as {
    Schedules: { Id: string; PractitionerId: string | null }[];
  };
  const booked = await api(page, `${V2}/OfficeAppointments`, 'POST', {
    CalendarId: context.Schedules.find((s) => s.PractitionerId)!.Id,
    ScheduleType: 'Walk-In',
    NewPatient: {
      FirstName: 'Rhea',
      LastName: `Check${key.replace(/[0-9]/g, '')}`,
      BirthDate: '1990-04-02',
      Gender: 'Female',
      Email: email,
    },
    Reasons: [{ Name: reason }],
  });
  expect(booked.status).toBe(200);
  const appointmentId = booked.json.data as string;

  // The front desk sends the link from the Check-In Summary.
  const deskContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await deskContext.newPage();
  await desk.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(desk, 'staff');
  await desk.goto('/staff-member/digital-checkin');
  const patientName = `Check${key.replace(/[0-9]/g, '')}, Rhea`;
  // The desk's QR code holds a short link that opens the same check-in (a newer link replaces it below).
  await desk.getByRole('button', { name: `Check-in QR code for ${patientName}` }).click();
  const qrDialog = desk.getByRole('dialog', { name: `Check-in link for ${patientName}` });
  await expect(qrDialog.getByRole('img', { name: 'QR code of the check-in link' })).toBeVisible();
  const shortUrl = (await qrDialog.getByTestId('short-url').textContent()) ?? '';
  expect(shortUrl).toMatch(/\/c\/[\w-]{12}$/);
  await evidence(desk, { path: `${SHOTS}qr-1280.png` });
  await qrDialog.getByRole('button', { name: 'Close' }).click();
  const kiosk = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await kiosk.goto(new URL(shortUrl).pathname);
  await expect(kiosk.getByRole('heading', { level: 1, name: 'Check in for your visit' })).toBeVisible();
  await kiosk.close();
  await desk.getByRole('button', { name: `Send the check-in link to ${patientName}` }).click();
  await expect(desk.getByLabel(`Digital check-in of ${patientName}: Link sent`)).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (
        await request.get('/dev/outbox', { params: { to: email, template: 'check-in-link', limit: 1 } })
      ).json()) as { messages: { body: string }[] };
      link = /https?:\/\/\S+\/check-in\/[\w-]{40,}/.exec(messages[0]?.body ?? '')?.[0] ?? '';
      return link;
    })
    .toContain('/check-in/');
  expect(link).not.toContain(appointmentId);

  // The patient, on a phone.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(link).pathname);
  await expect(phone.getByRole('heading', { level: 1, name: 'Check in for your visit' })).toBeVisible();
  await phone.getByRole('button', { name: 'Confirm details' }).click();
  await expect(phone.getByRole('form', { name: 'Your details' }).getByText('Done')).toBeVisible();

  const insurance = phone.getByRole('form', { name: 'Insurance' });
  await insurance.getByLabel('I am a dependent').check();
  await insurance.getByLabel('Insurance company').fill('Acme Health');
  await insurance.getByLabel('Member ID').fill('W12345');
  await insurance.getByLabel('Policy holder first name').fill('Sam');
  await insurance.getByLabel('Policy holder last name').fill('Check');
  await insurance.getByLabel('Policy holder date of birth').fill('1962-07-14');
  await insurance.getByRole('combobox', { name: 'Relationship to the policy holder' }).click();
  await phone.getByRole('option', { name: 'Parent' }).click();
  for (const side of ['front', 'back'] as const) {
    const [chooser] = await Promise.all([
      phone.waitForEvent('filechooser'),
      insurance.getByRole('button', { name: `Card photo, ${side}` }).click(),
    ]);
    await chooser.setFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(insurance.getByText('Uploaded')).toHaveCount(side === 'front' ? 1 : 2);
  }
  await insurance.getByRole('button', { name: 'Save insurance' }).click();
  await expect(insurance.getByText('Done')).toBeVisible();

  const intake = phone.getByRole('form', { name: `Intake ${key}` });
  await expect(intake.getByLabel('Which allergies?')).toHaveCount(0);
  await intake.getByRole('radio', { name: 'Yes' }).check();
  // The follow-up shows after a 'yes' and is required (the server's rule is tested in checkin.test.ts).
  await expect(intake.getByLabel('Which allergies?')).toHaveAttribute('required', '');
  await intake.getByLabel('Which allergies?').fill('Penicillin');
  await intake.getByRole('button', { name: 'Submit form' }).click();
  await expect(intake.getByText('Done')).toBeVisible();

  const consent = phone.getByRole('form', { name: `Consent ${key}` });
  await consent.getByLabel('Signature: type your full name').fill('Rhea Check');
  await consent.getByRole('button', { name: 'Sign' }).click();
  await expect(consent.getByText('Done')).toBeVisible();
  expect(
    (await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);
  await evidence(phone, { path: `${SHOTS}patient-375.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Check in' }).click();
  await expect(phone.getByRole('status')).toContainText('You are checked in');

  // The desk's summary turned without a reload; the answers and the consent PDF.
  await expect(desk.getByLabel(`Digital check-in of ${patientName}: Checked in`)).toBeVisible();
  await desk.getByRole('button', { name: `Check-in answers of ${patientName}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Check-in of ${patientName}` });
  await expect(dialog.getByRole('region', { name: `Intake ${key}` })).toContainText('Penicillin');
  await expect(dialog).toContainText('Acme Health');
  expect(
    (
      await new AxeBuilder({ page: desk })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze()
    ).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);
  await evidence(desk, { path: `${SHOTS}summary-1280.png`, fullPage: true });
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    dialog.getByRole('button', { name: `Download Consent ${key} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Checking in moved the visit to Checked-In, and the insurance is now the patient's coverage with both cards.
  const visit = (await api(page, `${V2}/Appointments/${appointmentId}`, 'GET')).json.data as {
    Status: string;
    Participants: { Type: string; ParticipantId: string }[];
  };
  expect(visit.Status).toBe('Checked-In');
  const patientId = visit.Participants.find((p) => p.Type === 'Patient')!.ParticipantId;
  const coverages = (
    await api(page, '/careslot-administration/api/v2/PatientCoverage/advance-search', 'POST', {
      PatientId: patientId,
      Status: 'Active',
    })
  ).json.Data as { Name: string; Relationship: string; CardPictures: unknown[] }[];
  expect(coverages).toMatchObject([{ Name: 'Acme Health', Relationship: 'Other' }]);
  expect(coverages[0]!.CardPictures).toHaveLength(2);

  await phoneContext.close();
  await deskContext.close();
  for (const f of seeded)
    await api(page, `${FORMS}/customform/${f.Id}`, 'PUT', {
      OrganizationId: organizationId,
      Name: f.Name,
      FormType: f.FormType,
      Definition: f.Definition,
      AssociatedServiceTypes: f.AssociatedServiceTypes,
      Active: true,
    });
});

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));

test('after the visit the patient reviews it through the feedback login on a phone; the desk answers it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const key = Date.now().toString(36);
  // Today's walk-in of the demo patient (it starts now, so it can be reviewed at once).
  await signInAs(page, 'staff');
  const context = (await api(page, `${V2}/practice/calendar-context`, 'GET')).json as {
    Schedules: { Id: string; PractitionerId: string | null }[];
  };
  const booked = await api(page, `${V2}/OfficeAppointments`, 'POST', {
    CalendarId: context.Schedules.find((s) => s.PractitionerId)!.Id,
    ScheduleType: 'Walk-In',
    PatientId: seedId('demo:person:patient'),
    Reasons: [{ Name: 'Follow-up' }],
  });
  expect(booked.status).toBe(200);
  const appointmentId = booked.json.data as string;

  // Signed out, the review's address opens its feedback login, which comes back to the review.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await phone.goto(`/patient-review/appointments/${appointmentId}`);
  await expect(phone).toHaveURL(new RegExp(`/patient-review/appointments/${appointmentId}/login$`));
  await phone.getByRole('button', { name: 'Login with CareSlot' }).click();
  await submitRealmLogin(phone, DEMO_ACCOUNTS.patient.email, DEMO_PASSWORD);
  await expect(phone).toHaveURL(new RegExp(`/patient-review/appointments/${appointmentId}$`));
  await expect(phone.getByRole('heading', { level: 1, name: 'Review your visit' })).toBeVisible();
  await phone.getByRole('radio', { name: '4 stars' }).check();
  await phone.getByLabel('Comment (optional)').fill(`Quick and kind ${key}`);
  expect(await seriousViolations(phone)).toEqual([]);
  await evidence(phone, { path: `${SHOTS}review-375.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Send my review' }).click();
  await expect(phone.getByRole('status')).toContainText('Thank you for your review!');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await evidence(phone, { path: `${SHOTS}review-sent-1280.png`, fullPage: true });

  // The desk reads it among the practice's reviews and answers it; the patient sees the answer.
  await page.goto('/reputation-management/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient reviews' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Quick and kind ${key}` });
  await expect(card.getByRole('img', { name: '4 stars of 5' })).toBeVisible();
  await card.getByLabel('Your answer').fill(`Thank you, ${key}!`);
  expect(await seriousViolations(page)).toEqual([]);
  await evidence(page, { path: `${SHOTS}reviews-1280.png`, fullPage: true });
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(card).toContainText(`Thank you, ${key}!`);
  await page.setViewportSize({ width: 375, height: 812 });
  await evidence(page, { path: `${SHOTS}reviews-375.png`, fullPage: true });
  await phone.reload();
  await expect(phone.getByText('Answer from your care provider')).toBeVisible();
  await expect(phone.getByText(`Thank you, ${key}!`)).toBeVisible();
  await phoneContext.close();
});
