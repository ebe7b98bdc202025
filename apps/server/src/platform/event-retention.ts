import type { AppDeps } from './deps';

/**
 * Retention of delivered domain events (decision 0082): a durable job, run every hour on whichever instance
 * claims it, deletes what was delivered more than EVENT_RETENTION_DAYS ago: delivered deliveries, events none
 * of whose deliveries is pending or dead (each aggregate keeps its latest, so versions go on), and real-time
 * messages a user never acknowledged. Dead letters stay until a super user retries them.
 */
export const EVENT_RETENTION_JOB = 'platform.event-retention';
const EVERY_MS = 3_600_000;

type Deps = Pick<AppDeps, 'jobs' | 'events' | 'database' | 'clock' | 'config'>;

/** The next hour boundary after `now`: every instance schedules the same key, so the job exists once. */
function nextRun(now: Date): Date {
  return new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);
}

export async function scheduleEventRetention(deps: Deps): Promise<void> {
  const runAt = nextRun(deps.clock.now());
  await deps.jobs.schedule({
    kind: EVENT_RETENTION_JOB,
    key: `${EVENT_RETENTION_JOB}:${runAt.toISOString()}`,
    runAt,
    payload: {},
  });
}

/** Deletes what is older than the retention; how much of each it deleted. */
export async function pruneDelivered(
  deps: Deps,
): Promise<{ events: number; deliveries: number; realtime: number }> {
  const before = new Date(deps.clock.now().getTime() - deps.config.EVENT_RETENTION_DAYS * 86_400_000);
  const pruned = await deps.events.prune(before);
  // realtime_pending (platform/realtime.ts) keeps what a user has not acknowledged; after the retention they
  // would refetch anyway.
  const realtime = await deps.database.query('delete from realtime_pending where sent_at < $1 returning 1', [
    before.toISOString(),
  ]);
  return { ...pruned, realtime: realtime.length };
}

export function registerEventRetention(deps: Deps): void {
  deps.jobs.register(EVENT_RETENTION_JOB, async () => {
    await pruneDelivered(deps);
    await scheduleEventRetention(deps);
  });
}
