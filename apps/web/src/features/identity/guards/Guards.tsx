import { use, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { hasValidStoredLogin } from '../identityClient';
import { isSessionSettled, sessionReady } from '../install';
import {
  authenticationGuard,
  bookingFlowGuard,
  guestOnlyGuard,
  permissionGuard,
  type GuardVerdict,
  type PermissionRouteData,
} from './guardRules';

/** Guards decide once startup has restored the session (a returning browser's SessionId cookie is async). */
function useReadySession() {
  if (!isSessionSettled()) use(sessionReady());
  return useSession();
}

function Verdict({ verdict, children }: { verdict: GuardVerdict; children: ReactNode }) {
  if (!verdict.allow) return <Navigate to={verdict.redirectTo} replace />;
  return children;
}

/**
 * Route wrapper: the authentication guard (patient, dashboard, reputation-management). `loginPath`: the login
 * variant to send a signed-out user to (the patient review's feedback login, §2.7), else /login.
 */
export function RequireAuthentication({ children, loginPath }: { children: ReactNode; loginPath?: string }) {
  const session = useReadySession();
  const verdict = authenticationGuard(session);
  return (
    <Verdict verdict={!verdict.allow && loginPath ? { allow: false, redirectTo: loginPath } : verdict}>
      {children}
    </Verdict>
  );
}

/**
 * The booking state holds appointment info while a slot is picked or handed over (slot_info, slot_data) and
 * once the booking form has filled it (the booking feature's book_appointment_state).
 */
const bookingStateHasAppointment = () =>
  !!sessionStorage.getItem(STORAGE_KEYS.session.slotInfo) ||
  !!sessionStorage.getItem(STORAGE_KEYS.session.slotData) ||
  !!sessionStorage.getItem('book_appointment_state');

/** Route wrapper: the booking-flow guard; `hasAppointmentInfo` lets the booking feature supply its own state. */
export function RequireBookingFlow({
  children,
  hasAppointmentInfo = bookingStateHasAppointment,
}: {
  children: ReactNode;
  hasAppointmentInfo?: () => boolean;
}) {
  const session = useReadySession();
  return <Verdict verdict={bookingFlowGuard(session, hasAppointmentInfo())}>{children}</Verdict>;
}

/** Route wrapper: the guest-only guard (login and sign-up screens). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useReadySession();
  return <Verdict verdict={guestOnlyGuard(session, hasValidStoredLogin())}>{children}</Verdict>;
}

/** Route wrapper: the permission guard with the route's data (permissions, optional redirectTo). */
export function RequirePermission({ children, ...data }: PermissionRouteData & { children: ReactNode }) {
  const session = useReadySession();
  return <Verdict verdict={permissionGuard(() => session.user?.roles ?? [], data)}>{children}</Verdict>;
}

/**
 * Route wrapper of the vaccination passport (patient-booking.md §1, §2.7): a signed-in patient sees the page;
 * anyone else the login screen's passport variant (which signs a non-patient out first).
 */
export function PatientOr({ children, otherwise }: { children: ReactNode; otherwise: ReactNode }) {
  const session = useReadySession();
  return session.user?.roles.includes('patient') ? children : otherwise;
}
