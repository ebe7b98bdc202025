import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { pageApi, signInAs } from './support/sign-in';
import { evidence } from './support/evidence';

/**
 * Patient surveys (practice-portal.md §2.11): a practice admin starts a survey from the library's template and
 * turns it on; the practice's staff see it read-only. Screenshots go to test-results/surveys/.
 */
const SHOTS = fileURLToPath(new URL('../test-results/surveys/', import.meta.url));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a practice admin starts a survey from a template and turns it on; staff read it', async ({
  page,
  browser,
}) => {
  const name = `Visit survey ${Date.now().toString(36)}`;
  await signInAs(page, 'admin', { firstPage: '/practice-admin/surveys' });
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  await page.getByRole('button', { name: 'New survey' }).click();

  const form = page.getByRole('form', { name: 'New survey' });
  await form.getByRole('button', { name: 'Save survey' }).click();
  await expect(form.getByText('Give the survey a name.')).toBeVisible();

  await form.getByLabel('Start from a template').click();
  await page.getByRole('option', { name: 'Visit experience (CareSlot library)' }).click();
  await expect(form.getByRole('listitem', { name: /^Question \d+$/ })).toHaveCount(5);
  await form.getByLabel('Survey name').fill(name);
  await form.getByRole('button', { name: 'Remove question 5' }).click();
  await form.getByRole('switch', { name: 'Active' }).check();
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
  await evidence(page, { path: `${SHOTS}editor-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Save survey' }).click();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('4 questions');
  await page.setViewportSize({ width: 375, height: 812 });
  await evidence(page, { path: `${SHOTS}list-375.png`, fullPage: true });

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(staff, 'staff', { firstPage: '/staff-member/surveys' });
  const seen = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name }) });
  await expect(seen).toContainText('Active');
  await expect(staff.getByRole('button', { name: 'New survey' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await staffContext.close();
});

test('after a checked-out visit the patient opens the survey link: the welcome screen, then the questions in a new tab', async ({
  page,
  browser,
  request,
}) => {
  const email = `survey.${Date.now().toString(36)}@example.com`;
  await signInAs(page, 'staff');
  // The desk's part, as its screens call it: a walk-in checked in and out, and an active survey (the admin's, above).
  const api = (path: string, method: string, body?: unknown) => pageApi(page, path, method, body);
  const V2 = '/careslot-appointment-service/api/v2';
  const context = (await api(`${V2}/practice/calendar-context`, 'GET')).json as {
    Schedules: { Id: string; PractitionerId: string | null }[];
  };
  const calendar = context.Schedules.find((s) => s.PractitionerId)!.Id;
  const booked = await api(`${V2}/OfficeAppointments`, 'POST', {
    CalendarId: calendar,
    ScheduleType: 'Walk-In',
    NewPatient: {
      FirstName: 'Noor',
      LastName: 'Haddad',
      BirthDate: '1988-03-21',
      Gender: 'Female',
      Email: email,
    },
  });
  expect(booked.status).toBe(200);
  const id = booked.json.data as string;
  for (const status of ['Checked-In', 'Checked-Out'])
    expect((await api(`${V2}/OfficeAppointments/${id}/status?status=${status}`, 'PUT', {})).status).toBe(200);

  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (
        await request.get('/dev/outbox', { params: { to: email, template: 'appointment-survey', limit: 1 } })
      ).json()) as { messages: { body: string }[] };
      link =
        /https?:\/\/\S+\/appointments\/[\w-]+\/start-survey\?exp=\d+&sig=[\w-]+/.exec(
          messages[0]?.body ?? '',
        )?.[0] ?? '';
      return link;
    })
    .toContain(`/appointments/${id}/start-survey?exp=`);

  // The link signs the desk out on this browser and opens the welcome screen with the first name only.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(new RegExp(`/survey/appointment/${id}\\?exp=\\d+&sig=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Noor' })).toBeVisible();
  await expect(page.getByText('Please take a quick survey from your care provider')).toBeVisible();
  await expect(page.getByText(/\d{1,2}:\d{2} [AP]M [A-Z]{2,4}$/)).toBeVisible();
  await expect(page.getByText('Haddad')).toHaveCount(0);
  expect(
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
  await evidence(page, { path: `${SHOTS}welcome-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await evidence(page, { path: `${SHOTS}welcome-375.png`, fullPage: true });

  const start = page.getByRole('link', { name: /Start Survey/ });
  await expect(start).toHaveAttribute('target', '_blank');
  const [questions] = await Promise.all([page.context().waitForEvent('page'), start.click()]);
  await expect(questions.getByRole('button', { name: 'Send my answers' })).toBeVisible();
  await questions.setViewportSize({ width: 375, height: 812 });
  await evidence(questions, { path: `${SHOTS}questions-375.png`, fullPage: true });
  // The admin's survey above: two ratings and a yes-or-no question are required.
  await questions.getByRole('radio', { name: '5 stars' }).nth(0).check();
  await questions.getByRole('radio', { name: '4 stars' }).nth(1).check();
  await questions.getByRole('radio', { name: 'Yes' }).check();
  await questions.getByRole('button', { name: 'Send my answers' }).click();
  await expect(questions.getByRole('status')).toContainText('Your answers were sent to your care provider.');

  // A changed signature opens nothing.
  const stranger = await browser.newPage();
  await stranger.goto(`/survey/appointment/${id}?exp=1900000000&sig=${'A'.repeat(43)}`);
  await expect(stranger.getByRole('alert')).toContainText('This survey link does not work');
  await stranger.close();
});
