import {
  ACCOUNT_PATHS,
  STORAGE_KEYS,
  type Agreement,
  type Invitation,
  type ProductTokenResponse,
  type SignupPatient,
} from '@careslot/contracts';
import { apiRequest, type RequestOptions } from '../../shared/api/client';
import { currentLanguage } from '../../shared/i18n/i18n';
import { INVITATION_KEY } from './identityClient';
import { patientFromClaims, patientFromInvitation, type NewUserClaims } from './signupPatient';

/** Where a pending slot hand-off continues (patient-booking.md §2.1, first booking stage). */
export const BOOKING_FORM_PATH = '/book/book-appointment-form';

export interface SignedInClaims extends NewUserClaims {
  sub?: string;
  careslot_id?: string;
  vendor_id?: string;
  invitation_id?: string;
  user_type?: string;
  user_roles?: string[];
  eula_accepted?: string;
  oha_accepted?: string;
}

type Api = <T>(path: string, options?: RequestOptions) => Promise<T>;

/**
 * A slot held before sign-in is pending when the session keeps it (§4.8 steps 5 and 8): the slot picker
 * stores the hold as slot_info while signed out and the selection as slot_data, which the booking form
 * reads. Both stay where they are for the booking form; this only tells the callback where to go.
 */
export function handOffPendingSlot(): boolean {
  return (
    !!sessionStorage.getItem(STORAGE_KEYS.session.slotData) ||
    !!sessionStorage.getItem(STORAGE_KEYS.session.slotInfo)
  );
}

/** slot/hand-over: the guest session's holds become the signed-in session's. */
export const SLOT_HAND_OVER_PATH = '/careslot-calendar/api/v2/slot/hand-over';

/**
 * What became of the pending slot hand-off: nothing was pending ('none'), the time is now the account's
 * ('handed'), or the server moved nothing ('refused': the account already holds the most times at once, or
 * the guest's hold ran out), so the time is not held (issue 30 item 4). A failed call is 'unknown': the
 * booking's own slot check decides at the end (§4.2 step 9).
 */
export type HandOverOutcome = 'none' | 'handed' | 'refused' | 'unknown';

/**
 * The pending slot hand-off (§4.8 steps 5 and 8): a time held as a guest was held for the guest token's
 * session; once signed in (or registered) the browser's calls carry the account's token, so the hold is
 * handed over to it, proved by the guest token the browser kept. Without it the held time would look lost
 * at the last booking step.
 */
export async function handOverGuestHolds(
  guestToken: string | null,
  api: Api = apiRequest,
): Promise<HandOverOutcome> {
  if (!guestToken || !handOffPendingSlot()) return 'none';
  try {
    const answer = await api<{ HandedOver: number }>(SLOT_HAND_OVER_PATH, {
      method: 'POST',
      body: { GuestToken: guestToken },
    });
    return answer.HandedOver > 0 ? 'handed' : 'refused';
  } catch {
    return 'unknown';
  }
}

/** Step 5: a user the product already knows ({p}_id, vendor_id or the super-user role). */
export function isExistingUser(claims: SignedInClaims): boolean {
  return (
    !!claims.careslot_id ||
    !!claims.vendor_id ||
    (claims.user_roles ?? []).some((role) => role.toLowerCase() === 'superuser')
  );
}

/**
 * Step 9: the unsigned agreements get the answers the user gave at registration (eula_accepted and
 * oha_accepted 'true' → Accepted, anything else → Declined). Only with a {p}_id; failures are ignored.
 */
export async function processAgreements(claims: SignedInClaims, api: Api = apiRequest): Promise<void> {
  const userId = claims.careslot_id;
  if (!userId) return;
  try {
    const unsigned = await api<Agreement[]>(ACCOUNT_PATHS.unsignedAgreements, {
      method: 'POST',
      body: { userId },
    });
    for (const agreement of unsigned) {
      const accepted = (agreement.Type === 'eula' ? claims.eula_accepted : claims.oha_accepted) === 'true';
      await api(ACCOUNT_PATHS.userAgreement, {
        method: 'POST',
        body: { AgreementId: agreement.Id, UserId: userId, Status: accepted ? 'Accepted' : 'Declined' },
      }).catch(() => undefined);
    }
  } catch {
    // §8: agreement errors are ignored.
  }
}

