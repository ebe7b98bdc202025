import { homeForRoles, LOGIN_LANDING_ORDER } from '../../../shared/session/roleHome';
import type { SessionState } from '../../../shared/session/session';

/** A guard's verdict: let the route render, or send the browser elsewhere. */
export type GuardVerdict = { allow: true } | { allow: false; redirectTo: string };

const allow: GuardVerdict = { allow: true };
const redirect = (redirectTo: string): GuardVerdict => ({ allow: false, redirectTo });

/** Authentication guard (patient-booking.md §2.2): a UserId in the session, else /login. */
export function authenticationGuard(session: SessionState): GuardVerdict {
  return session.user?.userId ? allow : redirect('/login');
}

/**
 * Booking-flow guard (§2.2): a logged-in user id or the authenticated flag, plus appointment info in the
 * booking state; otherwise /login.
 */
export function bookingFlowGuard(session: SessionState, hasAppointmentInfo: boolean): GuardVerdict {
  const authenticated = !!session.user?.userId || (!!session.user && !session.isGuest);
  return authenticated && hasAppointmentInfo ? allow : redirect('/login');
}

/** Guest-only guard (§2.2): with a valid token already, the user goes to their home. */
export function guestOnlyGuard(session: SessionState, hasValidUserToken: boolean): GuardVerdict {
  if (!hasValidUserToken || !session.user) return allow;
  return redirect(homeForRoles(session.user.roles, LOGIN_LANDING_ORDER) ?? '/');
}

export interface PermissionRouteData {
  /** Any one of these permissions (the token's user_roles, compared case-insensitively) opens the route. */
  permissions: readonly string[];
  redirectTo?: string;
}

/**
 * Permission guard (§2.2): the token's user_roles are the permissions; a failed check redirects to
 * redirectTo when given (else home), an error during the check goes to /login.
 */
export function permissionGuard(readRoles: () => readonly string[], data: PermissionRouteData): GuardVerdict {
  let roles: readonly string[];
  try {
    roles = readRoles();
  } catch {
    return redirect('/login');
  }
  const held = new Set(roles.map((role) => role.toLowerCase()));
  if (data.permissions.some((permission) => held.has(permission.toLowerCase()))) return allow;
  return redirect(data.redirectTo ?? '/');
}
