// Plain constants of provider search, no zod: the patient pages import them without the schemas
// (docs/performance.md, patient pages' initial JavaScript).

export const SEARCH_SORTS = ['distance', 'next_availability'] as const;

export const SEARCH_MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_DISTANCE_MILES = 500;
/** Slots each provider shows per day in a provider list (patient-booking.md §2.6, §9). */
export const SEARCH_SLOTS_PER_DAY = 3;
/** Days of slots in a provider list's week (patient-booking.md §2.6). */
export const SEARCH_WEEK_DAYS = 5;

/**
 * Asking for the position on mobile widths to suggest the nearest providers (patient-booking.md §2.11, §9):
 * a cached position up to 5 minutes old, 1 s to answer, no high accuracy, one retry 1 s after a failure.
 */
export const GEOLOCATION = {
  maximumAgeMs: 300_000,
  timeoutMs: 1_000,
  enableHighAccuracy: false,
  retryMs: 1_000,
} as const;