/** Steps 7-9 apply: a patient the product does not know yet signs up before the sign-in completes. */
export function needsSignup(claims: SignedInClaims): boolean {
  return !isExistingUser(claims) && claims.user_type === 'Patient';
}

/**
 * The calls of a registration carry the realm sign-in's product token, which has no patient id yet, without
 * making it the session's: the app counts the user as signed in only with the refreshed token that has one, so
 * nothing (a header link followed meanwhile, a reload, another tab) acts as a patient without a patient record.
 * `done` hands the calls back to the session's token once the refreshed one is applied.
 */
export function registrationCalls(token: string, api: Api = apiRequest): { api: Api; done: () => void } {
  let bearer: string | null = token;
  const call = <T>(path: string, options: RequestOptions = {}) =>
    api<T>(path, bearer ? { ...options, token: bearer } : options);
  return {
    api: call,
    done: () => {
      bearer = null;
    },
  };
}

export interface SignupOutcome {
  /** The refreshed product token (with {p}_id) after a sign-up, or null when none was needed. */
  token: ProductTokenResponse['data'] | null;
  /** Where to go instead of the role's landing page: the booking form with a pending slot. */
  redirect: string | null;
  /** The new patient's notification settings (time zone, SMS alerts) could not be saved: 'Failed to set timezone.' */
  timezoneFailed?: true;
}

/**
 * Why a new user's sign-up failed (§8 "Sign-in and account"): 'signup' when the sign-up call is refused
 * ('Signup failed.'), 'registration' when it answered but the new patient's session could not be made from
 * its token ('User registration failed.'). The callback says so and goes home (§4.8 step 10).
 */
export class SignupFailure extends Error {
  constructor(readonly step: 'signup' | 'registration') {
    super(step === 'signup' ? 'Signup failed.' : 'User registration failed.');
  }
}

/**
 * Steps 5-9 of the identity-provider callback (§4.8) once the product token is in place: an existing user
 * just logs in (with the slot hand-off); an invited or new user gets a patient built from the invitation or
 * the token, signs up, and the refreshed token gets notification settings (SMS alerts on) and agreements.
 * `applyToken` makes the refreshed token the session's before the calls that need the patient id.
 */
export async function completeSignup(
  claims: SignedInClaims,
  applyToken: (token: ProductTokenResponse['data']) => SignedInClaims | null,
  api: Api = apiRequest,
): Promise<SignupOutcome> {
  if (isExistingUser(claims) || claims.user_type !== 'Patient') {
    return { token: null, redirect: handOffPendingSlot() ? BOOKING_FORM_PATH : null };
  }
  const invitationId = claims.invitation_id ?? sessionStorage.getItem(INVITATION_KEY);
  // The language they signed up in is kept as theirs: their messages are written in it (issue 30, item 6).
  let patient: SignupPatient = { ...patientFromClaims(claims), Communication: [currentLanguage()] };
  if (invitationId) {
    try {
      const invitation = await api<{ data: Invitation }>(
        `${ACCOUNT_PATHS.invitation}/${encodeURIComponent(invitationId)}`,
      );
      if (invitation.data.Status === 'Pending')
        patient = { ...patientFromInvitation(invitation.data, claims), Communication: patient.Communication };
    } catch {
      // A failed look-up is ignored (§8): the patient is built from the token instead.
    }
  }
  const signed = await api<ProductTokenResponse>(ACCOUNT_PATHS.signup, {
    method: 'POST',
    body: patient,
  }).catch(() => {
    throw new SignupFailure('signup');
  });
  sessionStorage.removeItem(INVITATION_KEY);
  // The refreshed token is the new patient's session: without it (or without the patient id) the user is not registered.
  const refreshed = applyToken(signed.data);
  const patientId = refreshed?.careslot_id;
  if (!refreshed || !patientId) throw new SignupFailure('registration');
  // Step 8: notification settings with the guessed time zone and SMS alerts on; a failure is said, not fatal.
  const timezoneSaved = await api(ACCOUNT_PATHS.patientSettings, {
    method: 'POST',
    body: { PatientId: patientId, TimeZone: patient.TimeZone ?? 'UTC', SmsAlertsEnabled: true },
  }).then(
    () => true,
    () => false,
  );
  const pending = handOffPendingSlot();
  await processAgreements(refreshed, api);
  return {
    token: signed.data,
    redirect: pending ? BOOKING_FORM_PATH : null,
    ...(timezoneSaved ? {} : { timezoneFailed: true as const }),
  };
}
