import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db';
import * as store from './store';

/**
 * Admission of guest holds (issue 24 item 4, decision 0085). A guest token costs nothing to mint, so the
 * three live holds per token alone let four addresses hold a whole calendar. A guest hold also needs a
 * ticket: at most `perAddress` live guest holds per client address and `perCalendar` per calendar
 * (schedule), counted in the database under advisory locks (parallel requests and several instances alike).
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

/** Runs `hold` once a guest's ticket is taken; a hold that does not happen gives its ticket back. */
export async function admitGuestHold<T extends { ok: boolean }>(
  database: Database,
  input: { scheduleId: string; start: Date; sessionId: string; now: Date; expiresAt: Date },
  admission: GuestAdmission | undefined,
  hold: () => Promise<T>,
): Promise<Admitted<T>> {
  if (!admission?.address) return hold();
  const id = randomUUID();
  const ticket = await database.transaction((tx) =>
    store.takeGuestHoldTicket(tx, {
      id,
      address: admission.address!,
      scheduleId: input.scheduleId,
      start: input.start,
      sessionId: input.sessionId,
      now: input.now,
      expiresAt: input.expiresAt,
      perAddress: admission.perAddress,
      perCalendar: admission.perCalendar,
    }),
  );
  if (!ticket.ok) return { ok: false, reason: 'guest_hold_limit' };
  try {
    const result = await hold();
    if (!result.ok) await store.dropGuestHoldTicket(database, id);
    return result;
  } catch (error) {
    await store.dropGuestHoldTicket(database, id);
    throw error;
  }
}
