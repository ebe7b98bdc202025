import type { Practitioner, PractitionerRole } from '@careslot/contracts';
import type { RequestOptions } from '../../shared/api/client';

/** Why a practitioner's product login fails (patient-booking.md §4.8 "Login", §8 "Sign-in and account"), as message keys. */
export type PractitionerLoginFailure = 'noRole' | 'rolesFailed';

type Api = <T>(path: string, options?: RequestOptions) => Promise<T>;

/**
 * The product login of a practitioner (§4.8): the practitioner by the identity-provider identifier (else the
 * product id of the token), then their practitioner roles. A failed role look-up is 'Something went wrong
 * while retrieving practitioner roles.'; no role at all is the explicit refusal of §6. Patients and super
 * users skip it.
 */
export async function checkPractitionerLogin(
  claims: { sub?: string; careslot_id?: string; user_type?: string; PracticeId?: string },
  api: Api,
): Promise<PractitionerLoginFailure | null> {
  if (claims.user_type !== 'Practitioner') return null;
  const byIdentifier = claims.sub
    ? await api<Practitioner>('/careslot-administration/api/v2/practitioner', { query: { identifier: `IdentityProvider|${claims.sub}` } }).catch(() => null)
    : null;
  const practitioner =
    byIdentifier ??
    (claims.careslot_id
      ? await api<Practitioner>(`/careslot-administration/api/v2/practitioner/${encodeURIComponent(claims.careslot_id)}`).catch(() => null)
      : null);
  if (!practitioner) return 'noRole';
  let roles: PractitionerRole[];
  try {
    const answer = await api<{ Data: PractitionerRole[] }>('/careslot-administration/api/v2/practitionerrole/advance-search', {
      method: 'POST',
      body: { PractitionerId: practitioner.Id, ...(claims.PracticeId ? { OrganizationId: claims.PracticeId } : {}) },
    });
    roles = answer.Data;
  } catch {
    return 'rolesFailed';
  }
  return roles.length === 0 ? 'noRole' : null;
}
