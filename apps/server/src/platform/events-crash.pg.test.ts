import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRACTICE_IDS, demoPerson } from '../seed';
import { freePort, ServerProcess } from '../testing/server-process';
import { dropPostgresDatabase, withDatabaseName } from '../testing/template';

/**
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out of the embedded run; PGlite does not survive a
 * SIGKILL mid-write, decision 0015). The real server runs as a child process; a booking commits its domain
 * events ("appointment changed", the slot's place) and the dispatcher is stopped at a crash point
 * (CARESLOT_CRASH_AT) and killed with SIGKILL there. Started again on the same database, the server delivers
 * the events: once per consumer, the in-app notifications written once per recipient.
 */

const V2 = '/careslot-appointment-service/api/v2';
const provider = demoPerson('provider-admin');
// Every durable consumer of an appointment change, in name order (as deliveriesOf lists them).
const CONSUMERS = [
  'appointments.hub',
  'checkin.schedule',
  'notifications.appointment-messages',
  'notifications.in-app',
  'payments.cancellation-fee',
  'payments.invoices',
  'reminders.schedule',
  'reports.checkins',
  'reports.confirmations',
  'surveys.after-visit',
];

describe('durable domain events survive a kill -9 between the commit and the delivery', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `careslot_evcrash_${process.pid}`;
  let server: ServerProcess;
  let db: pg.Client;
  let token = '';
  let patientId = '';
  let scheduleId = '';
  /** Weekday slots at 15:00 and 15:30 UTC (10:00 in New York), a few days ahead. */
  const starts: string[] = [];

  beforeAll(async () => {
    await dropPostgresDatabase(adminUrl, name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabaseName(adminUrl, name);
    server = new ServerProcess(await freePort(), url);
    await server.start();
    db = new pg.Client({ connectionString: url });
    await db.connect();
    // A calendar of the second practice's provider that takes bookings without approval or fee.
    const { rows } = await db.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [DEMO_PRACTICE_IDS[1]],
    );
    scheduleId = randomUUID();
    await db.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval)
       values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
      [scheduleId, provider.id, rows[0]!.id],
    );
    for (let weekday = 1; weekday <= 5; weekday += 1) {
      await db.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [scheduleId, weekday],
      );
    }
    const day = new Date(Date.now() + 3 * 86_400_000);
    while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    for (const minute of [0, 30])
      starts.push(
        new Date(
          Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15, minute),
        ).toISOString(),
      );
    // The schedule was written behind the server's back: a restart reads it fresh.
    await server.kill('SIGTERM');
    await server.start();
    const login = await server.call('POST', '/api/account/login', {
      body: { UserName: 'patient@demo.careslot.health', Password: 'CareSlot!2026' },
    });
    expect(login.status).toBe(200);
    token = (login.json.data as { access_token: string }).access_token;
    patientId = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { careslot_id: string }
    ).careslot_id;
    await server.kill('SIGTERM');
  }, 300_000);

  afterEach(async () => {
    await server?.kill('SIGKILL');
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.end();
    await dropPostgresDatabase(adminUrl, name);
  });

  const book = (start: string) =>
    server.call('POST', `${V2}/Appointments`, {
      token,
      body: {
        CalendarId: scheduleId,
        StartTime: start,
        Participants: [{ Type: 'Patient', ParticipantId: patientId }],
        Reasons: [{ Id: null, Name: 'Crash test' }],
      },
    });

  async function appointmentAt(start: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query<{ id: string }>(
        'select id from appointments where schedule_id = $1 and start_at = $2',
        [scheduleId, start],
      );
      if (rows[0]) return rows[0].id;
      if (Date.now() > deadline) throw new Error('the booking did not commit');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const eventOf = async (appointmentId: string) =>
    (
      await db.query<{ id: string; dispatched: boolean }>(
        "select id, dispatched_at is not null as dispatched from domain_events where aggregate_type = 'appointment' and aggregate_id = $1",
        [appointmentId],
      )
    ).rows;

  /** The consumers that have the event delivered (decision 0082: a pending row is not a delivery). */
  const deliveriesOf = async (eventId: string) =>
    (
      await db.query<{ consumer: string }>(
        "select consumer from domain_event_deliveries where event_id = $1 and status = 'delivered' order by consumer",
        [eventId],
      )
    ).rows.map((r) => r.consumer);

  /** Each recipient's in-app notification of the appointment: how many each has. */
  const notificationsOf = async (appointmentId: string) =>
    (
      await db.query<{ user_id: string; n: string }>(
        'select user_id, count(*) as n from in_app_notifications where appointment_id = $1 group by user_id',
        [appointmentId],
      )
    ).rows;

  async function restartUntilDelivered(eventId: string) {
    await server.start();
    const deadline = Date.now() + 30_000;
    while (
      !(
        await db.query<{ done: boolean }>(
          `select e.dispatched_at is not null
                  and not exists (select 1 from domain_event_deliveries d
                                   where d.event_id = e.id and d.status <> 'delivered') as done
             from domain_events e where e.id = $1`,
          [eventId],
        )
      ).rows[0]?.done
    ) {
      if (Date.now() > deadline) throw new Error('the event was not delivered after the restart');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('killed after the commit, before any consumer ran: delivered after the restart, once per consumer', async () => {
    await server.start({ CARESLOT_CRASH_AT: 'before-event-delivery' });
    void book(starts[0]!).catch(() => undefined);
    await server.reached('before-event-delivery');
    const appointmentId = await appointmentAt(starts[0]!);
    await server.kill('SIGKILL');

    // Committed with the booking, not delivered: nobody heard of it.
    // Fanned out into pending deliveries (decision 0082), none delivered: nobody heard of it.
    const [event] = await eventOf(appointmentId);
    expect(await deliveriesOf(event!.id)).toEqual([]);
    expect(await notificationsOf(appointmentId)).toEqual([]);

    await restartUntilDelivered(event!.id);
    expect(await deliveriesOf(event!.id)).toEqual(CONSUMERS);
    const notified = await notificationsOf(appointmentId);
    expect(notified.map((n) => n.user_id)).toContain(provider.id);
    for (const n of notified) expect(Number(n.n)).toBe(1);
    await server.kill('SIGTERM');
  }, 240_000);

  it('killed between two consumers: the first is not run again, the second runs once after the restart', async () => {
    await server.start({ CARESLOT_CRASH_AT: 'between-event-consumers' });
    void book(starts[1]!).catch(() => undefined);
    await server.reached('between-event-consumers');
    const appointmentId = await appointmentAt(starts[1]!);
    const [event] = await eventOf(appointmentId);
    // The background lane waits at the crash point; the hub's lane runs on the request path beside it, so its
    // delivery is recorded a moment later: kill once it is (the process is killed between the two consumers).
    const deadline = Date.now() + 60_000;
    while (!(await deliveriesOf(event!.id)).includes('appointments.hub')) {
      if (Date.now() > deadline) throw new Error("the hub's delivery was never recorded");
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.kill('SIGKILL');

    // The hub's consumer ran and recorded it; the notifications' did not run.
    expect(await deliveriesOf(event!.id)).toEqual(['appointments.hub']);
    expect(await notificationsOf(appointmentId)).toEqual([]);
    const [hubDelivery] = (
      await db.query<{ at: Date }>(
        "select delivered_at as at from domain_event_deliveries where event_id = $1 and consumer = 'appointments.hub'",
        [event!.id],
      )
    ).rows;

    await restartUntilDelivered(event!.id);
    expect(await deliveriesOf(event!.id)).toEqual(CONSUMERS);
    // Not delivered to the hub a second time: its record is the one from before the crash.
    const [again] = (
      await db.query<{ at: Date }>(
        "select delivered_at as at from domain_event_deliveries where event_id = $1 and consumer = 'appointments.hub'",
        [event!.id],
      )
    ).rows;
    expect(again!.at.toISOString()).toBe(hubDelivery!.at.toISOString());
    const notified = await notificationsOf(appointmentId);
    expect(notified.length).toBeGreaterThan(0);
    for (const n of notified) expect(Number(n.n)).toBe(1);
    await server.kill('SIGTERM');
  }, 240_000);
});
