import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';
import { seedId, utc, tokenOf } from './support/seed';

/** Daniel Reyes: provider and admin of the second demo practice, whose schedules need approval. */
const DANIEL = seedId('demo:person:provider-admin');
const PATIENT = seedId('demo:person:patient');

/** Books the first open slot of Daniel Reyes for the demo patient through the API (hold, then book), as the booking screens do. */
async function requestVisitWithDaniel(page: Page): Promise<string> {
  const token = await tokenOf(page);
  const auth = { authorization: `Bearer ${token}` };
  const session = `e2e-requests-${randomUUID()}`;
  await page.context().addCookies([{ name: 'SessionId', value: session, url: page.url() }]);
  const schedules = await page.request.post('/careslot-calendar/api/v2/schedule/advance-search', {
    headers: auth,
    data: { PractitionerId: DANIEL },
  });
  const scheduleIds = ((await schedules.json()) as { Data: { Id: string }[] }).Data.map((s) => s.Id);
  expect(scheduleIds.length).toBeGreaterThan(0);
  const from = new Date(Date.now() + 2 * 86_400_000);
  const search = await page.request.post('/careslot-calendar/api/v2/slot/advance-search', {
    headers: auth,
    data: {
      ScheduleIds: scheduleIds,
      StartDate: utc(from),
      EndDate: utc(new Date(from.getTime() + 10 * 86_400_000)),
    },
  });
  const slots = (
    (await search.json()) as { Data: { ScheduleId: string; Start: string; SlotIds: string[] }[] }
  ).Data;
  const slot = slots[Math.floor(Math.random() * Math.min(slots.length, 20))]!;
  expect(
    (
      await page.request.post('/careslot-calendar/api/v2/slot/reserve', {
        headers: auth,
        data: { SlotIds: slot.SlotIds },
      })
    ).status(),
  ).toBe(200);
  const booked = await page.request.post('/careslot-appointment-service/api/v2/Appointments', {
    headers: auth,
    data: {
      CalendarId: slot.ScheduleId,
      StartTime: slot.Start,
      AppointmentType: 'Office',
      Participants: [{ Type: 'Patient', ParticipantId: PATIENT, FirstName: 'Jordan', LastName: 'Ellis' }],
      Reasons: [{ Id: '', Name: 'Persistent cough' }],
    },
  });
  expect(booked.status()).toBe(200);
  return ((await booked.json()) as { data: string }).data;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const requestsLink = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /Requests/ })
    .first();
/** The patient portal's card of one appointment (/portal), found by the link to its details. */
const portalCard = (page: Page, appointmentId: string) =>
  page
    .getByTestId('portal-appointment')
    .filter({ has: page.locator(`a[href$="/details/${appointmentId}"]`) });
