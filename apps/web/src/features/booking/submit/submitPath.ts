import { subscribeHub } from '../../../shared/realtime/sharedHub';
import type { StatusListener, StatusUpdate } from './statusWatch';

/**
 * What a booking submission runs (step 9, §4.5–4.7): loaded on the first press of a booking stage's last
 * Continue (or while the browser is idle before it), so the booking pages open without it (docs/performance.md).
 */
export { bookingApi } from './api';
export { watchAppointmentStatus } from './statusWatch';
export { submitBooking } from './submitBooking';

/** Listens on the appointments hub as the signed-in user (their own room) and the new appointment's room. */
export const hubListener: StatusListener = (onUpdate) => {
  const hub = subscribeHub('appointments');
  hub.on('AppointmentStatusUpdated', (message) => onUpdate(message.data as unknown as StatusUpdate));
  return () => hub.release();
};
