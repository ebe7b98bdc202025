import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson } from '../../seed';
import { freePort, ServerProcess } from '../../testing/server-process';
import { dropPostgresDatabase, withDatabaseName } from '../../testing/template';

/**
 * PostgreSQL only (the server suite on PostgreSQL runs it; vitest.config.ts leaves *.pg.test.ts out of the
 * embedded run): the embedded PGlite does not recover a data folder killed in the middle of a write, so
 * SIGKILL there tests PGlite, not CareSlot (docs/decisions/0015-crash-recovery.md).
 *
 * Recovery after a crash (decision 0012's reconciler): the real server runs as a child process; a booking
 * is stopped at a crash point (CARESLOT_CRASH_AT) and the process is killed with SIGKILL there; the server
 * is started again on the same data and must settle what was left half-done: no captured payment without
 * an appointment, no appointment left unpaid when a fee applies, no lost confirmed booking.
 */

const PAY = '/careslot-payment-service/api';
const V2 = '/careslot-appointment-service/api/v2';
const CALENDAR = '/careslot-calendar/api/v2';

const patientOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { careslot_id: string };

describe('crash recovery of a paid booking (SIGKILL at several points, then a restart)', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `careslot_crash_${process.pid}`;
  let server: ServerProcess;
  let token = '';
  let patientId = '';
  let slots: { SlotIds: string[]; Start: string; ScheduleId: string }[] = [];

  beforeAll(async () => {
    await dropPostgresDatabase(adminUrl, name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    server = new ServerProcess(await freePort(), withDatabaseName(adminUrl, name));
    await server.start();
    const login = await server.call('POST', '/api/account/login', {
      body: { UserName: 'patient@demo.careslot.health', Password: 'CareSlot!2026' },
    });
    expect(login.status).toBe(200);
    token = (login.json.data as { access_token: string }).access_token;
    patientId = patientOf(token).careslot_id;
    const schedules = await server.call('POST', `${CALENDAR}/schedule/advance-search`, {
      token,
      body: { PractitionerId: demoPerson('provider').id },
    });
    const scheduleIds = (schedules.json.Data as { Id: string }[]).map((s) => s.Id);
    const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const from = new Date(Date.now() + 3 * 86_400_000);
    const search = await server.call('POST', `${CALENDAR}/slot/advance-search`, {
      token,
      body: {
        ScheduleIds: scheduleIds,
        StartDate: utc(from),
        EndDate: utc(new Date(from.getTime() + 7 * 86_400_000)),
      },
    });
    slots = search.json.Data as typeof slots;
    expect(slots.length).toBeGreaterThan(4);
    await server.kill('SIGTERM');
  }, 240_000);

  afterEach(async () => {
    await server?.kill('SIGKILL');
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await dropPostgresDatabase(adminUrl, name);
  });

  /** Holds the slot for the session, saves the test card and authorizes the uninsured fee; returns the card. */
  async function prepare(session: string, slot: (typeof slots)[number]) {
    const held = await server.call('POST', `${CALENDAR}/slot/reserve`, {
      token,
      headers: { cookie: `SessionId=${session}` },
      body: { SlotIds: slot.SlotIds },
    });
    expect(held.status).toBe(200);
    const card = await server.call('POST', `${PAY}/v1/stripepayment/customers/payment-methods`, {
      token,
      body: {
        PatientId: patientId,
        Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
      },
    });
    expect(card.status).toBe(200);
    return (card.json.data as { Id: string }).Id;
  }

  const authorize = (cardId: string) =>
    server.call(
      'POST',
      `${PAY}/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
      {
        token,
        body: {
          PatientId: patientId,
          OrganizationId: DEMO_PRACTICE_IDS[0],
          EntityType: 'provider',
          EntityId: demoPerson('provider').id,
          Insured: false,
          PaymentMethodId: cardId,
        },
      },
    );

  const book = (session: string, slot: (typeof slots)[number], transactionId: string, key: string) =>
    server.call('POST', `${V2}/Appointments`, {
      token,
      headers: { cookie: `SessionId=${session}`, 'idempotency-key': key },
      body: {
        CalendarId: slot.ScheduleId,
        StartTime: slot.Start,
        Participants: [
          { Type: 'Patient', ParticipantId: patientId },
          { Type: 'Practitioner', ParticipantId: demoPerson('provider').id },
        ],
        Reasons: [{ Id: null, Name: 'Crash test' }],
        Payments: [{ PaymentTransactionId: transactionId }],
      },
    });

  /** Restarts with the reconciler settling at once, and polls (bounded) until `done` holds. */
  async function restartAndSettle(done: () => Promise<boolean>) {
    await server.start({ PAYMENT_SETTLE_AFTER_SECONDS: '0,0,0' });
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the reconciler did not settle in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const transaction = async (id: string) =>
    (await server.call('GET', `${PAY}/paymenttransaction/${id}`, { token })).json.data as {
      Status: string;
      AppointmentId: string | null;
    };

  it('killed right after the fee was authorized (no booking yet): the authorization is cancelled, nothing is captured', async () => {
    await server.start({ CARESLOT_CRASH_AT: 'after-authorize' });
    const cardId = await prepare('crash-authorize', slots[0]!);
    void authorize(cardId).catch(() => undefined);
    await server.reached('after-authorize');
    // The authorization is recorded (the rest of the server still answers); its request never returns.
    const before = await server.call('POST', `${PAY}/v1/web/patientbalance`, {
      token,
      body: { PatientId: patientId, OrganizationId: DEMO_PRACTICE_IDS[0] },
    });
    const id = (before.json.data as { PaymentTransactionId: string }).PaymentTransactionId;
    expect((await transaction(id)).Status).toBe('Uncaptured');
    await server.kill('SIGKILL');

    await restartAndSettle(async () => (await transaction(id)).Status === 'Canceled');
    const balance = await server.call('POST', `${PAY}/v1/web/patientbalance`, {
      token,
      body: { PatientId: patientId, OrganizationId: DEMO_PRACTICE_IDS[0] },
    });
    expect(balance.json.data).toMatchObject({ PaidAmount: 0, AppointmentIds: [] });
    await server.kill('SIGTERM');
  }, 240_000);

  it('killed between the gateway authorization and its row (Pending, no reference): the reconciler finds the authorization and cancels it', async () => {
    await server.start({ CARESLOT_CRASH_AT: 'after-gateway-authorize' });
    const cardId = await prepare('crash-gateway-authorize', slots[slots.length - 1]!);
    void authorize(cardId).catch(() => undefined);
    await server.reached('after-gateway-authorize');
    await server.kill('SIGKILL');

    const db = new pg.Client({ connectionString: withDatabaseName(adminUrl, name) });
    await db.connect();
    try {
      const row = async () =>
        (
          await db.query<{
            id: string;
            status: string;
            gateway_reference: string | null;
            charge: string | null;
          }>(
            `select p.id, p.status, p.gateway_reference, c.status as charge
               from payment_transactions p left join sandbox_charges c on c.idempotency_key = 'authorize:' || p.id
              where p.patient_id = $1 order by p.created_at desc limit 1`,
            [patientId],
          )
        ).rows[0]!;
      // As the crash left it: our row Pending with no reference, the money held at the gateway.
      expect(await row()).toMatchObject({
        status: 'Pending',
        gateway_reference: null,
        charge: 'requires_capture',
      });
      // The reconciler cancels the row first, then lets the money go: wait for both.
      await restartAndSettle(async () => {
        const now = await row();
        return now.status === 'Canceled' && now.charge !== 'requires_capture';
      });
      const settled = await row();
      expect(settled.charge).toBe('canceled');
      expect(settled.gateway_reference).toMatch(/^ch_sbx_/);
    } finally {
      await db.end();
    }
    await server.kill('SIGTERM');
  }, 240_000);

  for (const [index, point] of (
    ['after-commit', 'before-capture', 'after-gateway-capture'] as const
  ).entries()) {
    it(`killed at ${point}: the booking stands, a retry answers the same appointment, and its fee is captured`, async () => {
      const slot = slots[index + 1]!;
      const session = `crash-${point}`;
      await server.start();
      const cardId = await prepare(session, slot);
      const authorized = await authorize(cardId);
      expect(authorized.status).toBe(200);
      const transactionId = (authorized.json.data as { Id: string }).Id;
      await server.kill('SIGTERM');

      await server.start({ CARESLOT_CRASH_AT: point });
      const key = `crash-key-${point}`;
      void book(session, slot, transactionId, key).catch(() => undefined);
      await server.reached(point);
      await server.kill('SIGKILL');

      await restartAndSettle(async () => (await transaction(transactionId)).Status === 'Captured');
      // The patient's app retries with the same key: the committed booking answers, nothing is booked twice.
      const retry = await book(session, slot, transactionId, key);
      expect(retry.status).toBe(200);
      const appointmentId = retry.json.data as string;
      const payment = await transaction(transactionId);
      expect(payment).toMatchObject({ Status: 'Captured', AppointmentId: appointmentId });
      const read = await server.call('GET', `${V2}/Appointments/${appointmentId}`, { token });
      expect(read.json.data).toMatchObject({
        Status: 'Scheduled',
        StartTime: new Date(slot.Start).toISOString(),
      });
      const list = await server.call(
        'GET',
        `${V2}/web/patient-appointments?patientId=${patientId}&when=upcoming`,
        { token },
      );
      const atThisTime = (list.json.Data as { StartTime: string }[]).filter(
        (a) => a.StartTime === new Date(slot.Start).toISOString(),
      );
      expect(atThisTime).toHaveLength(1);
      await server.kill('SIGTERM');
    }, 240_000);
  }

  it('after every crash: each upcoming visit at the practice with a fee is paid, and no captured payment lacks an appointment', async () => {
    await server.start();
    const list = await server.call(
      'GET',
      `${V2}/web/patient-appointments?patientId=${patientId}&when=upcoming`,
      { token },
    );
    const feeVisits = (
      list.json.Data as {
        Id: string;
        Facility: { OrganizationId: string } | null;
        Payment: { Status: string } | null;
      }[]
    ).filter((a) => a.Facility?.OrganizationId === DEMO_PRACTICE_IDS[0]);
    expect(feeVisits).toHaveLength(3);
    for (const visit of feeVisits) expect(visit.Payment?.Status).toBe('Captured');
    const balance = await server.call('POST', `${PAY}/v1/web/patientbalance`, {
      token,
      body: { PatientId: patientId, OrganizationId: DEMO_PRACTICE_IDS[0] },
    });
    expect(balance.json.data).toMatchObject({ PaidAmount: DEMO_VISIT_FEE.uninsured * 3 });
    expect([...(balance.json.data as { AppointmentIds: string[] }).AppointmentIds].sort()).toEqual(
      feeVisits.map((v) => v.Id).sort(),
    );
    await server.kill('SIGTERM');
  }, 240_000);
});
