/**
 * Booking under contention on PostgreSQL, in process (buildApp + inject, so HTTP parsing is not measured):
 * 1. race: 50 patients, each with an authorized visit fee, book the last place of one slot at once;
 * 2. throughput: 50 patients book 50 places of one slot (capacity 50) at once.
 * Reports wall time, per-request latency (p50, p95, max) and the outcome counts that must hold: exactly one
 * booking and 49 cancelled authorizations in the race, 50 bookings and 50 captures in the throughput run.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/booking.ts
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPatient } from '../apps/server/src/modules/patients';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { createOutbox } from '../apps/server/src/platform/outbox';
import { createRealtime } from '../apps/server/src/platform/realtime';
import { createSecretBox, newSecretsKey, parseSecretsKeys } from '../apps/server/src/platform/secrets';
import { createTokenService } from '../apps/server/src/platform/tokens';
import { sealStoredSecrets } from '../apps/server/src/secrets-at-rest';
import { DEMO_PRACTICE_IDS, DEMO_VISIT_FEE, demoPerson, seedDatabase } from '../apps/server/src/seed';

const PATIENTS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

export async function bookingBench() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `careslot_bench_booking_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
  try {
    await migrate(database);
    await seedDatabase(database, { demo: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
    });
    // A throw-away key: the bench's database lives for one run (decision 0088).
    const secrets = createSecretBox(parseSecretsKeys(newSecretsKey()));
    await sealStoredSecrets(database, secrets);
    const tokens = await createTokenService(database, () => systemClock.now(), secrets);
    const realtime = createRealtime({ tokens, redisUrl: undefined, now: () => systemClock.now() });
    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      tokens,
      outbox: createOutbox(database),
      realtime,
      secrets,
    });
    await app.ready();

    const [location] = await database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [DEMO_PRACTICE_IDS[0]],
    );
    const schedule = async (capacity: number) => {
      const id = randomUUID();
      await database.query(
        `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity) values ($1, $2, $3, 'America/New_York', 30, $4)`,
        [id, demoPerson('provider').id, location!.id, capacity],
      );
      for (let weekday = 0; weekday <= 6; weekday += 1)
        await database.query('insert into schedule_hours values ($1, $2, 0, 1440)', [id, weekday]);
      return id;
    };
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);

    const patients = await Promise.all(
      Array.from({ length: PATIENTS * 2 }, async (_, i) => {
        const email = `bench-${i}-${randomUUID().slice(0, 6)}@example.com`;
        const patient = await createPatient(database, { firstName: 'Bench', lastName: `Patient${i}`, email });
        const token = await tokens.sign(
          {
            sub: `bench-${patient.Id}`,
            email,
            user_roles: ['patient'],
            user_type: 'Patient',
            careslot_id: patient.Id,
          },
          3600,
        );
        return { id: patient.Id, token };
      }),
    );
    const authorize = async (p: { id: string; token: string }) => {
      const headers = { authorization: `Bearer ${p.token}` };
      const card = await app.inject({
        method: 'POST',
        url: '/careslot-payment-service/api/v1/stripepayment/customers/payment-methods',
        headers,
        payload: {
          PatientId: p.id,
          Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
        },
      });
      const held = await app.inject({
        method: 'POST',
        url: `/careslot-payment-service/api/v1/stripepayment/invoices/payment-intent?amount=${DEMO_VISIT_FEE.uninsured}`,
        headers,
        payload: {
          PatientId: p.id,
          OrganizationId: DEMO_PRACTICE_IDS[0],
          EntityType: 'Provider',
          EntityId: demoPerson('provider').id,
          Insured: false,
          PaymentMethodId: card.json<{ data: { Id: string } }>().data.Id,
        },
      });
      return held.json<{ data: { Id: string } }>().data.Id;
    };
    const payments = await Promise.all(patients.map(authorize));

    const run = async (scheduleId: string, group: typeof patients, groupPayments: string[]) => {
      const latencies: number[] = [];
      const began = performance.now();
      const codes = await Promise.all(
        group.map(async (p, i) => {
          const t0 = performance.now();
          const res = await app.inject({
            method: 'POST',
            url: '/careslot-appointment-service/api/v2/Appointments',
            headers: { authorization: `Bearer ${p.token}` },
            payload: {
              CalendarId: scheduleId,
              StartTime: start.toISOString(),
              Participants: [{ Type: 'Patient', ParticipantId: p.id }],
              Payments: [{ PaymentTransactionId: groupPayments[i] }],
            },
          });
          latencies.push(performance.now() - t0);
          return res.statusCode;
        }),
      );
      const wallMs = Math.round(performance.now() - began);
      const statuses = await database.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from payment_transactions where id = any($1::uuid[]) group by status',
        [groupPayments],
      );
      return {
        wallMs,
        latencyMs: {
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          max: percentile(latencies, 100),
        },
        answers: Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length])),
        payments: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      };
    };

    const race = await run(await schedule(1), patients.slice(0, PATIENTS), payments.slice(0, PATIENTS));
    const throughput = await run(
      await schedule(PATIENTS),
      patients.slice(PATIENTS),
      payments.slice(PATIENTS),
    );
    await app.close();
    return { bench: 'booking', database: 'postgres', patients: PATIENTS, race, throughput };
  } finally {
    await database.close().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await bookingBench(), null, 2));
