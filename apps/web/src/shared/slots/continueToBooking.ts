import { startRegistration } from '../session/authActions';

/** The first booking stage (patient-booking.md §2.1). */
export const BOOKING_FORM_PATH = '/book/book-appointment-form';

/**
 * Where a held time goes next (patient-booking.md §4.3 step 8): a signed-in user to the booking form (which
 * puts the practice's screening form first when one applies); a guest to registration at the identity
 * provider, the held time staying in the session (slot_info, slot_data) for the callback's hand-off to the
 * booking form (§4.8 steps 5 and 8). Without the identity feature the booking form's guard sends a guest to
 * /login instead.
 */
export async function continueToBooking(signedIn: boolean, navigate: (path: string) => void): Promise<void> {
  if (signedIn) return navigate(BOOKING_FORM_PATH);
  if (!(await startRegistration())) navigate(BOOKING_FORM_PATH);
}
