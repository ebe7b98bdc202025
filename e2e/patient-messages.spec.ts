import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAs } from './support/sign-in';
import { holdAs } from './support/holds';
import { seedId, utc } from './support/seed';

/**
 * Issue 17 items 7 and 9: after paying and booking, the outbox holds the confirmation e-mail (with a valid
 * iCalendar file) and SMS; a Spanish-speaking patient sees Spanish dates in the confirmation popup and the portal;
 * cancelling the paid visit a day or more ahead says the fee is refunded, in the dialog, the portal and the messages.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Slot {
  ScheduleId: string;
  Start: string;
  End: string;
  SlotIds: string[];
}
interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  template: string;
  createdAt: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

async function shoot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`,
      fullPage: true,
    });
}

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
      JSON.stringify({ appointmentInfo: { Reason: 'Follow-up visit' }, currentStage: 'PAYMENT' }),
    );
  }, slotData);
}

async function payAndBook(page: Page) {
  await page.goto('/book/pay');
  const another = page.getByRole('button', { name: 'Use another card' });
  await expect(page.getByLabel('Card number').or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/31');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByLabel(/Visa xxxxxxxxxx4242/).first()).toBeChecked();
  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and book$/ }).click();
  await expect(page).toHaveURL(
    /\/portal\/health\/appointments\/office\/details\/[0-9a-f-]{36}\?showConfirmationMessage=true$/,
  );
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** The outbox's messages of a template since a moment (the developer page /dev/outbox, on with DEV_TOOLS). */
async function messagesSince(page: Page, template: string, since: Date): Promise<OutboxMessage[]> {
  const response = await page.request.get('/dev/outbox', { params: { template, limit: 50 } });
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((m) => new Date(m.createdAt) >= since);
}

const SPANISH_DAY =
  /(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de 20\d\d/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await page
    .context()
    .addCookies([{ name: 'SessionId', value: `e2e-messages-${randomUUID()}`, url: 'http://127.0.0.1' }]);
});

for (const width of [1440, 375]) {
  test(`after booking the outbox holds the confirmation with its .ics; a Spanish patient reads Spanish dates; a paid visit cancelled ahead is refunded (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'patient');
    const since = new Date(Date.now() - 2000);
    const slots = await openSlots(page, width === 1440 ? 12 : 19);
    await hold(page, slots[0]!);
    const id = await payAndBook(page);

    // The confirmation e-mail (with the appointment as an RFC 5545 file) and the SMS.
    let email: OutboxMessage | undefined;
    await expect
      .poll(
        async () =>
          (email = (await messagesSince(page, 'appointment-confirmation', since)).find(
            (m) => m.channel === 'email' && m.to === DEMO_ACCOUNTS.patient.email,
          )),
      )
      .toBeTruthy();
    expect(email!.subject).toMatch(/confirmed/i);
    expect(email!.body).toContain(`/portal/health/appointments/office/details/${id}`);
    const ics = email!.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toContain('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(ics!.content) as unknown[]).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${id}@careslot`);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(slots[0]!.Start).toISOString());
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const sms = (await messagesSince(page, 'appointment-confirmation', since)).filter(
      (m) => m.channel === 'sms',
    );
    expect(sms.length).toBeGreaterThan(0);
    expect(sms[0]!.body).toContain('is confirmed');

    // The same visit in Spanish: the popup and the portal write their dates in Spanish.
    await page.evaluate(() => localStorage.setItem('careslot_language', 'es'));
    await page.reload();
    await expect(page.getByTestId('confirmation-title')).toHaveText('Jordan, su cita ha sido programada');
    await expect(page.getByTestId('confirmation-detail')).toHaveText(
      new RegExp(`^con .*Olivia Bennett el ${SPANISH_DAY.source} a las \\d{1,2}:\\d{2}$`),
    );
    await shoot(page, 'popup-es');
    await page.getByRole('button', { name: 'Administrar cita' }).click();
    await expect(page.getByTestId('appointment-when').first()).toHaveText(
      new RegExp(`^${SPANISH_DAY.source.replace(' de 20\\d\\d', '')}, \\d{1,2}:\\d{2} [A-Z]{2,5}$`),
    );
    await shoot(page, 'portal-details-es');
    await page.goto('/portal');
    await expect(page.getByTestId('appointment-when').first()).toContainText(
      /(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de /,
    );
    await expect(
      page.getByText(
        /Monday|Tuesday|Wednesday|Thursday|Friday|January|February|March|April|June|July|August|September|October|November|December/,
      ),
    ).toHaveCount(0);
    // The specialty in the patient's language where the catalog has it (Internist → Internista).
    await expect(page.getByText(/^Internista · /).first()).toBeVisible();
    await shoot(page, 'portal-list-es');

    // Cancelling the paid visit (days ahead: the practice's policy refunds it).
    await page.goto(`/portal/health/appointments/office/details/${id}`);
    await page.getByRole('button', { name: 'Cancelar cita' }).first().click();
    await expect(page.getByTestId('cancel-fee-note')).toContainText('Pagó un cargo de visita de');
    await shoot(page, 'portal-cancel-es');
    await page.getByRole('dialog').getByRole('textbox').fill('Ya me siento mejor');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(page.getByText(/Se ha reembolsado a su tarjeta el cargo de la visita de/)).toBeVisible();
    let cancelled: OutboxMessage | undefined;
    await expect
      .poll(
        async () =>
          (cancelled = (await messagesSince(page, 'appointment-cancelled', since)).find(
            (m) => m.channel === 'email' && m.to === DEMO_ACCOUNTS.patient.email,
          )),
      )
      .toBeTruthy();
    expect(cancelled!.body).toMatch(/Your visit fee of \$\d+\.\d{2} has been refunded to your card\./);
  });
}

test("the message's links confirm, then cancel, the visit without signing in, and say what became of the fee", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  await signInAs(page, 'patient');
  const since = new Date(Date.now() - 2000);
  const slots = await openSlots(page, 26);
  await hold(page, slots[0]!);
  await payAndBook(page);
  let email: OutboxMessage | undefined;
  await expect
    .poll(
      async () =>
        (email = (await messagesSince(page, 'appointment-confirmation', since)).find(
          (m) => m.channel === 'email' && m.to === DEMO_ACCOUNTS.patient.email,
        )),
    )
    .toBeTruthy();
  const confirm = /Confirm: (\S+)/.exec(email!.body)![1]!;
  const cancel = /Cancel: (\S+)/.exec(email!.body)![1]!;

  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  // The stored login is cleared on load: the link acts for the patient it names, signed out.
  await expect(page.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.patient.name) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm appointment' }).click();
  await expect(page.getByTestId('appointment-action-result')).toHaveText(
    /^Your appointment with Dr\. Olivia Bennett, MD on .+ is confirmed\.$/,
  );
  await shoot(page, 'appointment-action-confirmed');

  await page.goto(cancel);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByTestId('appointment-action-result')).toHaveText(/ is cancelled\.$/);
  await expect(page.getByTestId('appointment-action-fee')).toHaveText(
    /^Your visit fee of \$\d+\.\d{2} has been refunded to your card\.$/,
  );
  await shoot(page, 'appointment-action-cancelled');

  // A link whose signature does not match is refused plainly.
  await page.goto(confirm.replace(/sig=[^&]+/, 'sig=forged-signature-0000000000'));
  await page.getByRole('button', { name: 'Confirm appointment' }).click();
  await expect(
    page.getByText('This link is not valid or has expired. Sign in to manage your appointments.'),
  ).toBeVisible();
});
