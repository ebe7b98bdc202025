import { ACCOUNT_PATHS, STORAGE_KEYS, type Practitioner, type PractitionerRole } from '@careslot/contracts';
import { apiRequest, type RequestOptions } from '../../shared/api/client';
import { homeForRoles, HEADER_LINK_ORDER } from '../../shared/session/roleHome';

/** Messages of practitioner single sign-on (patient-booking.md §8 "Sign-in and account"), as keys. */
export type SsoFailure = 'tokenNotFound' | 'practitionerNotFound' | 'loginFailed' | 'invalid';

export type SsoOutcome = { ok: true; to: string } | { ok: false; failure: SsoFailure };

interface Claims {
  sub?: string;
  careslot_id?: string;
  user_roles?: string[];
  user_type?: string;
  PracticeId?: string;
}

export interface SsoDeps {
  api: <T>(path: string, options?: RequestOptions) => Promise<T>;
  decode: (token: string) => Claims | null;
  /** Makes a product token the session's (stores login_response); false when it is not a valid user token. */
  apply: (token: { access_token: string; expires_in: number; token_type: string; application_id: string }) => boolean;
}

interface Appointment {
  Id: string;
  MeetingId?: string;
  Participant?: { Type: string; ActorId: string; Id?: string }[];
}

/**
 * Practitioner single sign-on at /sso (§4.8): the token of the URL fragment becomes the session's (exchanged
 * for a product token when it has no {p}_id), the practitioner and their roles are resolved, then the
 * browser goes to the video meeting of the appointment (Host for providers, Staff otherwise) or the dashboard.
 */
export async function practitionerSso(token: string | null, appointmentId: string | null, deps: SsoDeps): Promise<SsoOutcome> {
  if (!token) return { ok: false, failure: 'tokenNotFound' };
  let claims = deps.decode(token);
  let productToken = token;
  if (!claims?.careslot_id) {
    try {
      const exchanged = await deps.api<{ data: { access_token: string; expires_in: number; token_type: string; application_id: string } }>(
        ACCOUNT_PATHS.exchangeToken,
        { method: 'POST', body: { SubjectToken: token } },
      );
      productToken = exchanged.data.access_token;
      if (!deps.apply(exchanged.data)) return { ok: false, failure: 'invalid' };
    } catch {
      return { ok: false, failure: 'invalid' };
    }
    claims = deps.decode(productToken);
  } else if (!deps.apply({ access_token: token, expires_in: 3600, token_type: 'Bearer', application_id: 'careslot_web_app' })) {
    return { ok: false, failure: 'invalid' };
  }
  if (!claims?.sub) return { ok: false, failure: 'invalid' };

  let practitioner: Practitioner | null = null;
  try {
    practitioner = await deps.api<Practitioner>('/careslot-administration/api/v2/practitioner', {
      query: { identifier: `IdentityProvider|${claims.sub}` },
    });
  } catch {
    practitioner = claims.careslot_id
      ? await deps.api<Practitioner>(`/careslot-administration/api/v2/practitioner/${claims.careslot_id}`).catch(() => null)
      : null;
  }
  if (!practitioner) return { ok: false, failure: 'practitionerNotFound' };

  const roles = await deps
    .api<{ Data: PractitionerRole[] }>('/careslot-administration/api/v2/practitionerrole/advance-search', {
      method: 'POST',
      body: { PractitionerId: practitioner.Id, ...(claims.PracticeId ? { OrganizationId: claims.PracticeId } : {}) },
    })
    .catch(() => null);
  if (!roles || roles.Data.length === 0) return { ok: false, failure: 'loginFailed' };

  const userRoles = claims.user_roles ?? [];
  const dashboard = homeForRoles(userRoles, HEADER_LINK_ORDER);
  if (appointmentId) {
    localStorage.setItem(STORAGE_KEYS.local.userType, claims.user_type ?? '');
    localStorage.setItem(STORAGE_KEYS.local.showPopup, '1');
    const isProvider = userRoles.some((role) => role.toLowerCase() === 'provider');
    try {
      const appointment = await deps.api<Appointment>(
        `/careslot-appointment-service/api/v2/Appointments/${encodeURIComponent(appointmentId)}`,
      );
      const participant = (appointment.Participant ?? []).find(
        (p) => p.Type === (isProvider ? 'Host' : 'Staff') && p.ActorId === practitioner.Id,
      );
      if (!participant) throw new Error('Participant not found');
      const query = new URLSearchParams({
        mId: appointment.MeetingId ?? appointment.Id,
        aptId: appointment.Id,
        pId: participant.Id ?? participant.ActorId,
        pType: participant.Type,
        isGuestParticipant: 'false',
      });
      return { ok: true, to: `/meeting/device-management?${query.toString()}` };
    } catch {
      // 'Participant not found' is only logged (§8); the practitioner still lands on their dashboard.
      return { ok: true, to: dashboard ?? '/' };
    }
  }
  if (!claims.user_type) return { ok: false, failure: 'invalid' };
  return { ok: true, to: dashboard ?? '/' };
}

export const ssoApi: SsoDeps['api'] = apiRequest;
