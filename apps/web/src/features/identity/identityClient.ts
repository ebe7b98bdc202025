import {
  CSRF_HEADER,
  OAUTH_CLIENT_ID,
  OAUTH_SCOPE,
  STORAGE_KEYS,
  type AppConfig,
  type Role,
  type UserType,
} from '@careslot/contracts';
import { apiRequest, setTokenSource } from '../../shared/api/client';
import { getSession, setSession, type SessionUser } from '../../shared/session/session';
import { PENDING_SELECTION_KEY } from '../../shared/slots/pendingSelection';
import { encodeState } from './oauthState';
import { PROBED_KEY } from './silentProbe';
import { clearsStoredLoginOnLoad } from './urlRules';
import { challengeFor, createVerifier } from './pkce';

/**
 * What the product keeps after a sign-in (local storage login_response, patient-booking.md §3.1): the product
 * token only. The realm's ID token is never stored (decision 0034): it is not needed after sign-in.
 */
export interface LoginResponse {
  access_token: string;
  expires_in: number;
  token_type: string;
  application_id: string;
}

export interface TokenEnvelope {
  data: { access_token: string; expires_in: number; token_type: string; application_id: string };
}

interface Claims {
  exp?: number;
  sub?: string;
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  gender?: string;
  user_roles?: string[];
  user_type?: string;
  careslot_id?: string;
  PracticeId?: string;
  guest?: boolean;
  preferred_username?: string;
  mobile_number?: string;
  dob?: string;
  vendor_id?: string;
  electronic_claim_id?: string;
  invitation_id?: string;
  eula_accepted?: string;
  oha_accepted?: string;
}

export const OAUTH_STATE_KEY = 'oauth_state';
export const GUEST_TOKEN_KEY = 'guest_token';
/** The activation code of an invitation, kept between the activation-code question and the callback. */
export const INVITATION_KEY = 'invitation_id';

export function decodeClaims(token: string): Claims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return JSON.parse(json) as Claims;
  } catch {
    return null;
  }
}

/** Spec §5.2: valid only while now < exp × 1000 and carrying email, sub and user_roles. */
export function isValidUserToken(claims: Claims | null, now = Date.now()): claims is Claims {
  return (
    !!claims &&
    !!claims.exp &&
    now < claims.exp * 1000 &&
    !!claims.email &&
    !!claims.sub &&
    Array.isArray(claims.user_roles)
  );
}

export function userFromClaims(claims: Claims): SessionUser {
  return {
    userId: claims.careslot_id ?? null,
    identityProviderId: claims.sub ?? '',
    name: claims.name ?? `${claims.given_name ?? ''} ${claims.family_name ?? ''}`.trim(),
    email: claims.email ?? '',
    firstName: claims.given_name ?? '',
    lastName: claims.family_name ?? '',
    preferredName: null,
    gender: claims.gender ?? null,
    userType: (claims.user_type as UserType | undefined) ?? null,
    roles: (claims.user_roles ?? []) as Role[],
    organizationId: claims.PracticeId ?? null,
    photos: [],
  };
}

/**
 * The login of this page (§3.1's login_response), held in memory only (decision 0107, ASVS 14.3.3): no script
 * finds a product token in web storage. A reload gets a fresh one through the HttpOnly SessionId cookie
 * ('already logged in').
 */
let memoryLogin: LoginResponse | null = null;

/** Web storage of earlier versions held the token: it goes at start and at every sign-in. */
function forgetStoredTokens() {
  localStorage.removeItem(STORAGE_KEYS.local.loginResponse);
  sessionStorage.removeItem(STORAGE_KEYS.session.token);
}

/** True while this page's login holds a valid user token (§5.2). */
export function hasValidStoredLogin(now = Date.now()): boolean {
  return !!memoryLogin && isValidUserToken(decodeClaims(memoryLogin.access_token), now);
}

/** Makes a product token the session's: the API client sends it and the header shows the user. */
export function applyProductToken(login: LoginResponse) {
  const claims = decodeClaims(login.access_token);
  if (!isValidUserToken(claims)) return false;
  const { access_token, expires_in, token_type, application_id } = login;
  memoryLogin = { access_token, expires_in, token_type, application_id };
  forgetStoredTokens();
  if (claims.user_type) localStorage.setItem(STORAGE_KEYS.local.userType, claims.user_type);
  setSession({ user: userFromClaims(claims), accessToken: login.access_token, isGuest: false });
  return true;
}

/** The calls the SessionId cookie authenticates carry the CSRF header (decision 0107). */
const SESSION_CALL = { method: 'POST', headers: { [CSRF_HEADER.name]: CSRF_HEADER.value } } as const;

async function applyGuestToken() {
  // A sign-in that finished meanwhile (the /callback page) wins over a guest token.
  const keepUser = () => getSession().user !== null;
  if (keepUser()) return;
  const cached = sessionStorage.getItem(GUEST_TOKEN_KEY);
  const cachedClaims = cached ? decodeClaims(cached) : null;
  if (cached && cachedClaims?.exp && Date.now() < cachedClaims.exp * 1000) {
    setSession({ user: null, accessToken: cached, isGuest: true });
    return;
  }
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await apiRequest<TokenEnvelope>('/api/account/login/guest', {
    method: 'POST',
    query: { timeZone },
  });
  sessionStorage.setItem(GUEST_TOKEN_KEY, response.data.access_token);
  if (keepUser()) return;
  setSession({ user: null, accessToken: response.data.access_token, isGuest: true });
}

