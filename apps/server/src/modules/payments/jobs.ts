import type { FastifyPluginAsync } from 'fastify';
import { settlePendingRefunds } from './refunds';
import { settleOpenPayments } from './service';

/** How often half-done payments are settled. */
export const SETTLE_INTERVAL_MS = 30_000;

/**
 * The payment reconciler: once the app is ready (which covers a restart after a crash) and then on a timer,
 * payments of committed bookings are captured and authorizations no booking uses are cancelled.
 */
export const paymentJobs: FastifyPluginAsync = async (app) => {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;
  const settle = async () => {
    if (running) return;
    running = true;
    try {
      const settled = (await settleOpenPayments(app.deps)) + (await settlePendingRefunds(app.deps));
      if (settled > 0) app.log.info({ settled }, 'settled half-done payments');
    } catch (error) {
      app.log.warn({ err: error }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    void settle();
    timer = setInterval(() => void settle(), SETTLE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
};
