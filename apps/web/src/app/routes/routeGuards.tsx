import type { ReactNode } from 'react';
import { RequireAuthentication, RequireBookingFlow } from '../../features/identity/guards/Guards';

/** Route families behind the authentication guard (patient-booking.md §2.2). */
const AUTHENTICATED = ['patient/', 'dashboard/', 'reputation-management/'] as const;

/** The booking stages after the form (patient-booking.md §2.1): the booking-flow guard stands in front of them (§2.2). */
const BOOKING_FLOW = ['book/', 'screening-form', 'verification/'] as const;

/**
 * Practice-side route families: the single-sign-on bootstrap (silent probe) runs in front of them (§4.8). Their
 * routes' screens and guards load with the practice route module (routes/practiceScreens.tsx; decision 0075).
 */
const PRACTICE_SIDE = [
  'dashboard/',
  'practice-admin/',
  'staff-member/',
  'providers/',
  'super-user/',
  'support-agent/',
] as const;

export const isPracticeSide = (path: string) => PRACTICE_SIDE.some((prefix) => path.startsWith(prefix));

/**
 * The authentication and booking-flow guards a route family stands behind; on the practice side the practice
 * route module adds the permission guard inside them and the single-sign-on bootstrap in front.
 */
export function withPatientGuards(path: string, element: ReactNode): ReactNode {
  const inBooking = BOOKING_FLOW.some((prefix) => path.startsWith(prefix));
  const booking = inBooking ? <RequireBookingFlow>{element}</RequireBookingFlow> : element;
  return AUTHENTICATED.some((prefix) => path.startsWith(prefix)) ? (
    <RequireAuthentication>{booking}</RequireAuthentication>
  ) : (
    booking
  );
}
