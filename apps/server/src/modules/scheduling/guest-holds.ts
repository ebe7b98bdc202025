/**
 * Admission of guest holds (issue 24 item 4, decision 0085). A guest token costs nothing to mint, so the
 * three live holds per token alone let four addresses hold a whole calendar. A guest hold also needs a
 * ticket: at most `perAddress` live guest holds per client address and `perCalendar` per calendar
 * (schedule), counted in the database under advisory locks (parallel requests and several instances alike),
 * in the hold's own statement (store.holdInOneStatement, decision 0101).
 * Guest holds are also shorter (GUEST_HOLD_SECONDS). Signed-in users' holds need no ticket: an account and
 * its 3 holds per patient cost more than a token.
 */

export interface GuestAdmission {
  /** The client address of a guest's request; null for a signed-in user (no ticket needed). */
  address: string | null;
  perAddress: number;
  perCalendar: number;
}

export const GUEST_HOLD_LIMIT_RULE = 'guest_hold_limit';
export const GUEST_HOLD_LIMIT_MESSAGE =
  'Too many slots are held by guests right now. Sign in to hold this slot, or try again in a few minutes.';

export type Admitted<T> = T | { ok: false; reason: 'guest_hold_limit' };
