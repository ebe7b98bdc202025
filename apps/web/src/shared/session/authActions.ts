import { setSession } from './session';

/**
 * Sign-in and sign-out are owned by the identity feature, but the header, the home page and the
 * start-survey route trigger them. Shared code may not import a feature, so the feature registers its
 * handlers here at start-up and the triggers call through this registry.
 */
type LoginHandler = () => void | Promise<void>;
type LogoutHandler = () => Promise<void>;

let loginHandler: LoginHandler | null = null;
let registrationHandler: LoginHandler | null = null;
let logoutHandler: LogoutHandler | null = null;

export function setLoginHandler(handler: LoginHandler | null) {
  loginHandler = handler;
}

export function setRegistrationHandler(handler: LoginHandler | null) {
  registrationHandler = handler;
}

export function setLogoutHandler(handler: LogoutHandler | null) {
  logoutHandler = handler;
}

/**
 * Starts sign-in. Returns false when no identity handler is registered yet, so the caller falls back
 * to the /login route.
 */
export async function startLogin(): Promise<boolean> {
  if (!loginHandler) return false;
  await loginHandler();
  return true;
}

/**
 * Starts registration at the identity provider (prompt=create), coming back to the current page when the
 * user cancels there. Returns false when no identity handler is registered yet, so the caller falls back.
 */
export async function startRegistration(): Promise<boolean> {
  if (!registrationHandler) return false;
  await registrationHandler();
  return true;
}

/** Signs the user out; resolves once no user id remains, so the caller can navigate. */
export async function logout(): Promise<void> {
  if (logoutHandler) {
    await logoutHandler();
    return;
  }
  // Without the identity feature there is no server session to end, only the local one.
  setSession({ user: null, accessToken: null, isGuest: true });
}
