import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import { crashPoint } from './crash-points';
import type { Connection, Database } from './db';

/**
 * The durable job scheduler (docs/decisions/0043-durable-job-scheduler.md). A module schedules a job of a
 * kind it registered, under a key, for a due time; the job is a row of `scheduled_jobs`, so it outlives the
 * process. Every instance looks for due jobs, claims them with FOR UPDATE SKIP LOCKED (two instances never
 * claim the same row) under a lease, runs the kind's handler and records the outcome. A failed run is retried
 * with a growing delay; a run whose instance died is claimed again once its lease has lapsed. So a handler
 * runs at least once and, barring a crash mid-run, once: it keys its effects by the job key (an outbox
 * dedupe key, a delivery row) to absorb that one replay.
 *
 * Time is the app's clock (tests move it); on several instances their clocks are the servers' own.
 */

export interface JobToSchedule<P extends object = Record<string, unknown>> {
  kind: string;
  /** One job per key: scheduling a key again replaces its job (see `schedule`); cancel() takes the key. */
  key: string;
  runAt: Date;
  /** Ids and times only (it is stored): never names, e-mails or phones. */
  payload: P;
  /** Runs before the job is marked failed; default 8. */
  maxAttempts?: number;
}

export interface Job<P extends object = Record<string, unknown>> {
  id: string;
  kind: string;
  key: string;
  payload: P;
  runAt: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
}

export type JobHandler<P extends object = Record<string, unknown>> = (job: Job<P>) => Promise<void>;

