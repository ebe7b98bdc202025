import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_ACTION_PATH,
  SANDBOX_TEST_CARDS,
  type AppointmentActionResult,
  type BookingResult,
  type PaymentMethod,
  type PaymentTransaction,
  type PortalAppointment,
} from '@careslot/contracts';
import { createPatient } from '../patients';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const PAY = '/careslot-payment-service/api';
const PORTAL = `${V2}/web/patient-appointments`;
const NOW = '2026-11-23T13:40:00Z';
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York, a day and a bit ahead
type Answer<T> = { data: T; errors?: { field: string; rule: string }[] };

interface Patient {
  id: string;
  email: string;
  token: string;
}

async function patient(t: TestApp, languages: string[], mobile = '(917) 555-0142'): Promise<Patient> {
  const email = `msg-${randomUUID().slice(0, 8)}@example.com`;
  const created = await createPatient(t.database, {
    firstName: 'Lucía',
    lastName: 'Tester',
    email,
    emailVerified: true,
    birthDate: '1990-05-01',
    gender: 'Female',
    mobile,
    mobileVerified: true,
    languages,
  });
  const token = await tokenFor(
    t.tokens,
    {
      sub: `sub-${created.Id}`,
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: created.Id,
      email,
    },
    24 * 3600,
  );
  return { id: created.Id, email, token };
}

async function schedule(t: TestApp, organizationId: string, approval = false): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [organizationId],
  );
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval) values ($1, $2, $3, 'America/New_York', 30, 4, 60, $4)`,
    [id, demoPerson('provider').id, location!.id, approval],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1)
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  return id;
}

async function payFee(t: TestApp, who: Patient): Promise<string> {
  const saved = await t.call<Answer<PaymentMethod>>({
    method: 'POST',
    url: `${PAY}/v1/stripepayment/customers/payment-methods`,
    headers: bearer(who.token),
    payload: {
      PatientId: who.id,
      Card: { Number: SANDBOX_TEST_CARDS.success, ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
    },
  });
  const held = await t.call<Answer<PaymentTransaction>>({
    method: 'POST',
    url: `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
    headers: bearer(who.token),
    payload: {
      PatientId: who.id,
      OrganizationId: DEMO_PRACTICE_IDS[0],
      EntityType: 'Provider',
      EntityId: demoPerson('provider').id,
      Insured: false,
      PaymentMethodId: saved.json.data.Id,
    },
  });
  return held.json.data.Id;
}

