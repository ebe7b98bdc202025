import { Navigate, useLocation } from 'react-router';
import { homeForRoles, LOGIN_LANDING_ORDER, PATIENT_PORTAL_BASE } from '../../../shared/session/roleHome';
import { useSession } from '../../../shared/session/session';

/**
 * Route-map families whose page already lives at another address (decision 0041): each answers by going
 * there, keeping the query (an invitation code, a language), so none of them ends on the 404 page.
 */
export function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** /user: the signed-in user's own home by role (landing order, patient first); a guest signs in first. */
export function UserHome() {
  const { user } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  return <Navigate to={homeForRoles(user.roles, LOGIN_LANDING_ORDER) ?? '/'} replace />;
}

/** /patient/...: the patient's pages are the built-in portal (/portal) and its settings (/portal/profile). */
export function PatientPages() {
  const { pathname } = useLocation();
  const settings = /^\/patient\/settings(\/|$)/.test(pathname);
  return <Navigate to={settings ? `${PATIENT_PORTAL_BASE}/profile` : PATIENT_PORTAL_BASE} replace />;
}
