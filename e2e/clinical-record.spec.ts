import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { evidence } from './support/evidence';
import { seedId } from './support/seed';
import { pageApi as api, signInAs, type DemoRole } from './support/sign-in';

/**
 * The clinical record (issue 27; decisions 0095, 0096): a provider opens the demo patient's chart from today's
 * visit and records vitals, an allergy, a medication, a problem and an immunization; the patient sees them in the
 * portal's health record; a provider of another practice reads none of them. The provider also adds a pharmacy
 * and an emergency contact (decision 0110); the patient opens /vaccine-passport, and a signed-out visitor gets its
 * login. Screenshots: test-results/chart/.
 */
const SHOTS = fileURLToPath(new URL('../test-results/chart/', import.meta.url));
const V2 = '/careslot-appointment-service/api/v2';
const CLINICAL = '/careslot-clinical-service/api/v1/clinical/patients';
const PATIENT = seedId('demo:person:patient');
/** The chart dialog's content (axe checks the chart, not the dashboard behind it). */
const CHART = '.mantine-Modal-content';

/** axe-core's serious and critical WCAG 2.1 AA findings, on the whole page or only inside `within`. */
async function seriousFindings(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(browser: Browser, role: DemoRole, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, role);
  return page;
}

/** Picks an option of a Mantine select inside the chart. */
async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test("a provider records the chart during today's visit, the patient reads it in the portal, another practice cannot", async ({
  browser,
}) => {
  // Three people's screens: the provider's, the patient's, another practice's.
  test.setTimeout(300_000);
  const provider = await signedIn(browser, 'provider');
  const context = (await api(provider, `${V2}/practice/calendar-context`)).json as {
    Schedules: { Id: string; PractitionerId: string | null }[];
  };
  const calendar = context.Schedules.find((s) => s.PractitionerId === seedId('demo:person:provider'));
  expect(calendar, 'Dr. Bennett has a calendar').toBeTruthy();
  const booked = await api(provider, `${V2}/OfficeAppointments`, 'POST', {
    CalendarId: calendar!.Id,
    ScheduleType: 'Walk-In',
    PatientId: PATIENT,
    Reasons: [{ Name: 'Annual check-up' }],
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(200);
  const appointmentId = booked.json.data as string;

  // Today's visit, from the provider's dashboard.
  await provider.goto('/dashboard/doctor');
  await provider
    .locator(`[data-appointment="${appointmentId}"]`)
    .getByRole('button', { name: /^Open the appointment of / })
    .click();
  const drawer = provider.getByRole('dialog', { name: 'Appointment' });
  await drawer.getByRole('button', { name: 'Open chart' }).click();
  const chart = provider.getByRole('dialog', { name: /Patient chart/ });
  await expect(chart.getByTestId('chart-patient')).toHaveText(/Ellis/);

  // Vitals: blood pressure, then the heart rate; the trend shows the reading.
  const vitals = chart.getByRole('form', { name: 'Record vitals' });
  await choose(provider, vitals, 'Vital sign', /^Blood pressure/);
  await vitals.getByLabel('Systolic (mmHg)').fill('128');
  await vitals.getByLabel('Diastolic (mmHg)').fill('82');
  await vitals.getByRole('button', { name: 'Save vitals' }).click();
  await expect(chart.getByRole('table', { name: 'All readings' })).toContainText('128/82 mmHg');
  await choose(provider, vitals, 'Vital sign', /^Heart rate/);
  await vitals.getByLabel(/^Value/).fill('72');
  await vitals.getByRole('button', { name: 'Save vitals' }).click();
  await expect(chart.getByRole('table', { name: 'All readings' })).toContainText('72 beats/min');
  await evidence(provider, { path: `${SHOTS}vitals-1440.png` });
  expect(await seriousFindings(provider, CHART), 'chart, vitals').toEqual([]);

  // An allergy, a medication (as a statement), a problem and an immunization.
  await chart.getByRole('tab', { name: 'Allergies' }).click();
  const allergy = chart.getByRole('form', { name: 'Add an allergy' });
  await choose(provider, allergy, 'Substance', /Penicillin/);
  await choose(provider, allergy, 'Criticality', 'High');
  await allergy.getByLabel('Reaction').fill('Hives');
  await allergy.getByRole('button', { name: 'Save' }).click();
  await expect(chart.getByTestId('chart-allergy-intolerances')).toContainText('Hives');
  await evidence(provider, { path: `${SHOTS}allergies-1440.png` });
  expect(await seriousFindings(provider, CHART), 'chart, allergies').toEqual([]);

  await chart.getByRole('tab', { name: 'Medications' }).click();
  const medication = chart.getByRole('form', { name: 'Add a medication' });
  await choose(provider, medication, 'Medication', /lisinopril/i);
  await medication.getByLabel('Dosage').fill('10 mg once a day');
  await medication.getByRole('button', { name: 'Save' }).click();
  await expect(chart.getByTestId('chart-medication-statements')).toContainText('10 mg once a day');

  await chart.getByRole('tab', { name: 'Problems' }).click();
  const problem = chart.getByRole('form', { name: 'Add a problem' });
  await problem.getByLabel('Or type it').fill('Seasonal rhinitis');
  await problem.getByRole('button', { name: 'Save' }).click();
  await expect(chart.getByTestId('chart-conditions')).toContainText('Seasonal rhinitis');

  await chart.getByRole('tab', { name: 'Immunizations' }).click();
  const immunization = chart.getByRole('form', { name: 'Add an immunization' });
  await choose(provider, immunization, /^Vaccine/, /influenza/i);
  await immunization.getByLabel('Date given').fill('2026-10-01');
  await immunization.getByLabel('Lot number').fill('FLU-2026-A');
  await immunization.getByRole('button', { name: 'Save' }).click();
  await expect(chart.getByTestId('chart-immunizations')).toContainText('FLU-2026-A');

  // The patient's preferred pharmacy and an emergency contact (decision 0110).
  await chart.getByRole('tab', { name: 'Pharmacies & contacts' }).click();
  const pharmacy = chart.getByRole('form', { name: 'Add pharmacy' });
  await pharmacy.getByLabel(/^Pharmacy name/).fill('Bay Street Pharmacy');
  await pharmacy.getByLabel('NCPDP ID').fill('1234567');
  await pharmacy.getByRole('button', { name: 'Add pharmacy' }).click();
  await expect(chart.getByTestId('chart-pharmacies')).toContainText('Bay Street Pharmacy');
  const contact = chart.getByRole('form', { name: 'Add contact' });
  await contact.getByLabel(/^First name/).fill('Sam');
  await contact.getByLabel(/^Last name/).fill('Ellis');
  await contact.getByLabel(/^Relationship/).selectOption('Parent');
  await contact.getByLabel('Phone').fill('(212) 555-0142');
  await contact.getByRole('button', { name: 'Add contact' }).click();
  await expect(chart.getByTestId('chart-contacts')).toContainText('Sam Ellis');
  await evidence(provider, { path: `${SHOTS}contacts-1440.png` });
  expect(await seriousFindings(provider, CHART), 'chart, pharmacies and contacts').toEqual([]);

  // The same chart on a phone: the dialog takes the screen.
  await provider.setViewportSize({ width: 375, height: 812 });
  await chart.getByRole('tab', { name: 'Vitals' }).click();
  await expect(chart.getByRole('table', { name: 'All readings' })).toBeVisible();
  await evidence(provider, { path: `${SHOTS}vitals-375.png`, fullPage: true });
  expect(await seriousFindings(provider, CHART), 'chart at 375 px').toEqual([]);

  // The patient sees it all in the portal's health record.
  const patient = await signedIn(browser, 'patient', 375);
  await patient.goto('/portal/record');
  await expect(patient.getByRole('heading', { level: 1, name: 'My health record' })).toBeVisible();
  await expect(patient.getByRole('table', { name: 'All readings' })).toContainText('128/82 mmHg');
  await evidence(patient, { path: `${SHOTS}portal-vitals-375.png`, fullPage: true });
  expect(await seriousFindings(patient), 'portal record').toEqual([]);
  await patient.getByRole('tab', { name: 'Allergies' }).click();
  await expect(patient.getByTestId('chart-allergy-intolerances')).toContainText('Hives');
  await patient.getByRole('tab', { name: 'Medications' }).click();
  await expect(patient.getByTestId('chart-medication-statements')).toContainText('lisinopril 10 MG');
  await patient.getByRole('tab', { name: 'Problems' }).click();
  await expect(patient.getByTestId('chart-conditions')).toContainText('Seasonal rhinitis');
  await patient.getByRole('tab', { name: 'Immunizations' }).click();
  await expect(patient.getByTestId('chart-immunizations')).toContainText('FLU-2026-A');
  // The vaccination passport: the dose as a SMART Health Card's QR code (its signature: health-card.test.ts).
  const passport = patient.getByRole('region', { name: 'Vaccination passport' });
  await expect(passport.getByTestId('health-card-doses')).toContainText(/Influenza/);
  await expect(passport.getByRole('img', { name: 'QR code of your SMART Health Card' })).toBeVisible();
  await evidence(patient, { path: `${SHOTS}portal-immunizations-375.png`, fullPage: true });
  await patient.getByRole('tab', { name: 'Pharmacies & contacts' }).click();
  await expect(patient.getByTestId('chart-pharmacies')).toContainText('Bay Street Pharmacy');
  await expect(patient.getByTestId('chart-contacts')).toContainText('Sam Ellis');
  await evidence(patient, { path: `${SHOTS}portal-contacts-375.png`, fullPage: true });

  // /vaccine-passport: the signed-in patient's card at 375 px and on a desktop; signed out, its login.
  await patient.goto('/vaccine-passport');
  await expect(patient.getByRole('heading', { level: 1, name: 'Your Vaccination Passport' })).toBeVisible();
  await expect(patient.getByRole('img', { name: 'QR code of your SMART Health Card' })).toBeVisible();
  await expect(patient.getByTestId('health-card-doses')).toContainText(/Influenza/);
  await expect(patient.getByRole('button', { name: 'Download the card' })).toBeVisible();
  await evidence(patient, { path: `${SHOTS}vaccine-passport-375.png`, fullPage: true });
  expect(await seriousFindings(patient), 'vaccine passport at 375 px').toEqual([]);
  await patient.setViewportSize({ width: 1440, height: 900 });
  await evidence(patient, { path: `${SHOTS}vaccine-passport-1440.png`, fullPage: true });
  const guest = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await guest.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await guest.goto('/vaccine-passport');
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Log in to get your Vaccination Passport' }),
  ).toBeVisible();
  await expect(
    guest.getByText(
      'Use the same account to log in that you used to make your COVID-19 vaccination appointment.',
    ),
  ).toBeVisible();
  await evidence(guest, { path: `${SHOTS}vaccine-passport-login-375.png`, fullPage: true });
  expect(await seriousFindings(guest), 'vaccine passport login').toEqual([]);

  // A provider of another practice reads none of what the first practice recorded.
  const other = await signedIn(browser, 'provider-admin');
  for (const collection of ['observations', 'allergy-intolerances', 'immunizations']) {
    const answer = await api(other, `${CLINICAL}/${PATIENT}/${collection}`);
    const seen = JSON.stringify(answer.json);
    expect([200, 403, 404], `${collection}: ${seen}`).toContain(answer.status);
    expect(seen).not.toContain('Hives');
    expect(seen).not.toContain('FLU-2026-A');
    expect(seen).not.toContain('"value":128');
  }
});
