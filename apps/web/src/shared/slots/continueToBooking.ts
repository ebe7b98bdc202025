import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { startRegistration } from '../session/authActions';
import { useSession } from '../session/session';

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

/**
 * Goes on to booking once a picked time is held and confirmed (no time-zone question left open): the
 * results cards and the profiles' calendars alike. Once per hold: registration starts a PKCE request whose
 * verifier a second start would replace.
 */
export function useContinueToBooking(ready: boolean): void {
  const navigate = useNavigate();
  const signedIn = useSession().user !== null;
  const continued = useRef(false);
  useEffect(() => {
    if (!ready) {
      continued.current = false;
      return;
    }
    if (continued.current) return;
    continued.current = true;
    void continueToBooking(signedIn, (path) => void navigate(path));
  }, [ready, signedIn, navigate]);
}
