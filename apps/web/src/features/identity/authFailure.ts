import { LOGOUT_AFTER_LOGIN_FAILURE_MS } from '@careslot/contracts';
import type { ApiError } from '../../shared/api/client';

interface TokenClaims {
  exp?: number;
  guest?: boolean;
  preferred_username?: string;
}

export interface AuthFailureDeps {
  /** The claims of the token the failed call carried (the session's). */
  claims: () => TokenClaims | null;
  /** Reloads the page (a service account gets a fresh token from its host page). */
  reload: () => void;
  /** Signs out, clears the redirect state and opens the login URL. */
  logoutToLogin: () => Promise<void>;
  schedule: (run: () => void, delayMs: number) => void;
  now: () => number;
}

/**
 * Authorization failure on any call (patient-booking.md §4.8): a 401, or a 403 with an expired token,
 * reloads the page for a service-account token; otherwise the user is signed out and sent to the login
 * URL, LOGOUT_AFTER_LOGIN_FAILURE_MS (2000 ms, §9) later so the failure's message can be read. A 403 with
 * a live token is a refusal of that one call, not a lost session.
 */
export function createAuthFailureHandler(deps: AuthFailureDeps): (error: ApiError) => void {
  let pending = false;
  return (error) => {
    const claims = deps.claims();
    if (!claims || claims.guest) return;
    const expired = !claims.exp || deps.now() >= claims.exp * 1000;
    if (error.status === 403 && !expired) return;
    if (claims.preferred_username?.startsWith('service-account-')) {
      deps.reload();
      return;
    }
    if (pending) return;
    pending = true;
    deps.schedule(() => {
      void deps.logoutToLogin().finally(() => {
        pending = false;
      });
    }, LOGOUT_AFTER_LOGIN_FAILURE_MS);
  };
}
