import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';
import { seedId, tokenOf, utc } from './support/seed';

/**
 * Issue 18 item 3 ("done means"): a practice admin writes the Spanish confirmation; a Spanish-speaking patient
 * books and the outbox holds that Spanish message; the practice declines another request with a reason, and
 * the patient's portal and the outbox show the reason; the SMS logs report lists, downloads and prints the SMS.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;
const OLIVIA = seedId('demo:person:provider');
const DANIEL = seedId('demo:person:provider-admin');
const PRACTICE_ONE = seedId('demo:practice:1');
const N = '/careslot-notification/api/v1';
const PAY = '/careslot-payment-service/api';

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  template: string;
  createdAt: string;
}

async function shoot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`,
      fullPage: true,
    });
}

async function outbox(request: APIRequestContext, to: string, template: string): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/outbox', { params: { to, template, limit: 20 } });
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** A new patient registers at the realm (as signup.spec does) and lands signed in on the portal. */
async function registerPatient(page: Page, email: string) {
  const password = 'Fresh-start-2026';
  await page.goto('/account/activation-code-question');
  await page.getByRole('radio', { name: "No, I don't have an activation code" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await page.getByLabel('First name').fill('Sofia');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile phone (optional)').fill('(917) 555-0199');
  await page.getByLabel('Date of birth').fill('4/9/1991');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/Terms of Use/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/portal');
}

/** An open slot of a provider, some days ahead, as the booking screens find it. */
async function openSlot(page: Page, auth: Record<string, string>, practitionerId: string, daysAhead: number) {
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    headers: auth,
    data: { PractitionerId: practitionerId },
  });
  const scheduleIds = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
  const from = new Date(Date.now() + daysAhead * 86_400_000);
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    headers: auth,
    data: {
      ScheduleIds: scheduleIds,
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  const slots = (
    (await search.json()) as { Data: { ScheduleId: string; Start: string; SlotIds: string[] }[] }
  ).Data;
  expect(slots.length).toBeGreaterThan(0);
  const slot = slots[Math.floor(Math.random() * Math.min(slots.length, 10))]!;
  expect(
    (
      await page.request.post('/careslot-calendar/api/v2/slot/reserve', {
        headers: auth,
        data: { SlotIds: slot.SlotIds },
      })
    ).status(),
  ).toBe(200);
  return slot;
}

test('a practice writes its Spanish confirmation, a Spanish patient receives it, and a declined request carries its reason to the portal and the outbox', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const patientContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const providerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  for (const context of [adminContext, patientContext, providerContext])
    await context.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  const admin = await adminContext.newPage();
  const patient = await patientContext.newPage();
  const provider = await providerContext.newPage();

  // The practice admin of the first practice edits the confirmation e-mail in Spanish.
  await signInAs(admin, 'admin');
  await admin.goto('/practice-admin/settings/communication');
  await expect(admin.getByRole('heading', { level: 2, name: 'E-mail and SMS' })).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'Messages' })
    .getByRole('button', { name: 'Appointment confirmed' })
    .click();
  await admin.getByRole('combobox', { name: 'Language' }).click();
  await admin.getByRole('option', { name: 'Español' }).click();
  await expect(admin.getByLabel('Subject')).toHaveValue('Su cita está confirmada');
  await shoot(admin, 'communication-settings');
  // An unknown placeholder is refused on the spot, naming it.
  await admin.getByLabel('Subject').fill('Cita para {{nombre}}');
  await expect(admin.getByText('Unknown placeholder: {{nombre}}. Use the placeholders below.')).toBeVisible();
  await admin.getByLabel('Subject').fill('Cita confirmada en {{practiceName}}');
  await admin
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill(
      'Hola {{patientFirstName}}, su cita con {{providerName}} quedó confirmada.[[\nFecha: {{appointmentDate}} a las {{appointmentTime}}]]\nMotivo: ',
    );
  await admin.getByRole('button', { name: 'Insert reason for visit' }).click();
  await expect(admin.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
    /Motivo: \{\{reason\}\}$/,
  );
  await expect(admin.getByTestId('preview-email')).toHaveText(
    /^Hola Jordan, su cita con Dr\. Olivia Bennett, MD quedó confirmada\.\nFecha: .+\nMotivo: Annual check-up$/,
  );
  const axe = await new AxeBuilder({ page: admin }).analyze();
  expect(axe.violations).toEqual([]);
  await admin.getByRole('button', { name: 'Save template' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Template saved.' })).toBeVisible();
  await expect(admin.getByText('Your text')).toBeVisible();
  await shoot(admin, 'communication-settings-saved');

  // A new patient who reads Spanish: the portal in Spanish and their messages in Spanish.
  const email = `sofia-${randomUUID().slice(0, 8)}@example.com`;
  await registerPatient(patient, email);
  const token = await tokenOf(patient);
  const auth = { authorization: `Bearer ${token}` };
  const patientId = (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { careslot_id: string }
  ).careslot_id;
  const settings = await patient.request.post(`${N}/notification/PatientSettings`, {
    headers: auth,
    data: {
      PatientId: patientId,
      TimeZone: 'America/New_York',
      SmsAlertsEnabled: true,
      PreferredLanguage: 'es',
    },
  });
  expect(settings.status()).toBe(200);
  await patient.evaluate(() => localStorage.setItem('careslot_language', 'es'));
  await patient
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-communication-${randomUUID()}`, url: patient.url() }]);

  // They book Dr. Bennett (the practice takes the visit fee first, as the booking flow does).
  const since = new Date(Date.now() - 2000);
  const slot = await openSlot(patient, auth, OLIVIA, 9);
  const card = await patient.request.post(`${PAY}/v1/stripepayment/customers/payment-methods`, {
    headers: auth,
    data: {
      PatientId: patientId,
      Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
    },
  });
  const fee = await patient.request.post(`${PAY}/v1/stripepayment/invoices/payment-intent?amount=75`, {
    headers: auth,
    data: {
      PatientId: patientId,
      OrganizationId: PRACTICE_ONE,
      EntityType: 'Provider',
      EntityId: OLIVIA,
      Insured: false,
      PaymentMethodId: ((await card.json()) as { data: { Id: string } }).data.Id,
    },
  });
  expect(fee.status(), await fee.text()).toBe(200);
  const booked = await patient.request.post('/careslot-appointment-service/api/v2/Appointments', {
    headers: auth,
    data: {
      CalendarId: slot.ScheduleId,
      StartTime: slot.Start,
      AppointmentType: 'Office',
      Payments: [{ PaymentTransactionId: ((await fee.json()) as { data: { Id: string } }).data.Id }],
      Participants: [{ Type: 'Patient', ParticipantId: patientId, FirstName: 'Sofia', LastName: 'Lee' }],
      Reasons: [{ Id: '', Name: 'Dolor de rodilla' }],
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  // The outbox holds the practice's Spanish confirmation.
  let confirmation: OutboxMessage | undefined;
  await expect
    .poll(
      async () =>
        (confirmation = (await outbox(patient.request, email, 'appointment-confirmation')).find(
          (m) => m.channel === 'email' && new Date(m.createdAt) >= since,
        )),
    )
    .toBeTruthy();
  expect(confirmation!.subject).toMatch(/^Cita confirmada en .+ - CareSlot$/);
  expect(confirmation!.body).toMatch(
    /^Hola Sofia, su cita con Dr\. Olivia Bennett, MD quedó confirmada\.\nFecha: (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de \w+ de 20\d\d a las .+\nMotivo: Dolor de rodilla\n/,
  );

  // Another request, with Dr. Reyes (his schedules need approval), is declined with a reason.
  const requestSlot = await openSlot(patient, auth, DANIEL, 3);
  const requested = await patient.request.post('/careslot-appointment-service/api/v2/Appointments', {
    headers: auth,
    data: {
      CalendarId: requestSlot.ScheduleId,
      StartTime: requestSlot.Start,
      AppointmentType: 'Office',
      Participants: [{ Type: 'Patient', ParticipantId: patientId, FirstName: 'Sofia', LastName: 'Lee' }],
      Reasons: [{ Id: '', Name: 'Tos persistente' }],
    },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const requestId = ((await requested.json()) as { data: string }).data;

  await signInAs(provider, 'provider-admin');
  await provider.goto('/dashboard/appointment-requests');
  const requestCard = provider
    .getByRole('article')
    .filter({ hasText: 'Tos persistente' })
    .filter({ hasText: 'Sofia Lee' })
    .first();
  await requestCard.getByRole('button', { name: 'Decline the request of Sofia Lee' }).click();
  const dialog = provider.getByRole('dialog');
  await dialog.getByRole('textbox').fill('El doctor no atiende esa semana');
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(provider.getByText('The request of Sofia Lee was declined.')).toBeVisible();

  let declined: OutboxMessage | undefined;
  await expect
    .poll(
      async () =>
        (declined = (await outbox(patient.request, email, 'appointment-declined')).find(
          (m) => m.channel === 'email',
        )),
    )
    .toBeTruthy();
  expect(declined!.subject).toBe('Su solicitud de cita fue rechazada - CareSlot');
  expect(declined!.body).toContain('Motivo indicado por el consultorio: El doctor no atiende esa semana');

  // The patient's portal shows the declined request with its reason, in the list and in the details.
  await patient.goto('/portal');
  await patient.getByText('Pasadas').click();
  const declinedCard = patient
    .getByTestId('portal-appointment')
    .filter({ has: patient.locator(`a[href$="/details/${requestId}"]`) });
  await expect(declinedCard.getByTestId('decline-reason')).toHaveText(
    'Motivo indicado por el consultorio: El doctor no atiende esa semana',
  );
  await shoot(patient, 'portal-declined');
  await patient.goto(`/portal/health/appointments/office/details/${requestId}`);
  await expect(patient.getByTestId('decline-reason')).toHaveText('El doctor no atiende esa semana');

  // The SMS logs report of the first practice lists the Spanish patient's SMS, masked; download and print.
  await admin.goto('/practice-admin/reports/message-logs');
  await expect(admin.getByRole('heading', { level: 1, name: 'SMS logs' })).toBeVisible();
  await admin.getByLabel('Find', { exact: true }).fill('0199');
  await admin.getByRole('button', { name: 'Find' }).click();
  const row = admin.getByTestId('sms-log-row').filter({ hasText: 'Appointment confirmed' }).first();
  await expect(row).toContainText('***-***-0199');
  await expect(admin.getByText('+19175550199')).toHaveCount(0);
  const reportAxe = await new AxeBuilder({ page: admin }).analyze();
  expect(reportAxe.violations).toEqual([]);
  await shoot(admin, 'message-logs');
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^sms-logs-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const popup = admin.waitForEvent('popup');
  await admin.getByRole('button', { name: 'Print' }).click();
  const printable = await popup;
  await expect(printable.getByRole('heading', { level: 1, name: 'SMS logs' })).toBeVisible();
  await expect(printable.getByRole('cell', { name: '***-***-0199' }).first()).toBeVisible();

  // The practice goes back to the built-in Spanish text (other journeys read the practice's messages).
  const reset = await admin.request.post(`${N}/practice-emails/upsert`, {
    headers: { authorization: `Bearer ${await tokenOf(admin)}` },
    data: {
      OrganizationId: PRACTICE_ONE,
      WorkflowKey: 'confirmation',
      Language: 'es',
      Subject: 'x',
      Body: 'x',
      UseDefault: true,
    },
  });
  expect(reset.status()).toBe(200);

  for (const context of [adminContext, patientContext, providerContext]) await context.close();
});

test('the communication settings and the SMS logs report read well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, 'admin');
  await page.goto('/practice-admin/settings/communication');
  await page.getByRole('tab', { name: 'SMS' }).click();
  await expect(page.getByTestId('preview-sms')).toHaveText(
    /^CareSlot: your visit with Dr\. Olivia Bennett, MD on .+ is confirmed\. Details: https:\/\/careslot\.example\/portal$/,
  );
  // The options change the preview before they are saved: no details, no date.
  await page.getByRole('switch', { name: 'Send appointment details' }).click({ force: true });
  await expect(page.getByTestId('preview-sms')).toHaveText(
    'CareSlot: your visit with Dr. Olivia Bennett, MD is confirmed. Details: https://careslot.example/portal',
  );
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await shoot(page, 'communication-settings-sms');
  await page.goto('/practice-admin/reports/message-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS logs' })).toBeVisible();
  await shoot(page, 'message-logs');
});
