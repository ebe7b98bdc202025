import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { recoveryPath } from './recoveryPaths';
import { readRecovery } from './recoveryState';

/**
 * The verification guards of patient-booking.md §2.2 for password recovery: verify-code needs the
 * e-mail looked up (the user being recovered), reset-password needs the code verified. Failing either
 * sends the user to forgot-password, on the same path family (§2.8).
 */
export function RequireRecoveryUser({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!readRecovery()) return <Navigate to={recoveryPath(pathname, 'forgot-password')} replace />;
  return children;
}

export function RequireVerifiedRecovery({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const state = readRecovery();
  if (!state?.verified || !state.code)
    return <Navigate to={recoveryPath(pathname, 'forgot-password')} replace />;
  return children;
}
