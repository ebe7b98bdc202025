import { SLOT } from '@careslot/contracts';

/** Status fallback poll (patient-booking.md §9): one poll when no update arrived within 6000 ms. */
export const APPOINTMENT_STATUS_POLL_MS = SLOT.statusFallbackPollMs;
/** CONFIRM throttle of the reschedule dialog (§9). */
export const CONFIRM_THROTTLE_MS = SLOT.confirmThrottleMs;
/** Reschedule window (§9): the dialog's calendar shows 4 days. */
export const RESCHEDULE_WINDOW_DAYS = SLOT.rescheduleWindowDays;
