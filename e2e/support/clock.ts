import { expect, type APIRequestContext } from '@playwright/test';
import { zoneDate, zoneDayStartUtc } from '../../packages/domain/src/schedule-settings';

/** The demo practices' time zone: their facilities are in New York. */
export const DEMO_ZONE = 'America/New_York';

/**
 * A fixed hour of the current day at the demo facilities, `minutes` after their midnight: a journey that needs
 * time left in the facility's day runs there (on the server's settable clock and the browser's) whatever the
 * hour in New York. Before that hour it is simply now: the clock is only ever set back, so the tokens (which
 * keep the system's time) stay valid in the browser and nothing the server schedules meanwhile waits after it is
 * put back.
 */
export function todayAt(minutes: number, zone = DEMO_ZONE): Date {
  const now = new Date();
  const at = new Date(zoneDayStartUtc(zoneDate(now, zone), zone).getTime() + minutes * 60_000);
  return at < now ? at : now;
}

/**
 * Sets the server's product time (PUT /dev/clock, the developer tools the journeys' servers run with): from
 * `at` it runs on; null puts it back on the system's time.
 */
export async function setServerClock(request: APIRequestContext, at: Date | null): Promise<void> {
  const res = await request.put('/dev/clock', { data: { At: at ? at.toISOString() : null } });
  expect(res.status()).toBe(200);
}
