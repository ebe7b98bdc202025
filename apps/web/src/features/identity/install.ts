import i18next from 'i18next';
import { STORAGE_KEYS, type AppConfig } from '@careslot/contracts';
import { apiRequest, onUnauthorized } from '../../shared/api/client';
import { getSession, subscribeSession } from '../../shared/session/session';
import { EMPTY_PRACTICE, setPractice } from '../../shared/session/practice';
import { setHeaderState } from '../../shared/navigation/headerState';
import { practiceToLoad } from './practiceToLoad';
import { createAuthFailureHandler } from './authFailure';
import { setLoginHandler, setLogoutHandler, setRegistrationHandler } from '../../shared/session/authActions';
import { returnsToPageAfterLogin, signsOutInPlace, skipsPostLoginRedirect } from './urlRules';
import {
  bootstrapSession,
  decodeClaims,
  redirectToLogin,
  redirectToRegistration,
  signOut,
} from './identityClient';

let config: Promise<AppConfig> | null = null;
export const identityConfig = () => (config ??= apiRequest<AppConfig>('/api/app-config'));

let ready: Promise<void> = Promise.resolve();
let settled = true;
/** Settles once startup has restored the session (stored token, SessionId cookie) or taken a guest token. */
export const sessionReady = () => ready;
/** True once startup has finished, so guards need not wait (suspend) for it. */
export const isSessionSettled = () => settled;

/** Registers sign-in and sign-out for the header and pages, and restores or starts the session. */
export function installIdentity(): Promise<void> {
  setLoginHandler(async () => {
    // Signing in on a 'practice' or 'passport' page comes back to it instead of a dashboard (§2.2).
    const here = `${location.pathname}${location.search}`;
    if (returnsToPageAfterLogin(here)) sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, here);
    await redirectToLogin(await identityConfig(), { language: i18next.language });
  });
  // A guest who picked a time registers at the realm (patient-booking.md §4.3 step 8); Cancel there comes back
  // to the page of the pick, and the callback hands the held time to the booking form (§4.8 steps 5 and 8).
  setRegistrationHandler(async () => {
    await redirectToRegistration(await identityConfig(), {
      language: i18next.language,
      initiateUrl: location.href,
    });
  });
  setLogoutHandler(async () => {
    // On a 'passport' page the user goes to /vaccine-passport instead of the realm's logout (§4.3, §4.8).
    const passport = skipsPostLoginRedirect(location.pathname);
    await signOut(await identityConfig().catch(() => undefined), {
      realmLogout: !passport && !signsOutInPlace(location.pathname),
    });
    if (passport) location.assign('/vaccine-passport');
  });
  onUnauthorized(
    createAuthFailureHandler({
      claims: () => {
        const token = getSession().accessToken;
        return token ? decodeClaims(token) : null;
      },
      reload: () => location.reload(),
      // Signed out locally and at the server, then straight to the login URL (§4.8 authorization failure).
      logoutToLogin: async () => {
        const config = await identityConfig();
        await signOut(config, { realmLogout: false });
        await redirectToLogin(config, { language: i18next.language });
      },
      schedule: (run, delayMs) => void setTimeout(run, delayMs),
      now: () => Date.now(),
    }),
  );
  followPracticeOfSession();
  settled = false;
  ready = bootstrapSession()
    .catch(() => undefined)
    .finally(() => {
      settled = true;
    });
  return ready;
}

let practiceFollowed = false;
/**
 * Practice data on login (practice-portal.md §4.4): when the session becomes a practiceadmin, staff or
 * provider with an OrganizationId, the practice is loaded; at sign-out (or another user) it is emptied.
 */
function followPracticeOfSession() {
  if (practiceFollowed) return;
  practiceFollowed = true;
  let loadedFor: string | null = null;
  subscribeSession(() => {
    const organizationId = practiceToLoad(getSession().user);
    if (organizationId === loadedFor) return;
    loadedFor = organizationId;
    setPractice(EMPTY_PRACTICE);
    if (!organizationId) return;
    const user = getSession().user;
    // Loaded with the first practice session: patients and guests never download it (the patient pages' budget).
    void import('./practiceData')
      .then(({ loadPracticeData }) =>
        loadPracticeData(organizationId, apiRequest, user?.email ?? '', user?.roles ?? []),
      )
      .then(({ reputationEnabled, features, ...practice }) => {
        if (loadedFor !== organizationId) return;
        setPractice(practice);
        setHeaderState({ reputationEnabled, features });
      });
  });
}
