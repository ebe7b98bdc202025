import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openTestDatabase } from '../testing/template';
import { fixedClock } from './clock';
import type { Database } from './db';
import { createJobs, type Job } from './jobs';

const silent = { error: () => undefined, warn: () => undefined };
const T0 = new Date('2026-12-01T10:00:00Z');

describe('durable job scheduler (PGlite, one instance)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
  });
  afterAll(async () => {
    await database.close();
  });

  /** A scheduler of its own kind name per test, so tests do not claim each other's jobs. */
  function scheduler(options: { leaseMs?: number; instanceId?: string } = {}) {
    const clock = fixedClock(T0);
    const jobs = createJobs({ database, clock, log: silent, pollMs: 0, ...options });
    return { clock, jobs };
  }

  it('runs a job when it is due, not before, and once', async () => {
    const { clock, jobs } = scheduler();
    const ran: Job<{ n: number }>[] = [];
    jobs.register<{ n: number }>('test.due', async (job) => {
      ran.push(job);
    });
    await jobs.schedule({
      kind: 'test.due',
      key: 'due:1',
      runAt: new Date(T0.getTime() + 60_000),
      payload: { n: 1 },
    });
    expect(await jobs.runDue()).toBe(0);
    expect(ran).toHaveLength(0);
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(ran.map((j) => [j.key, j.payload.n, j.attempt])).toEqual([['due:1', 1, 1]]);
    expect(await jobs.status('due:1')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('keeps one job per key: the same job again is kept (done stays done), a new time replaces it', async () => {
    const { clock, jobs } = scheduler();
    let runs = 0;
    jobs.register('test.key', async () => {
      runs += 1;
    });
    const job = { kind: 'test.key', key: 'key:1', runAt: T0, payload: { a: 1 } };
    await jobs.schedule(job);
    await jobs.schedule(job);
    const [count] = await database.query<{ n: string }>(
      "select count(*) as n from scheduled_jobs where key = 'key:1'",
    );
    expect(Number(count!.n)).toBe(1);
    await jobs.runDue();
    expect(runs).toBe(1);
    // A redelivered event schedules the same job again: it is not run a second time.
    await jobs.schedule(job);
    await jobs.runDue();
    expect(runs).toBe(1);
    // Moved: the job is pending again at its new time.
    await jobs.schedule({ ...job, runAt: new Date(T0.getTime() + 3_600_000) });
    expect(await jobs.status('key:1')).toMatchObject({
      status: 'pending',
      attempts: 0,
      runAt: new Date(T0.getTime() + 3_600_000).toISOString(),
    });
    clock.advance(3_600_000);
    await jobs.runDue();
    expect(runs).toBe(2);
  });

  it('cancels by key and by prefix (keeping named keys); a cancelled job does not run, scheduling it again revives it', async () => {
    const { jobs } = scheduler();
    const ran: string[] = [];
    jobs.register('test.cancel', async (job) => {
      ran.push(job.key);
    });
    for (const key of ['c:a:1', 'c:a:2', 'c:a:3', 'c:b:1'])
      await jobs.schedule({ kind: 'test.cancel', key, runAt: T0, payload: {} });
    expect(await jobs.cancel({ key: 'c:b:1' })).toBe(1);
    expect(await jobs.cancel({ prefix: 'c:a:', keep: ['c:a:2'] })).toBe(2);
    await jobs.runDue();
    expect(ran).toEqual(['c:a:2']);
    expect(await jobs.status('c:a:1')).toMatchObject({ status: 'cancelled' });
    await jobs.schedule({ kind: 'test.cancel', key: 'c:a:1', runAt: T0, payload: {} });
    await jobs.runDue();
    expect(ran).toEqual(['c:a:2', 'c:a:1']);
  });

  it('retries a failing job with a growing delay and marks it failed after its last attempt', async () => {
    const { clock, jobs } = scheduler();
    const attempts: number[] = [];
    const givenUp: string[] = [];
    jobs.register(
      'test.retry',
      async (job) => {
        attempts.push(job.attempt);
        throw new Error('the outside system is down');
      },
      { retryDelayMs: (n) => n * 10_000, onGiveUp: async (job) => void givenUp.push(job.key) },
    );
    await jobs.schedule({ kind: 'test.retry', key: 'r:1', runAt: T0, payload: {}, maxAttempts: 3 });
    await jobs.runDue();
    expect(await jobs.status('r:1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the outside system is down',
      runAt: new Date(T0.getTime() + 10_000).toISOString(),
    });
    clock.advance(9_999);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    await jobs.runDue();
    expect(await jobs.status('r:1')).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(20_000);
    await jobs.runDue();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobs.status('r:1')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(givenUp).toEqual(['r:1']);
    clock.advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
  });

  it('takes a job again after its lease lapses (its instance died mid-run), and ignores the lapsed run’s outcome', async () => {
    const clock = fixedClock(T0);
    // Instance "dead" claims the job and never finishes (its handler hangs as a killed process would).
    const dead = createJobs({ database, clock, log: silent, pollMs: 0, leaseMs: 30_000, instanceId: 'dead' });
    let release: () => void = () => undefined;
    dead.register('test.lease', () => new Promise<void>((resolve) => (release = resolve)));
    await dead.schedule({ kind: 'test.lease', key: 'l:1', runAt: T0, payload: {} });
    const hanging = dead.runDue();
    await expect.poll(async () => (await dead.status('l:1'))?.status).toBe('running');

    const alive = createJobs({
      database,
      clock,
      log: silent,
      pollMs: 0,
      leaseMs: 30_000,
      instanceId: 'alive',
    });
    let runs = 0;
    alive.register('test.lease', async () => {
      runs += 1;
    });
    // Still leased: nobody else takes it.
    expect(await alive.runDue()).toBe(0);
    clock.advance(30_000);
    expect(await alive.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await alive.status('l:1')).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'alive' });
    // The first run finishing late changes nothing: its claim is no longer the job's.
    release();
    await hanging;
    expect(await alive.status('l:1')).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'alive' });
    await dead.close();
    await alive.close();
  });

  it('claims only the kinds it registered', async () => {
    const { jobs } = scheduler();
    jobs.register('test.mine', async () => undefined);
    await jobs.schedule({ kind: 'test.not-mine', key: 'k:other', runAt: T0, payload: {} });
    await jobs.runDue();
    expect(await jobs.status('k:other')).toMatchObject({ status: 'pending', attempts: 0 });
    await jobs.cancel({ key: 'k:other' });
  });
});