async function book(t: TestApp, who: Patient, calendar: string, payment?: string): Promise<string> {
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: calendar,
      StartTime: SLOT,
      AppointmentType: 'Office',
      Participants: [
        { Type: 'Patient', ParticipantId: who.id, FirstName: 'Lucía', LastName: 'Tester' },
        { Type: 'Practitioner', ParticipantId: demoPerson('provider').id },
      ],
      Reasons: [{ Id: null, Name: 'Knee pain' }],
      ...(payment ? { Payments: [{ PaymentTransactionId: payment }] } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  return res.json.data;
}

/** The messages sent to `to`, once the background consumers (appointment messages) have run. */
async function outbox(t: TestApp, to: string, template?: string) {
  await t.events.drain();
  return t.outbox.list({ to, ...(template ? { template } : {}) });
}
const linkOf = (body: string, label: RegExp) => new URL(label.exec(body)![1]!);

type FixedClock = TestApp['clock'] & { set(to: Date | string): void; advance(ms: number): void };

async function paymentOf(t: TestApp, appointmentId: string) {
  const [row] = await t.database.query<{ id: string; status: string; gateway_reference: string }>(
    'select id, status, gateway_reference from payment_transactions where appointment_id = $1',
    [appointmentId],
  );
  return row!;
}

describe('the patient hears of their appointment (issue 17 item 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('confirms a booking by e-mail with a valid iCalendar file and by SMS, in Spanish for a Spanish-speaking patient', async () => {
    const lucia = await patient(t, ['es']);
    const id = await book(t, lucia, await schedule(t, DEMO_PRACTICE_IDS[2]));
    const [email] = await outbox(t, lucia.email, 'appointment-confirmation');
    expect(email).toMatchObject({ channel: 'email', subject: 'Su cita está confirmada - CareSlot' });
    expect(email!.body).toMatch(
      /el martes, 24 de noviembre de 2026 a las 10:00\sa\.\s?m\. EST está confirmada\./,
    );
    const ics = email!.attachments?.[0];
    expect(ics?.filename).toBe('appointment.ics');
    expect(ics?.contentType).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics!.content) as unknown[]);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe(`${id}@careslot`);
    expect(event.startDate.toJSDate().toISOString()).toBe(SLOT);
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const [sms] = await outbox(t, '+19175550142', 'appointment-confirmation');
    expect(sms!.body).toMatch(
      /^CareSlot: su visita con .+ el martes, 24 de noviembre de 2026 a las 10:00\sa\.\s?m\. EST está confirmada\./,
    );
    expect(sms!.attachments).toBeUndefined();
  });

  it('sends the confirmation once when the event is delivered again (at-least-once delivery): one e-mail and one SMS', async () => {
    const ana = await patient(t, ['en'], '(917) 555-0177');
    const id = await book(t, ana, await schedule(t, DEMO_PRACTICE_IDS[2]));
    await t.events.drain();
    const [event] = await t.database.query<{ id: string }>(
      "select id from domain_events where aggregate_type = 'appointment' and aggregate_id = $1",
      [id],
    );
    // A crash after the consumer sent the messages but before its delivery was recorded: the event comes again.
    await t.database.query(
      "delete from domain_event_deliveries where consumer = 'notifications.appointment-messages' and event_id = $1",
      [event!.id],
    );
    await t.database.query('update domain_events set dispatched_at = null where id = $1', [event!.id]);
    await t.events.drain();
    const delivered = await t.database.query(
      "select 1 from domain_event_deliveries where consumer = $1 and event_id = $2 and status = 'delivered'",
      ['notifications.appointment-messages', event!.id],
    );
    expect(delivered).toHaveLength(1);
    expect(await outbox(t, ana.email, 'appointment-confirmation')).toHaveLength(1);
    expect(await outbox(t, '+19175550177', 'appointment-confirmation')).toHaveLength(1);
  });

  it('says a request that waits for the practice is pending, with a tentative calendar entry', async () => {
    const ana = await patient(t, ['en']);
    await book(t, ana, await schedule(t, DEMO_PRACTICE_IDS[2], true));
    const [email] = await outbox(t, ana.email);
    expect(email).toMatchObject({
      template: 'appointment-pending',
      subject: 'Your appointment request was sent - CareSlot',
    });
    expect(email!.body).toContain('is pending confirmation');
    expect(email!.body).not.toContain('Confirm:');
    const vevent = new ICAL.Component(
      ICAL.parse(email!.attachments![0]!.content) as unknown[],
    ).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('refunds a paid visit cancelled a day ahead under the default policy and says so in the portal and the messages', async () => {
    const jo = await patient(t, ['en']);
    const payment = await payFee(t, jo);
    const id = await book(t, jo, await schedule(t, DEMO_PRACTICE_IDS[0]), payment);
    const cancel = await t.call<{ data: PortalAppointment }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(jo.token),
      payload: { Reason: 'Feeling better' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json.data.Payment).toMatchObject({
      Status: 'Refunded',
      PaidAmount: DEMO_VISIT_FEE.uninsured,
    });
    const [email] = await outbox(t, jo.email, 'appointment-cancelled');
    expect(email!.body).toContain(
      `Your visit fee of $${DEMO_VISIT_FEE.uninsured}.00 has been refunded to your card.`,
    );
    expect(email!.attachments).toBeUndefined();
  });

  it('keeps the fee when the patient cancels later than the practice allows', async () => {
    await t.database.query(
      'update payment_org_configs set cancel_refund_hours = 48 where organization_id = $1',
      [DEMO_PRACTICE_IDS[0]],
    );
    try {
      const kim = await patient(t, ['en']);
      const id = await book(t, kim, await schedule(t, DEMO_PRACTICE_IDS[0]), await payFee(t, kim));
      const cancel = await t.call<{ data: PortalAppointment }>({
        method: 'POST',
        url: `${PORTAL}/${id}/cancel`,
        headers: bearer(kim.token),
        payload: { Reason: 'Travel' },
      });
      expect(cancel.json.data.Payment?.Status).toBe('Captured');
      const [email] = await outbox(t, kim.email, 'appointment-cancelled');
      expect(email!.body).toContain(
        `Under the practice's cancellation policy, your visit fee of $${DEMO_VISIT_FEE.uninsured}.00 is not refunded.`,
      );
    } finally {
      await t.database.query(
        'update payment_org_configs set cancel_refund_hours = 24 where organization_id = $1',
        [DEMO_PRACTICE_IDS[0]],
      );
    }
  });

  it("settles the fee at the cancellation's time however late its consumer runs: cancelled 25 h ahead, delivered 2 h later, refunded", async () => {
    const clock = t.clock as FixedClock;
    const lee = await patient(t, ['en']);
    const id = await book(t, lee, await schedule(t, DEMO_PRACTICE_IDS[0]), await payFee(t, lee));
    await t.events.drain();
    try {
      const cancel = await t.call<{ data: PortalAppointment }>(
        {
          method: 'POST',
          url: `${PORTAL}/${id}/cancel`,
          headers: bearer(lee.token),
          payload: { Reason: 'Feeling better' },
        },
        { consumers: false },
      );
      // The answer says what the payments consumer decides; the refund itself is not made on the request path.
      expect(cancel.json.data.Payment?.Status).toBe('Refunded');
      expect((await paymentOf(t, id)).status).toBe('Captured');
      // The consumers run 2 h later, under 24 h before the visit: the rule is applied at the cancellation's time.
      clock.advance(2 * 3_600_000);
      const [email] = await outbox(t, lee.email, 'appointment-cancelled');
      expect(email!.body).toContain(
        `Your visit fee of $${DEMO_VISIT_FEE.uninsured}.00 has been refunded to your card.`,
      );
      expect((await paymentOf(t, id)).status).toBe('Refunded');
    } finally {
      clock.set(NOW);
    }
  });

  it('refunds once when the fee consumer is run again after a crash between the gateway refund and the payment row', async () => {
    const max = await patient(t, ['en']);
    const id = await book(t, max, await schedule(t, DEMO_PRACTICE_IDS[0]), await payFee(t, max));
    await t.call({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(max.token),
      payload: { Reason: 'Feeling better' },
    });
    await t.events.drain();
    const paid = await paymentOf(t, id);
    expect(paid.status).toBe('Refunded');
    // As if the process died after the gateway refunded and before the row and the delivery were recorded.
    await t.database.query("update payment_transactions set status = 'Captured' where id = $1", [paid.id]);
    const [event] = await t.database.query<{ id: string }>(
      "select id from domain_events where aggregate_type = 'appointment' and aggregate_id = $1 and payload->>'kind' = 'cancelled'",
      [id],
    );
    await t.database.query(
      "delete from domain_event_deliveries where consumer = 'payments.cancellation-fee' and event_id = $1",
      [event!.id],
    );
    await t.database.query('update domain_events set dispatched_at = null where id = $1', [event!.id]);
    await t.events.drain();
    // Delivered, not stalled on the gateway's refusal of a second refund; the card refunded once.
    const [delivery] = await t.database.query<{ status: string; attempts: number }>(
      "select status, attempts from domain_event_deliveries where consumer = 'payments.cancellation-fee' and event_id = $1",
      [event!.id],
    );
    expect(delivery).toEqual({ status: 'delivered', attempts: 1 });
    expect((await paymentOf(t, id)).status).toBe('Refunded');
    const [charge] = await t.database.query<{ amount_cents: number; amount_refunded_cents: number }>(
      'select amount_cents, amount_refunded_cents from sandbox_charges where id = $1',
      [paid.gateway_reference],
    );
    expect(charge!.amount_refunded_cents).toBe(charge!.amount_cents);
    expect(await t.events.deadLetters()).toEqual([]);
  });

  it("confirms and cancels from the message's signed links without signing in, and refuses a changed link", async () => {
    const sam = await patient(t, ['en']);
    const id = await book(t, sam, await schedule(t, DEMO_PRACTICE_IDS[2]));
    const [email] = await outbox(t, sam.email, 'appointment-confirmation');
    const confirm = linkOf(email!.body, /Confirm: (\S+)/);
    const cancel = linkOf(email!.body, /Cancel: (\S+)/);
    expect(confirm.pathname).toBe('/appointment-action');
    const act = (link: URL, change: Record<string, string> = {}) => {
      const q = { ...Object.fromEntries(link.searchParams), ...change };
      return t.call<AppointmentActionResult & Answer<unknown>>({
        method: 'POST',
        url: APPOINTMENT_ACTION_PATH,
        payload: { AppointmentId: q.id, Action: q.action, Expires: Number(q.exp), Signature: q.sig },
      });
    };
    const forged = await act(confirm, { action: 'cancel' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json.errors?.[0]).toMatchObject({ field: 'Signature', rule: 'valid' });
    const confirmed = await act(confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json.data).toMatchObject({
      Status: 'Confirmed',
      StartTime: SLOT,
      TimeZone: 'America/New_York',
      Fee: { Outcome: 'none' },
    });
    expect((await act(confirm)).json.data.Status).toBe('Confirmed');
    const cancelled = await act(cancel);
    expect(cancelled.json.data.Status).toBe('Canceled');
    const row = await t.database.query<{ status_reason: string }>(
      'select status_reason from appointments where id = $1',
      [id],
    );
    expect(row[0]!.status_reason).toBe('Cancelled by the patient from a message link');
    expect((await act(confirm)).statusCode).toBe(409);
  });
});
