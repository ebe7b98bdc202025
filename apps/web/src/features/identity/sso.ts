import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  SINGLE_SIGN_ON_WORKFLOW,
  STORAGE_KEYS,
  type Appointment as AppointmentRecord,
} from '@careslot/contracts';
import { apiRequest, type RequestOptions } from '../../shared/api/client';
import { homeForRoles, HEADER_LINK_ORDER } from '../../shared/session/roleHome';
import {
  findPractitioner,
  practiceOfClaims,
  practitionerRoles,
  type PractitionerClaims,
} from './practitionerLogin';

/** Messages of practitioner single sign-on (patient-booking.md §8 "Sign-in and account"), as keys. */
export type SsoFailure = 'tokenNotFound' | 'practitionerNotFound' | 'loginFailed' | 'invalid';

export type SsoOutcome = { ok: true; to: string } | { ok: false; failure: SsoFailure };

type Claims = PractitionerClaims;

export interface SsoDeps {
  api: <T>(path: string, options?: RequestOptions) => Promise<T>;
  decode: (token: string) => Claims | null;
  /** The legacy EHR's system-identifier URL (app config), for the legacy practitioner identifier. */
  ehrSystemUrl: string;
  /** Makes a product token the session's (in memory, decision 0107); false when it is not a valid user token. */
  apply: (token: {
    access_token: string;
    expires_in: number;
    token_type: string;
    application_id: string;
  }) => boolean;
  /** The session's practice is the organization a legacy EHR practice number resolved to. */
  setOrganization?: (organizationId: string) => void;
  /** Failures the spec only logs ('Participant not found'). */
  log?: (message: string) => void;
}

/** The parts of GET Appointments/{id} (its data) that single sign-on reads. */
type Appointment = Pick<AppointmentRecord, 'Id' | 'Participants'> & {
  VirtualServiceDetail?: { MeetingId: string | null };
};

/**
 * Practitioner single sign-on at /sso (§4.8): the token of the URL fragment becomes the session's (exchanged
 * for a product token when it has no {p}_id), the practitioner and their roles are resolved, then the
 * browser goes to the video meeting of the appointment (Host for providers, Staff otherwise) or the dashboard.
 */
export async function practitionerSso(
  token: string | null,
  appointmentId: string | null,
  deps: SsoDeps,
): Promise<SsoOutcome> {
  if (!token) return { ok: false, failure: 'tokenNotFound' };
  let claims = deps.decode(token);
  // Step 6: a token without the product id is exchanged for a product token, which becomes the session's.
  const exchange = async (): Promise<Claims | null> => {
    try {
      const exchanged = await deps.api<{
        data: { access_token: string; expires_in: number; token_type: string; application_id: string };
      }>(ACCOUNT_PATHS.exchangeToken, { method: 'POST', body: { SubjectToken: token } });
      return deps.apply(exchanged.data) ? (deps.decode(exchanged.data.access_token) ?? null) : null;
    } catch {
      return null;
    }
  };
  const exchanged = !claims?.careslot_id;
  if (exchanged) {
    claims = await exchange();
    if (!claims) return { ok: false, failure: 'invalid' };
  } else if (
    !deps.apply({
      access_token: token,
      expires_in: 3600,
      token_type: 'Bearer',
      application_id: 'careslot_web_app',
    })
  ) {
    return { ok: false, failure: 'invalid' };
  }
  if (!claims?.sub) return { ok: false, failure: 'invalid' };

  // Step 2: the practitioner by identifiers: the identity provider's, or the legacy EHR one of the token.
  const identifier = `IdentityProvider|${claims.sub}`;
  const practitioner = await findPractitioner(claims, deps.ehrSystemUrl, deps.api);
  if (!practitioner) return { ok: false, failure: 'practitionerNotFound' };

  // Step 4: the practice (a legacy EHR sign-in names it by the EHR's practice number, decision 0021), then the
  // practitioner's roles there; a practice that resolves to no organization, or no roles, is a refusal.
  const practice = await practiceOfClaims(claims, deps.ehrSystemUrl, deps.api);
  if (!practice) return { ok: false, failure: 'loginFailed' };
  const roles = await practitionerRoles(practitioner.Id, practice.organizationId, deps.api).catch(() => null);
  if (!roles || roles.length === 0) return { ok: false, failure: 'loginFailed' };

  // Step 5: a practitioner without the identity-provider identifier gets it (workflow SINGLE_SIGN_ON_WEB).
  const linked = (practitioner.Identifier ?? []).some(
    (known) => `${known.System}|${known.Value}`.toLowerCase() === identifier.toLowerCase(),
  );
  if (!linked) {
    const updated = await deps
      .api(ACCOUNT_PATHS.practitionerUpdate, {
        method: 'POST',
        body: {
          Id: practitioner.Id,
          Identifier: [{ System: 'IdentityProvider', Value: claims.sub }],
          AuditTrail: { LastChangedBySystem: 'careslot', WorkflowOrServiceName: SINGLE_SIGN_ON_WORKFLOW },
        },
      })
      .then(() => true)
      // The next sign-on finds the practitioner by the product id or the legacy identifier again and retries.
      .catch(() => false);
    // A legacy EHR sign-on is now linked to its record: a fresh product token carries the product id.
    if (updated && exchanged && !claims.careslot_id) claims = (await exchange()) ?? claims;
  }

  // The session's practice is the product organization the EHR's practice number resolved to.
  if (practice.organizationId && practice.organizationId !== claims.PracticeId)
    deps.setOrganization?.(practice.organizationId);

  const userRoles = claims.user_roles ?? [];
  const dashboard = homeForRoles(userRoles, HEADER_LINK_ORDER);
  if (appointmentId) {
    // Step 7: user_type and showPopup are kept for the meeting; a provider is the Host, anyone else Staff.
    localStorage.setItem(STORAGE_KEYS.local.userType, claims.user_type ?? '');
    localStorage.setItem(STORAGE_KEYS.local.showPopup, '1');
    const type = userRoles.some((role) => role.toLowerCase() === 'provider') ? 'Host' : 'Staff';
    const appointment = await deps
      .api<{ data: Appointment }>(
        `/careslot-appointment-service/api/v2/Appointments/${encodeURIComponent(appointmentId)}`,
      )
      .then((answer) => answer.data)
      .catch(() => null);
    const ofType = (appointment?.Participants ?? []).filter((p) => p.Type === type);
    const participant = ofType.find((p) => p.ParticipantId === practitioner.Id) ?? ofType[0];
    if (appointment && participant) {
      const query = new URLSearchParams({
        mId: appointment.VirtualServiceDetail?.MeetingId ?? appointment.Id,
        aptId: appointment.Id,
        pId: participant.ParticipantId,
        pType: participant.Type,
        isGuestParticipant: 'false',
      });
      return { ok: true, to: `/meeting/device-management?${query.toString()}` };
    }
    // 'Participant not found' is only logged (§8); the practitioner lands on their dashboard.
    deps.log?.(ACCOUNT_MESSAGES.participantNotFound);
    return { ok: true, to: dashboard ?? '/' };
  }
  // Step 8: without an appointment, a session with a user type goes to its dashboard.
  if (!claims.user_type) return { ok: false, failure: 'invalid' };
  return { ok: true, to: dashboard ?? '/' };
}

export const ssoApi: SsoDeps['api'] = apiRequest;