/**
 * Startup (patient-booking.md §4.8): a stored valid token; else 'already logged in' through the SessionId
 * cookie; else a guest token.
 */
export async function bootstrapSession(): Promise<void> {
  setTokenSource(() => getSession().accessToken);
  forgetStoredTokens();
  if (clearsStoredLoginOnLoad(location.pathname)) {
    memoryLogin = null;
    localStorage.removeItem(STORAGE_KEYS.local.userType);
    // A message link acts for the patient it names, not for whoever is signed in here: the page stays a guest's
    // (no sign-in again through the session cookie).
    await applyGuestToken().catch(() => undefined);
    return;
  }
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const again = await apiRequest<TokenEnvelope | undefined>('/api/account/is-already-loggedin', {
      ...SESSION_CALL,
      query: { timeZone },
    });
    if (getSession().user) return;
    if (again?.data && applyProductToken(again.data)) return;
  } catch {
    // No session: continue as a guest.
  }
  await applyGuestToken().catch(() => undefined);
}

export interface AuthorizationOptions {
  loginHint?: string | undefined;
  /** Registration at the realm (prompt=create), started from initiateUrl. */
  register?: boolean;
  initiateUrl?: string;
  /** The silent single-sign-on probe (prompt=none). */
  silent?: boolean;
  language?: string | undefined;
  /** The social-login provider the realm sends the browser on to at once (kc_idp_hint, as Keycloak names it). */
  identityProviderHint?: string;
}

/** The authorization request URL of the realm, with PKCE S256; the verifier and state are kept for /callback. */
export async function authorizationUrl(
  config: AppConfig,
  options: AuthorizationOptions = {},
): Promise<string> {
  const verifier = createVerifier();
  // Registration state of §3.1: profileMode basic, the session id, selfInitiated.
  const state = encodeState({
    nonce: createVerifier(),
    ...(options.register
      ? {
          profileMode: 'basic' as const,
          selfInitiated: true,
          sessionId: sessionStorage.getItem(STORAGE_KEYS.session.sessionId) ?? createVerifier(),
        }
      : {}),
  });
  sessionStorage.setItem(STORAGE_KEYS.session.codeVerifier, verifier);
  sessionStorage.setItem(OAUTH_STATE_KEY, state);
  const params = new URLSearchParams({
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: `${location.origin}/callback`,
    response_type: 'code',
    scope: OAUTH_SCOPE,
    code_challenge: await challengeFor(verifier),
    code_challenge_method: 'S256',
    state,
  });
  if (options.loginHint) params.set('login_hint', options.loginHint);
  if (options.language) params.set('ui_locales', options.language);
  if (options.identityProviderHint) params.set('kc_idp_hint', options.identityProviderHint);
  if (options.register) {
    params.set('prompt', 'create');
    params.set('initiate_url', options.initiateUrl ?? location.href);
  } else if (options.silent) params.set('prompt', 'none');
  return `${config.oidc.issuer}/protocol/openid-connect/auth?${params.toString()}`;
}

/** Starts the authorization code flow with PKCE at the realm (login, or registration with prompt=create). */
export async function redirectToLogin(config: AppConfig, options: AuthorizationOptions = {}) {
  location.assign(await authorizationUrl(config, options));
}

/** Starts registration at the realm (prompt=create with initiate_url), patient-booking.md §7. */
export function redirectToRegistration(
  config: AppConfig,
  options: Omit<AuthorizationOptions, 'register'> = {},
) {
  return redirectToLogin(config, { ...options, register: true });
}

/**
 * Sign-out (§4.8): the server session ends, local state is cleared, a guest token is requested, and the
 * browser passes by the realm's logout so its session cookie goes too.
 */
export async function signOut(
  config: AppConfig | undefined,
  options: { realmLogout?: boolean } = {},
): Promise<void> {
  // The times this account holds go back while its token still proves it (issue 17 item 2).
  await apiRequest('/careslot-calendar/api/v2/slot/release-all', { method: 'POST' }).catch(() => undefined);
  await apiRequest('/api/account/logout', SESSION_CALL).catch(() => undefined);
  memoryLogin = null;
  // Every storage key of the spec goes with the user (§9 storage keys, §4.8 sign-out): the stored login,
  // permissions (user_type), popups, counts, redirect data, the PKCE verifier, booking and search state.
  for (const key of Object.values(STORAGE_KEYS.local)) localStorage.removeItem(key);
  for (const key of [
    ...Object.values(STORAGE_KEYS.session),
    INVITATION_KEY,
    PROBED_KEY,
    OAUTH_STATE_KEY,
    GUEST_TOKEN_KEY,
    PENDING_SELECTION_KEY,
  ])
    sessionStorage.removeItem(key);
  setSession({ user: null, accessToken: null, isGuest: true });
  await applyGuestToken().catch(() => undefined);
  if (config && options.realmLogout !== false) {
    const params = new URLSearchParams({
      client_id: OAUTH_CLIENT_ID,
      post_logout_redirect_uri: `${location.origin}/`,
    });
    location.assign(`${config.oidc.issuer}/protocol/openid-connect/logout?${params.toString()}`);
  }
}
