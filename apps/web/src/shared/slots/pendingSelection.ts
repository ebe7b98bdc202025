import { STORAGE_KEYS } from '@careslot/contracts';

/**
 * Where a guest's selection waits while they sign in. 'Login with {product}', the header's Login and Sign Up
 * clear the session's slot_data (patient-booking.md §2.7, §2.3), yet the callback's step 5 (§4.8) still finds a
 * guest's pending hold (slot_info) and "loads the slot data" for the booking form: the selection of that hold is
 * kept here until then.
 */
export const PENDING_SELECTION_KEY = 'pending_slot_data';

/**
 * Clears slot_data as sign-in and sign-up do; when a guest's hold is pending (slot_info), its selection is kept
 * aside for the callback (loadPendingSelection).
 */
export function clearSlotDataForSignIn(): void {
  const selection = sessionStorage.getItem(STORAGE_KEYS.session.slotData);
  if (selection && sessionStorage.getItem(STORAGE_KEYS.session.slotInfo))
    sessionStorage.setItem(PENDING_SELECTION_KEY, selection);
  sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
}

/**
 * §4.8 step 5: the slot data of a pending hold is loaded back for the booking form and cleared from where it
 * waited. Only while the hold itself (slot_info) is still pending; a selection already in place stays.
 */
export function loadPendingSelection(): void {
  const selection = sessionStorage.getItem(PENDING_SELECTION_KEY);
  sessionStorage.removeItem(PENDING_SELECTION_KEY);
  if (!selection || !sessionStorage.getItem(STORAGE_KEYS.session.slotInfo)) return;
  if (!sessionStorage.getItem(STORAGE_KEYS.session.slotData))
    sessionStorage.setItem(STORAGE_KEYS.session.slotData, selection);
}