const portalStatus = (page: Page, appointmentId: string) =>
  portalCard(page, appointmentId).getByTestId('appointment-status');
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByLabel(/^\d+ pending$/);
  return (await badge.count()) > 0 ? Number(await badge.first().textContent()) : 0;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a request booked by a patient reaches the provider live; the provider sees it, accepts it and the patient reads Scheduled', async ({
  browser,
}) => {
  const providerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const patientContext = await browser.newContext();
  await providerContext.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await patientContext.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  const provider = await providerContext.newPage();
  const patient = await patientContext.newPage();

  await signInAs(provider, 'provider-admin');
  // The header reads both counts once on arrival; wait for those answers before reading the badges.
  const counted = Promise.all([
    provider.waitForResponse((r) => r.url().includes('/InAppNotifications/') && r.ok()),
    provider.waitForResponse((r) => r.url().includes('/appointments/requests/get') && r.ok()),
  ]);
  await provider.goto('/dashboard/doctor');
  await counted;
  await expect(bell(provider)).toBeVisible();
  const bellBefore = Number(
    /(\d+) new/.exec((await bell(provider).getAttribute('aria-label')) ?? '')?.[1] ?? 0,
  );
  const requestsBefore = await badgeCount(provider);

  await signInAs(patient, 'patient');
  const appointmentId = await requestVisitWithDaniel(patient);
  // The patient's portal lists the request as pending while the practice has not answered.
  await patient.goto('/portal');
  await expect(portalStatus(patient, appointmentId)).toHaveText('Pending');

  // Without reloading, the bell and the Requests badge count the new request.
  await expect(bell(provider)).toHaveAttribute('aria-label', `Notifications, ${bellBefore + 1} new`);
  await expect(provider.getByLabel(`${requestsBefore + 1} pending`)).toBeVisible();

  // Opening the sidebar: the badge goes, the request is listed, and the server has it seen.
  await bell(provider).click();
  const sidebar = provider.getByRole('dialog', { name: 'Notifications' });
  await expect(sidebar).toBeVisible();
  const row = sidebar.getByRole('listitem').filter({ hasText: 'Jordan Ellis' }).first();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(/Just now|\dm ago/);
  await expect(bell(provider)).toHaveAttribute('aria-label', 'Notifications');
  const axe = await new AxeBuilder({ page: provider }).include('#notification-sidebar').analyze();
  expect(axe.violations).toEqual([]);
  const providerToken = await tokenOf(provider);
  await expect(async () => {
    const list = await provider.request.get(
      `/careslot-notification/api/v1/InAppNotifications/${DANIEL}?userType=Practitioner&notificationType=Appointment`,
      {
        headers: { authorization: `Bearer ${providerToken}` },
      },
    );
    const records = (await list.json()) as { seen: boolean; payload: string }[];
    const mine = records.filter(
      (r) => (JSON.parse(r.payload) as { AppointmentId: string }).AppointmentId === appointmentId,
    );
    expect(mine.length).toBe(1);
    expect(mine.every((r) => r.seen)).toBe(true);
  }).toPass();
  await sidebar.getByRole('button', { name: 'Close' }).click();

  // The Requests screen lists it; accepting it schedules the visit.
  await requestsLink(provider).click();
  await expect(provider).toHaveURL(/\/dashboard\/appointment-requests$/);
  await expect(provider.getByRole('heading', { level: 1, name: 'Appointment requests' })).toBeVisible();
  const card = provider
    .getByRole('article')
    .filter({ hasText: 'Persistent cough' })
    .filter({ hasText: 'Jordan Ellis' })
    .first();
  await expect(card).toContainText('In office');
  const pageAxe = await new AxeBuilder({ page: provider }).analyze();
  expect(pageAxe.violations).toEqual([]);
  await card.getByRole('button', { name: 'Accept the request of Jordan Ellis' }).click();
  await expect(provider.getByText('The appointment of Jordan Ellis is scheduled.')).toBeVisible();
  await expect(
    provider
      .getByRole('region', { name: 'Decisions on requests' })
      .getByRole('row')
      .filter({ hasText: 'Jordan Ellis' })
      .first(),
  ).toContainText('Accepted');

  // In the patient's own browser, the portal now shows the appointment Scheduled, in the list and in its details.
  await patient.goto('/portal');
  await expect(portalStatus(patient, appointmentId)).toHaveText('Scheduled');
  await portalCard(patient, appointmentId).getByRole('link', { name: 'View details' }).click();
  await expect(patient).toHaveURL(new RegExp(`/portal/health/appointments/office/details/${appointmentId}$`));
  // The list gives way to the details page (its chunk may still be loading when the address changes).
  await expect(patient.getByRole('heading', { name: 'Appointment details' })).toBeVisible();
  await expect(patient.getByTestId('appointment-status')).toHaveText('Scheduled');
  await expect(patient.getByText('Persistent cough')).toBeVisible();

  // And the API answers the patient the same.
  const read = await patient.request.get(
    `/careslot-appointment-service/api/v2/Appointments/${appointmentId}`,
    { headers: { authorization: `Bearer ${await tokenOf(patient)}` } },
  );
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { data: { Status: string } }).data.Status).toBe('Scheduled');

  await providerContext.close();
  await patientContext.close();
});