export interface JobKindOptions {
  /** Delay before retry n (1-based); default 1 s × 2^(n-1), at most an hour. */
  retryDelayMs?: (attempt: number) => number;
  /** Told when the last attempt failed (the job is then `failed`), e.g. to mark what it delivered as Failed. */
  onGiveUp?: (job: Job<object>, error: unknown) => Promise<void>;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Jobs {
  /** Registers the handler of a kind; an instance claims only the kinds it registered. */
  register<P extends object = Record<string, unknown>>(
    kind: string,
    handler: JobHandler<P>,
    options?: JobKindOptions,
  ): void;
  /**
   * Schedules a job, idempotently by key: a key already scheduled with the same kind, time and payload keeps
   * its job as it is (done stays done, so a redelivered event does not run it again); otherwise the job is
   * replaced (pending again at the new time, its attempts reset, a run in progress no longer counts). Pass the
   * caller's transaction to schedule with its change.
   */
  schedule<P extends object>(job: JobToSchedule<P>, connection?: Connection): Promise<void>;
  /** Cancels the pending (or running) jobs of a key, or of every key starting with `prefix` except `keep`. */
  cancel(
    which: { key: string } | { prefix: string; keep?: readonly string[] },
    connection?: Connection,
  ): Promise<number>;
  /** A job's state (tests, support). */
  status(key: string): Promise<{
    status: JobStatus;
    attempts: number;
    runAt: string;
    lastError: string | null;
    lockedBy: string | null;
  } | null>;
  /** Runs what is due now, until nothing is; resolves with how many runs it made. */
  runDue(): Promise<number>;
  /** Starts looking for due jobs every `pollMs`. */
  start(): Promise<void>;
  /** Stops looking and waits for the runs in progress. */
  close(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  clock: Clock;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /** This instance's name in `locked_by`; default a random id. */
  instanceId?: string;
  /** How long a claim holds before another instance may take the job again; default 5 minutes. */
  leaseMs?: number;
  /** How often to look for due jobs; default 1000 ms. 0 = only when runDue() is called. */
  pollMs?: number;
  /** Jobs claimed per statement; default 10. */
  batch?: number;
}

interface JobRow {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown> | string;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  lease_token: string;
}

/**
 * Due: pending and its time has come, or running under a lapsed lease (its instance died mid-run). SKIP LOCKED
 * lets instances claim side by side without waiting on each other or claiming the same row; the claim is one
 * statement, committed at once, and the lease (not a held transaction) is what keeps others away while it runs.
 */
const CLAIM = `
  update scheduled_jobs j
     set status = 'running', attempts = j.attempts + 1, locked_by = $1, lease_token = $2::uuid,
         locked_until = $3::timestamptz + make_interval(secs => $4::double precision / 1000), updated_at = $3
   where j.id in (select id from scheduled_jobs
                   where kind = any($5::text[])
                     and ((status = 'pending' and run_at <= $3) or (status = 'running' and locked_until <= $3))
                   order by run_at
                   limit $6
                   for update skip locked)
  returning j.id, j.kind, j.key, j.payload, j.run_at, j.attempts, j.max_attempts, j.lease_token`;

const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60 * 60_000);

export function createJobs(options: JobsOptions): Jobs {
  const { database, clock, log } = options;
  const instanceId = options.instanceId ?? `instance-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batch = options.batch ?? 10;
  const kinds = new Map<string, { handler: JobHandler<object>; options: JobKindOptions }>();
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let closed = false;

  const toJob = (row: JobRow): Job<object> => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as object,
    runAt: new Date(row.run_at).toISOString(),
    attempt: row.attempts,
  });

  /** Runs one claimed job and records its outcome, only while the claim is still this run's (lease token). */
  async function runOne(row: JobRow): Promise<void> {
    const kind = kinds.get(row.kind)!;
    const job = toJob(row);
    await crashPoint('after-job-claim');
    try {
      await kind.handler(job);
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'job failed';
      const now = clock.now();
      if (row.attempts >= row.max_attempts) {
        const [given] = await database.query(
          `update scheduled_jobs set status = 'failed', last_error = $3, locked_until = null, lease_token = null,
                  finished_at = $4, updated_at = $4 where id = $1 and lease_token = $2::uuid returning id`,
          [row.id, row.lease_token, message, now],
        );
        log.error(
          { err: error, kind: row.kind, jobId: row.id, attempt: row.attempts },
          'a job failed for the last time',
        );
        if (given && kind.options.onGiveUp)
          await kind.options
            .onGiveUp(job, error)
            .catch((e: unknown) => log.error({ err: e, jobId: row.id }, 'a job give-up handler failed'));
        return;
      }
      const delay = (kind.options.retryDelayMs ?? defaultRetryDelay)(row.attempts);
      await database.query(
        `update scheduled_jobs set status = 'pending', last_error = $3, locked_until = null, lease_token = null,
                run_at = $4::timestamptz + make_interval(secs => $5::double precision / 1000), updated_at = $4
          where id = $1 and lease_token = $2::uuid`,
        [row.id, row.lease_token, message, now, delay],
      );
      log.warn(
        { err: error, kind: row.kind, jobId: row.id, attempt: row.attempts },
        'a job failed; it is retried',
      );
      return;
    }
    const now = clock.now();
    await database.query(
      `update scheduled_jobs set status = 'done', last_error = null, locked_until = null, lease_token = null,
              finished_at = $3, updated_at = $3 where id = $1 and lease_token = $2::uuid`,
      [row.id, row.lease_token, now],
    );
  }

  async function pass(): Promise<number> {
    let runs = 0;
    while (!closed && kinds.size) {
      const rows = await database.query<JobRow>(CLAIM, [
        instanceId,
        randomUUID(),
        clock.now(),
        leaseMs,
        [...kinds.keys()],
        batch,
      ]);
      if (!rows.length) break;
      for (const row of rows) {
        await runOne(row);
        runs += 1;
      }
    }
    return runs;
  }

  /** One pass at a time; calls during a pass share the one pass that follows it (a slow pass does not pile them up). */
  function runDue(): Promise<number> {
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return runDue();
      });
      return queued;
    }
    running = pass()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'running due jobs failed; tried again at the next look');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    register(kind, handler, kindOptions = {}) {
      if (kinds.has(kind)) throw new Error(`job kind ${kind} is already registered`);
      kinds.set(kind, { handler: handler as JobHandler<object>, options: kindOptions });
    },
    async schedule(job, connection = database) {
      const now = clock.now();
      await connection.query(
        `insert into scheduled_jobs (id, kind, key, payload, run_at, max_attempts, created_at, updated_at)
         values ($1, $2, $3, $4::jsonb, $5, $6, $7, $7)
         on conflict (key) do update
            set kind = excluded.kind, payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts,
                status = 'pending', attempts = 0, last_error = null, locked_by = null, locked_until = null, lease_token = null,
                finished_at = null, updated_at = excluded.updated_at
          where scheduled_jobs.status = 'cancelled' or scheduled_jobs.kind <> excluded.kind
             or scheduled_jobs.run_at <> excluded.run_at or scheduled_jobs.payload <> excluded.payload`,
        [randomUUID(), job.kind, job.key, JSON.stringify(job.payload), job.runAt, job.maxAttempts ?? 8, now],
      );
    },
    async cancel(which, connection = database) {
      const now = clock.now();
      const rows =
        'key' in which
          ? await connection.query(
              `update scheduled_jobs set status = 'cancelled', locked_until = null, lease_token = null, updated_at = $2
                where key = $1 and status in ('pending', 'running') returning id`,
              [which.key, now],
            )
          : await connection.query(
              `update scheduled_jobs set status = 'cancelled', locked_until = null, lease_token = null, updated_at = $2
                where left(key, length($1)) = $1 and key <> all($3::text[]) and status in ('pending', 'running') returning id`,
              [which.prefix, now, [...(which.keep ?? [])]],
            );
      return rows.length;
    },
    async status(key) {
      const [row] = await database.query<{
        status: JobStatus;
        attempts: number;
        run_at: Date | string;
        last_error: string | null;
        locked_by: string | null;
      }>('select status, attempts, run_at, last_error, locked_by from scheduled_jobs where key = $1', [key]);
      return row
        ? {
            status: row.status,
            attempts: row.attempts,
            runAt: new Date(row.run_at).toISOString(),
            lastError: row.last_error,
            lockedBy: row.locked_by,
          }
        : null;
    },
    runDue,
    async start() {
      if (closed || timer) return;
      const pollMs = options.pollMs ?? 1000;
      if (pollMs > 0) {
        timer = setInterval(() => void runDue(), pollMs);
        timer.unref();
      }
      void runDue();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
