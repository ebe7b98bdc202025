import type { FastifyPluginAsync } from 'fastify';
import { sweepExpiredHolds } from './service';

/** How often expired holds give their capacity back and open calendars hear about it. */
export const HOLD_SWEEP_INTERVAL_MS = 5_000;

/**
 * Expired holds are already ignored by the next hold of the same slot (service.holdSlot), but a calendar
 * open elsewhere only sees the slot come back when someone announces it: this sweep does, on every
 * instance. Each expired hold is deleted by exactly one sweep (DELETE … RETURNING), so only that instance
 * publishes it.
 */
export const schedulingJobs: FastifyPluginAsync = async (app) => {
  const { database, realtime, events, clock } = app.deps;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await sweepExpiredHolds({ database, realtime, events }, clock.now());
    } catch (error) {
      app.log.warn({ err: error }, 'expired-hold sweep failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), HOLD_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
};
