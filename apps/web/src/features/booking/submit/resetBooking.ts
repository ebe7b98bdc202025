import { STORAGE_KEYS } from '@careslot/contracts';

/** The book-appointment state (3.10) the screens before this one keep in sessionStorage. */
const BOOKING_STATE_KEYS = [
  'book_appointment_state',
  STORAGE_KEYS.session.slotData,
  STORAGE_KEYS.session.slotInfo,
];

/** Resets the booking state (3.10 'The state can be reset'): after a booking, a duplicate, or 'not now'. */
export function resetBookingState(): void {
  for (const key of BOOKING_STATE_KEYS) sessionStorage.removeItem(key);
}
