import { BOOKING_DECISIVE_STATUSES } from '@careslot/contracts';
import { APPOINTMENT_STATUS_POLL_MS } from './constants';

/** An AppointmentStatusUpdated message's data. */
export interface StatusUpdate {
  AppointmentId: string;
  Status: string;
}

/** Where status updates come from (the appointments hub); returns a stop function. */
export type StatusListener = (onUpdate: (update: StatusUpdate) => void) => () => void;

/** Statuses the booking flow acts on (§4.1): success (Scheduled, Pending) or Entered-In-Error. */
const DECISIVE = new Set<string>(BOOKING_DECISIVE_STATUSES);

/**
 * Listens for AppointmentStatusUpdated from before the booking call, so an update pushed while the call
 * returns is not missed (§4.5 steps 1 and 2). `settle(id, fetchOnce)` gives the status to act on: the
 * fetched appointment's when it is already decisive, else the first pushed update for the id, else, when
 * nothing arrives within 6 s, the status of one more fetch.
 */
export function watchAppointmentStatus(listen: StatusListener, wait: (ms: number) => Promise<void> = delay) {
  const seen = new Map<string, string>();
  const waiters = new Map<string, (status: string) => void>();
  const stop = listen((update) => {
    if (!update || typeof update.AppointmentId !== 'string' || typeof update.Status !== 'string') return;
    seen.set(update.AppointmentId, update.Status);
    if (DECISIVE.has(update.Status)) waiters.get(update.AppointmentId)?.(update.Status);
  });

  async function settle<T extends { Status: string }>(id: string, fetchOnce: () => Promise<T>): Promise<T> {
    const first = await fetchOnce();
    if (DECISIVE.has(first.Status)) return first;
    const pushed = seen.get(id);
    if (pushed && DECISIVE.has(pushed)) return { ...first, Status: pushed };
    const status = await Promise.race([
      new Promise<string>((resolve) => waiters.set(id, resolve)),
      wait(APPOINTMENT_STATUS_POLL_MS).then(() => null),
    ]);
    waiters.delete(id);
    if (status) return { ...first, Status: status };
    return fetchOnce();
  }

  return { settle, stop };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
