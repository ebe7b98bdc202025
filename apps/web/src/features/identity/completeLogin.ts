import { ACCOUNT_PATHS, OAUTH_CLIENT_ID, STORAGE_KEYS, type AppConfig } from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';
import { getSession } from '../../shared/session/session';
import { holdLimit } from '../../shared/slots/holds';
import { loadPendingSelection } from '../../shared/slots/pendingSelection';
import {
  completeSignup,
  handOverGuestHolds,
  needsSignup,
  registrationCalls,
  SignupFailure,
} from './callbackSteps';
import {
  applyProductToken,
  decodeClaims,
  GUEST_TOKEN_KEY,
  hasValidStoredLogin,
  isValidUserToken,
  OAUTH_STATE_KEY,
  type LoginResponse,
  type TokenEnvelope,
} from './identityClient';
import { PROBED_KEY } from './silentProbe';
import { checkPractitionerLogin, type PractitionerLoginFailure } from './practitionerLogin';

// The identity-provider callback (/callback) on its own: only the callback page loads it, not every page.

export type CallbackOutcome =
  | { kind: 'signed-in'; roles: string[]; redirect: string | null; timezoneFailed?: true }
  /** A practitioner the product refuses (no practitioner role, or the roles could not be read): LOGIN_FAILED. */
  | { kind: 'refused'; failure: PractitionerLoginFailure }
  | { kind: 'go-home'; failure?: SignupFailure['step'] }
  | { kind: 'go-back' };

/** The identity-provider callback, steps 1-4 of §4.8, then the product token and the session. */
export async function completeLogin(config: AppConfig, search: URLSearchParams): Promise<CallbackOutcome> {
  if (
    search.get('error') === 'temporarily_unavailable' &&
    search.get('error_description') === 'authentication_expired'
  )
    return { kind: 'go-home' };
  // A silent probe (prompt=none) without a realm session comes back with login_required: back to return_url.
  if (['login_required', 'interaction_required', 'consent_required'].includes(search.get('error') ?? ''))
    return { kind: 'go-back' };
  if (search.get('error')) return { kind: 'go-home' };
  // Step 2: already logged in (a reload of /callback, a second tab): back to return_url.
  if (getSession().user && hasValidStoredLogin()) return { kind: 'go-back' };
  const code = search.get('code');
  const verifier = sessionStorage.getItem(STORAGE_KEYS.session.codeVerifier);
  const expectedState = sessionStorage.getItem(OAUTH_STATE_KEY);
  if (!code || !verifier) return { kind: 'go-back' };
  if (!expectedState || search.get('state') !== expectedState) return { kind: 'go-home' };
  sessionStorage.removeItem(STORAGE_KEYS.session.codeVerifier);
  sessionStorage.removeItem(OAUTH_STATE_KEY);

  // The code exchange goes through the product's rerouted token route (§7: {p}-identity/api/openid-connect/token).
  const tokenResponse = await fetch(ACCOUNT_PATHS.identityToken, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: OAUTH_CLIENT_ID,
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${location.origin}/callback`,
      code_verifier: verifier,
    }),
  });
  if (!tokenResponse.ok) return { kind: 'go-home' };
  const realm = (await tokenResponse.json()) as {
    access_token?: string;
    id_token?: string;
    refresh_token?: string;
  };
  if (!realm.access_token) return { kind: 'go-home' };

  const product = await apiRequest<TokenEnvelope>('/api/account/exchange-token', {
    method: 'POST',
    body: { SubjectToken: realm.access_token },
  });
  // The realm's ID token is not kept (decision 0034); the product token is the session's.
  const login: LoginResponse = product.data;
  const claims = decodeClaims(login.access_token);
  // A new patient's token (no patient id yet) only carries the sign-up calls; the refreshed one becomes the session's.
  const registration = claims && needsSignup(claims) ? registrationCalls(login.access_token) : null;
  if (registration ? !isValidUserToken(claims) : !applyProductToken(login)) return { kind: 'go-home' };
  // The guest token proves which holds this browser made before signing in (the pending slot hand-off).
  const guestToken = sessionStorage.getItem(GUEST_TOKEN_KEY);
  sessionStorage.removeItem(GUEST_TOKEN_KEY);
  sessionStorage.removeItem(PROBED_KEY);
  // Step 5: the selection of a hold made before sign-in is loaded back for the booking form.
  loadPendingSelection();
  // Steps 5-9: existing user, invited user, new user (sign-up, settings, agreements, pending slot).
  let outcome;
  try {
    outcome = await completeSignup(
      claims ?? {},
      (token) => {
        const refreshed: LoginResponse = token;
        registration?.done();
        return applyProductToken(refreshed) ? decodeClaims(refreshed.access_token) : null;
      },
      registration?.api,
    );
  } catch (error) {
    // Step 10: any other failure goes home; a failed sign-up or registration is said (§8).
    return { kind: 'go-home', failure: error instanceof SignupFailure ? error.step : 'signup' };
  }
  if (outcome.redirect && (await handOverGuestHolds(guestToken)) === 'refused')
    askAboutRefusedHandOver(guestToken);
  const final = decodeClaims(getSession().accessToken ?? login.access_token);
  // The product login of a practitioner: their practitioner roles are required (§4.8 "Login", §6).
  const refusal = await checkPractitionerLogin(final ?? {}, apiRequest, config.ehrSystemUrl);
  if (refusal) return { kind: 'refused', failure: refusal };
  return {
    kind: 'signed-in',
    roles: final?.user_roles ?? [],
    redirect: outcome.redirect,
    ...(outcome.timezoneFailed ? { timezoneFailed: true as const } : {}),
  };
}

/**
 * The guest's time was not handed over to the account (it already holds the most times at once, issue 30
 * item 4): the booking form must not claim it is held. The selection is set aside and the patient is asked at
 * once to release their other holds; released, the hand-over is tried again and the booking form shows the
 * time; kept (or still refused), the selection is given up and the booking form says no time is held.
 */
function askAboutRefusedHandOver(guestToken: string | null) {
  const selection = sessionStorage.getItem(STORAGE_KEYS.session.slotData);
  sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
  const giveUp = () => {
    sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
    sessionStorage.removeItem(STORAGE_KEYS.session.slotInfo);
  };
  holdLimit.ask(() => {
    if (selection) sessionStorage.setItem(STORAGE_KEYS.session.slotData, selection);
    void handOverGuestHolds(guestToken).then((again) => {
      if (again !== 'handed') return giveUp();
      // The booking screens read the held time once, as they open.
      window.location.reload();
    });
  }, giveUp);
}
