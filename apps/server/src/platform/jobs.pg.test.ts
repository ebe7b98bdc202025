import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropPostgresDatabase, withDatabaseName } from '../testing/template';
import { systemClock } from './clock';
import { fromPool, type Database } from './db';
import { createJobs, type Jobs } from './jobs';

/**
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out of the embedded run): two schedulers, each on its
 * own pool as two app instances would be, poll one database; every due job runs exactly once.
 */
describe('durable jobs with two instances on one PostgreSQL database', () => {
  const template = inject('dbTemplate');
  const url = template.databaseUrl!;
  const name = `careslot_jobs_${randomBytes(5).toString('hex')}`;
  let writer: Database;
  const instances: { database: Database; jobs: Jobs; name: string }[] = [];
  const runs: { instance: string; key: string }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.ref}`);
    await admin.end();
    const open = () => fromPool(new pg.Pool({ connectionString: withDatabaseName(url, name), max: 6 }));
    writer = open();
    for (const instance of ['one', 'two']) {
      const database = open();
      const jobs = createJobs({
        database,
        clock: systemClock,
        log: { error: () => undefined, warn: () => undefined },
        pollMs: 10,
        batch: 3,
        instanceId: instance,
      });
      jobs.register('test.once', async (job) => {
        // Slow enough that both instances are busy at once.
        await new Promise((r) => setTimeout(r, 3));
        runs.push({ instance, key: job.key });
      });
      instances.push({ database, jobs, name: instance });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.jobs.close();
      await i.database.close();
    }
    await writer.close();
    await dropPostgresDatabase(url, name);
  });

  it('runs each due job exactly once, with both instances taking part', async () => {
    const scheduler = createJobs({
      database: writer,
      clock: systemClock,
      log: { error: () => undefined, warn: () => undefined },
      pollMs: 0,
    });
    const total = 120;
    const keys = Array.from({ length: total }, (_, n) => `once:${n}`);
    // Half already due, half due a moment later; a few scheduled twice (kept as one).
    for (const [n, key] of keys.entries()) {
      const runAt = new Date(Date.now() + (n % 2 ? 300 : -1000));
      await scheduler.schedule({ kind: 'test.once', key, runAt, payload: { n } });
      if (n % 10 === 0) await scheduler.schedule({ kind: 'test.once', key, runAt, payload: { n } });
    }
    await Promise.all(instances.map((i) => i.jobs.start()));
    await expect.poll(() => runs.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(total);
    // A moment more: a second run would show up now.
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toHaveLength(total);
    expect(new Set(runs.map((r) => r.key)).size).toBe(total);
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set(['one', 'two']));
    const rows = await writer.query<{ status: string; attempts: number; n: string }>(
      'select status, attempts, count(*) as n from scheduled_jobs group by status, attempts',
    );
    expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([{ status: 'done', attempts: 1, n: total }]);
  }, 60_000);
});
