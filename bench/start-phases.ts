/**
 * CPU time of each step of a server start on one PGlite data folder: run it twice on a new folder to see
 * a first start and a restart. CPU time, unlike the wall clock of cold-start.ts, barely moves when other
 * work shares the machine, so it shows which phase a change made cheaper.
 * Run: DATA_DIR=/tmp/careslot-phases node --import tsx bench/start-phases.ts
 */
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { createOutbox } from '../apps/server/src/platform/outbox';
import { createRealtime } from '../apps/server/src/platform/realtime';
import { secretBoxFromConfig } from '../apps/server/src/platform/secrets';
import { createTokenService } from '../apps/server/src/platform/tokens';
import { sealStoredSecrets } from '../apps/server/src/secrets-at-rest';
import { seedDatabase } from '../apps/server/src/seed';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const phases: Record<string, { cpuMs: number; wallMs: number }> = {};
async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const cpu = cpuMs();
  const wall = performance.now();
  const result = await fn();
  phases[name] = { cpuMs: Math.round(cpuMs() - cpu), wallMs: Math.round(performance.now() - wall) };
  return result;
}

const importsCpuMs = Math.round(cpuMs());
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
});
const database = await phase('open', () =>
  openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }),
);
await phase('migrate', () => migrate(database));
const seeded = await phase('seed', () => seedDatabase(database, { demo: config.SEED_DEMO_DATA }));
const app = await phase('app', async () => {
  // As a start does (startup.ts): the configured key, the stored secrets sealed (decision 0088).
  const secrets = secretBoxFromConfig(config);
  await sealStoredSecrets(database, secrets);
  const tokens = await createTokenService(database, () => systemClock.now(), secrets);
  const realtime = createRealtime({ tokens, redisUrl: config.REDIS_URL, now: () => systemClock.now() });
  const built = await buildApp({
    config,
    database,
    clock: systemClock,
    tokens,
    outbox: createOutbox(database),
    realtime,
    secrets,
  });
  await built.ready();
  return built;
});
await app.close();
console.log(
  JSON.stringify(
    { dataDir: config.DATA_DIR, importsCpuMs, phases, firstStart: seeded.reference.zipCodes > 0 },
    null,
    2,
  ),
);
