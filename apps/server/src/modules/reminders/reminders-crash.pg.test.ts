import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { freePort, ServerProcess } from '../../testing/server-process';
import { dropPostgresDatabase, withDatabaseName } from '../../testing/template';

/**
 * PostgreSQL only (PGlite does not survive a SIGKILL mid-write, decision 0015). The real server runs as a
 * child process; a booked visit's reminder is a durable job. The reminder falls due while no server runs
 * (its due time is moved into the past while it is stopped, as the hours passing would), and is sent once
 * when a server is back: by one server, by two servers started together, and after a server killed with
 * SIGKILL while it held the job (taken again once its lease lapsed).
 */

const V2 = '/careslot-appointment-service/api/v2';
const PATIENT_EMAIL = 'patient@demo.careslot.health';
const provider = demoPerson('provider-admin');
// A short lease, so a job held by a killed server is taken again within the test.
const ENV = { JOB_LEASE_SECONDS: '2', JOB_POLL_MS: '200' };

describe('a reminder due while the server is stopped is sent once after it starts again', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `careslot_remcrash_${process.pid}`;
  let servers: ServerProcess[] = [];
  let url = '';
  let db: pg.Client;
  let token = '';
  let patientId = '';
  let scheduleId = '';
  const starts: string[] = [];

  const server = (n: number) => servers[n]!;

  beforeAll(async () => {
    await dropPostgresDatabase(adminUrl, name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url = withDatabaseName(adminUrl, name);
    servers = [new ServerProcess(await freePort(), url), new ServerProcess(await freePort(), url)];
    await server(0).start(ENV);
    db = new pg.Client({ connectionString: url });
    await db.connect();
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
    // The practice sends a reminder a day before, by e-mail.
    await db.query(
      "insert into reminder_settings (id, organization_id, enabled, hours_before, email, sms) values ($1, $2, true, '{24}', true, false)",
      [randomUUID(), DEMO_PRACTICE_IDS[1]],
    );
    const day = new Date(Date.now() + 3 * 86_400_000);
    while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    for (const minute of [0, 30, 60])
      starts.push(
        new Date(
          Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15, minute),
        ).toISOString(),
      );
    await server(0).kill('SIGTERM');
    await server(0).start(ENV);
    const login = await server(0).call('POST', '/api/account/login', {
      body: { UserName: PATIENT_EMAIL, Password: 'CareSlot!2026' },
    });
    expect(login.status).toBe(200);
    token = (login.json.data as { access_token: string }).access_token;
    patientId = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { careslot_id: string }
    ).careslot_id;
    await server(0).kill('SIGTERM');
  }, 300_000);

  afterEach(async () => {
    for (const s of servers) await s.kill('SIGKILL');
  });

  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL');
    await db?.end();
    await dropPostgresDatabase(adminUrl, name);
  });

  /** Books a visit and waits for its reminder job (scheduled by the appointment-change consumer); then stops the server. */
  async function bookedWithReminder(start: string): Promise<{ appointmentId: string; key: string }> {
    await server(0).start(ENV);
    const booked = await server(0).call('POST', `${V2}/Appointments`, {
      token,
      body: {
        CalendarId: scheduleId,
        StartTime: start,
        Participants: [{ Type: 'Patient', ParticipantId: patientId }],
        Reasons: [{ Id: null, Name: 'Reminder test' }],
      },
    });
    expect(booked.status).toBe(200);
    const appointmentId = booked.json.data as string;
    const key = `reminder:${appointmentId}:24h`;
    await expect
      .poll(
        async () =>
          (await db.query<{ status: string }>('select status from scheduled_jobs where key = $1', [key]))
            .rows[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('pending');
    await server(0).kill('SIGTERM');
    return { appointmentId, key };
  }

  /** The hours pass while no server runs: the reminder's time comes. */
  const fallDue = (key: string) =>
    db.query("update scheduled_jobs set run_at = now() - interval '1 minute' where key = $1", [key]);

  const remindersOf = async (startTime: string) =>
    (
      await db.query<{ channel: string; dedupe_key: string }>(
        "select channel, dedupe_key from outbox_messages where template = 'appointment-reminder' and dedupe_key like $1",
        [`%:${startTime}:%`],
      )
    ).rows;
  const job = async (key: string) =>
    (
      await db.query<{ status: string; attempts: number; locked_by: string }>(
        'select status, attempts, locked_by from scheduled_jobs where key = $1',
        [key],
      )
    ).rows[0];

  it('one server: sent once when it is back', async () => {
    const { key } = await bookedWithReminder(starts[0]!);
    await fallDue(key);
    expect(await remindersOf(starts[0]!)).toEqual([]);
    await server(0).start(ENV);
    await expect.poll(async () => (await job(key))?.status, { timeout: 30_000 }).toBe('done');
    // A few more looks for due jobs: nothing more is sent.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await remindersOf(starts[0]!)).map((m) => m.channel)).toEqual(['email']);
    expect(await job(key)).toMatchObject({ status: 'done', attempts: 1 });
  }, 240_000);

  it('two servers started together: sent once, by one of them', async () => {
    const { key } = await bookedWithReminder(starts[1]!);
    await fallDue(key);
    await Promise.all(servers.map((s) => s.start(ENV)));
    await expect.poll(async () => (await job(key))?.status, { timeout: 30_000 }).toBe('done');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await remindersOf(starts[1]!)).map((m) => m.channel)).toEqual(['email']);
    // Claimed once: one attempt, whichever server made it.
    expect(await job(key)).toMatchObject({ status: 'done', attempts: 1 });
  }, 240_000);

  it('killed with SIGKILL while it held the job: taken again after the lease, sent once', async () => {
    const { key } = await bookedWithReminder(starts[2]!);
    await fallDue(key);
    await server(0).start({ ...ENV, CARESLOT_CRASH_AT: 'after-job-claim' });
    await server(0).reached('after-job-claim');
    await server(0).kill('SIGKILL');
    expect(await job(key)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await remindersOf(starts[2]!)).toEqual([]);

    await server(1).start(ENV);
    await expect.poll(async () => (await job(key))?.status, { timeout: 30_000 }).toBe('done');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await remindersOf(starts[2]!)).map((m) => m.channel)).toEqual(['email']);
    expect(await job(key)).toMatchObject({ status: 'done', attempts: 2 });
  }, 240_000);
});
