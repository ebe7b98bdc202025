/**
 * In-app notification list with 10,000 notifications for one user (issue 7 "Done means"): latency of
 * `GET InAppNotifications/{userId}` (the first page, a deep page, the notification window) and of
 * `PATCH InAppNotifications/batch/mark-as-seen`, p50/p95 over repeated calls. In process (buildApp +
 * inject, so HTTP parsing is not measured) on the embedded PGlite, and on PostgreSQL when DATABASE_URL is set
 * (a scratch database is created on that server and dropped afterwards).
 *
 * Run: node --import tsx bench/notifications.ts      (BENCH_NOTIFICATIONS, default 10000; BENCH_CALLS, default 200)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { createOutbox } from '../apps/server/src/platform/outbox';
import { createRealtime } from '../apps/server/src/platform/realtime';
import { createSecretBox, newSecretsKey, parseSecretsKeys } from '../apps/server/src/platform/secrets';
import { createTokenService } from '../apps/server/src/platform/tokens';
import { sealStoredSecrets } from '../apps/server/src/secrets-at-rest';

const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const V1 = '/careslot-notification/api/v1';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
}

/** 10,000 notifications over the last 30 days for one user, a fifth of them still new, as the listener writes them. */
async function fill(database: Database, userId: string, organizationId: string) {
  await database.query(
    `insert into in_app_notifications (id, user_id, user_type, notification_type, source_system, appointment_id, payload, seen, recieved_on)
     select gen_random_uuid(), $1::uuid, 'Practitioner', 'Appointment', $2::text, gen_random_uuid(),
            jsonb_build_object('ProviderId', $1::text, 'PatientId', gen_random_uuid()::text, 'AppointmentId', gen_random_uuid()::text,
              'AppointmentStatus', (array['Pending','Scheduled','Canceled','Checked-In'])[1 + i % 4],
              'AppointmentTime', to_char(now() + (i % 40) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'PatientName', jsonb_build_object('first_name', 'Patient', 'last_name', i::text),
              'ProviderName', jsonb_build_object('first_name', 'Daniel', 'last_name', 'Reyes'), 'ProfilePictureUri', null),
            i % 5 <> 0, now() - (i * interval '259 seconds')
       from generate_series(1, $3::int) as i`,
    [userId, organizationId, NOTIFICATIONS],
  );
  await database.query('analyze in_app_notifications');
}

async function measure(database: Database, label: string) {
  await migrate(database);
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
  try {
    const userId = randomUUID();
    const organizationId = randomUUID();
    await fill(database, userId, organizationId);
    const token = await tokens.sign(
      {
        sub: `bench-${userId}`,
        email: 'bench@example.com',
        user_roles: ['provider'],
        user_type: 'Practitioner',
        careslot_id: userId,
        PracticeId: organizationId,
      },
      3600,
    );
    const headers = { authorization: `Bearer ${token}` };
    const day = 86_400_000;
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const window = `from=${new Date(today.getTime() - 6 * day).toISOString()}&to=${new Date(today.getTime() + day).toISOString()}`;
    const cases: [string, string][] = [
      [
        'first page (50 newest of all)',
        'userType=Practitioner&notificationType=Appointment&Offset=1&Limit=50',
      ],
      [
        'page 100 (rows 4,951-5,000)',
        'userType=Practitioner&notificationType=Appointment&Offset=100&Limit=50',
      ],
      [
        'first page in the 7-day window',
        `userType=Practitioner&notificationType=Appointment&Offset=1&Limit=50&${window}`,
      ],
    ];
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const [name, query] of cases) {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({ url: `${V1}/InAppNotifications/${userId}?${query}`, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      }
      results[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    }
    // Mark-as-seen of a page's 50 ids (what opening the sidebar sends).
    const unseen = await database.query<{ id: string }>(
      'select id from in_app_notifications where user_id = $1 and not seen limit $2',
      [userId, CALLS * 5],
    );
    const times: number[] = [];
    for (let i = 0; i + 50 <= unseen.length && times.length < CALLS / 4; i += 50) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'PATCH',
        url: `${V1}/InAppNotifications/batch/mark-as-seen`,
        headers,
        payload: unseen.slice(i, i + 50).map((r) => r.id),
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`mark-as-seen: ${res.statusCode}`);
    }
    results['mark 50 seen'] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    console.log(`\n${label}: ${NOTIFICATIONS} notifications for one user, ${CALLS} calls per case (ms)`);
    console.table(results);
    return results;
  } finally {
    await app.close();
  }
}

export async function notificationsBench() {
  const figures: Record<string, unknown> = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careslot-bench-notifications-'));
  try {
    const database = await openDatabase({ dataDir });
    figures.PGlite = await measure(database, 'PGlite');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return figures;
  const name = `careslot_bench_notifications_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' });
    figures.PostgreSQL = await measure(database, 'PostgreSQL');
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await notificationsBench();
}
