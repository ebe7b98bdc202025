// Plain constants of schedules, no zod: the patient pages import them without the schemas
// (docs/performance.md, patient pages' initial JavaScript).

/** The room of the calendar hub that carries one schedule's slot events. */
export const scheduleRoom = (scheduleId: string) => `schedule:${scheduleId}` as const;
/**
 * The room of the reason-based variants (one event per reason): a calendar showing one reason follows this
 * room instead of the plain one, so no client receives both.
 */
export const scheduleReasonsRoom = (scheduleId: string) => `schedule-reasons:${scheduleId}` as const;

/** The reason 'All' (3.4): id -1 means every reason. */
export const ALL_REASONS_ID = -1;

/** A countdown (such as the time left on a hold) ticks every 60 s (patient-booking.md §9). */
export const COUNTDOWN_TICK_MS = 60_000;

/** The rule a hold refused because its holder already has the maximum of live holds names (409 errors[0].rule). */
export const HOLD_LIMIT_RULE = 'max_active_holds';
