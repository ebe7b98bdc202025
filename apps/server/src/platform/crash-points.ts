/**
 * Crash points for the recovery tests (apps/server/src/modules/booking/crash.pg.test.ts,
 * platform/events-crash.pg.test.ts, platform/outbox-crash.pg.test.ts): with
 * CARESLOT_CRASH_AT=<point> set, and only outside production, a request that reaches the point prints
 * `CRASH-POINT <point>` and waits forever, so the test can kill the process with SIGKILL exactly there.
 * Unset (always, in production), a crash point does nothing.
 */
export const CRASH_POINTS = [
  // Payments: the gateway authorized, our row not yet told (decision 0036).
  'after-gateway-authorize',
  'after-authorize',
  'after-commit',
  'before-capture',
  'after-gateway-capture',
  // A practice refund (decision 0098): the gateway refunded, our refund row not yet told.
  'after-gateway-refund',
  // The domain event dispatcher (platform/events.ts): a claimed delivery before its consumer ran (hub or
  // background), and a background delivery before its consumer ran, the hub's made on the request path
  // (platform/events-crash.pg.test.ts).
  'before-event-delivery',
  'between-event-consumers',
  // The job scheduler (platform/jobs.ts): a job claimed under its lease, its handler not yet run
  // (platform/jobs-crash.pg.test.ts).
  'after-job-claim',
  // The outbox (platform/outbox.ts): a message and its delivery job committed, nothing sent yet; and the
  // delivery job claimed, its transport not yet called (platform/outbox-crash.pg.test.ts).
  'after-message-written',
  'before-message-send',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = process.env.NODE_ENV !== 'production' ? process.env.CARESLOT_CRASH_AT : undefined;

export async function crashPoint(point: CrashPoint): Promise<void> {
  if (armed !== point) return;
  process.stdout.write(`CRASH-POINT ${point}\n`);
  await new Promise<never>(() => undefined);
}
