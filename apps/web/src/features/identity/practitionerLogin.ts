import type { Organization, Practitioner, PractitionerRole } from '@careslot/contracts';
import { identifierText, legacyOrganizationIdentifier, practitionerIdentifiers } from '@careslot/domain';
import type { RequestOptions } from '../../shared/api/client';

/** Why a practitioner's product login fails (patient-booking.md §4.8 "Login", §8 "Sign-in and account"), as message keys. */
export type PractitionerLoginFailure = 'noRole' | 'rolesFailed';

type Api = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** The token claims a practitioner is found by (§3.1). */
export interface PractitionerClaims {
  sub?: string;
  careslot_id?: string;
  user_type?: string;
  user_roles?: string[];
  PracticeId?: string;
  electronic_claim_id?: string;
  vendor_id?: string;
}

/**
 * The practitioner of a token (§4.5 step 2, §4.8 "Login"): by identifiers, the identity provider's
 * ('IdentityProvider|{sub}') or the legacy EHR one ('{EHR URL}/{electronic_claim_id}|{Doctor or
 * Practitioner}-{vendor_id}'); a sign-in linked to its record before it had either is found by its product id.
 */
export async function findPractitioner(
  claims: PractitionerClaims,
  ehrSystemUrl: string,
  api: Api,
): Promise<Practitioner | null> {
  const identifiers = practitionerIdentifiers(ehrSystemUrl, claims);
  const byIdentifier =
    identifiers.length > 0
      ? await api<{ Data: Practitioner[] }>('/careslot-administration/api/v2/practitioner/advance-search', {
          method: 'POST',
          body: { Identifier: identifiers, Limit: 1, Offset: 1 },
        })
          .then((answer) => answer.Data?.[0] ?? null)
          .catch(() => null)
      : null;
  if (byIdentifier) return byIdentifier;
  return claims.careslot_id
    ? api<Practitioner>(
        `/careslot-administration/api/v2/practitioner/${encodeURIComponent(claims.careslot_id)}`,
      ).catch(() => null)
    : null;
}

/**
 * The practice a practitioner's roles are looked up in (§4.5 step 4). A legacy EHR sign-in (electronic_claim_id
 * and PracticeId both present) names it by the EHR's practice number: the organization holding
 * '{EHR URL}/{electronic_claim_id}|Organization-{PracticeId}' is resolved, and none is `null` (the roles error).
 * Any other token's PracticeId is already the product's organization id (or absent: every practice).
 */
export async function practiceOfClaims(
  claims: PractitionerClaims,
  ehrSystemUrl: string,
  api: Api,
): Promise<{ organizationId: string | undefined } | null> {
  const legacy = legacyOrganizationIdentifier(ehrSystemUrl, claims);
  if (!legacy) return { organizationId: claims.PracticeId || undefined };
  const found = await api<{ Data: Organization[] }>(
    '/careslot-administration/api/v2/organization/advance-search',
    {
      method: 'POST',
      body: { Identifier: [identifierText(legacy)], Limit: 1, Offset: 1 },
    },
  )
    .then((answer) => answer.Data?.[0] ?? null)
    .catch(() => null);
  return found ? { organizationId: found.Id } : null;
}

/** The practitioner's roles, in the practice when one is given. */
export function practitionerRoles(practitionerId: string, organizationId: string | undefined, api: Api) {
  return api<{ Data: PractitionerRole[] }>(
    '/careslot-administration/api/v2/practitionerrole/advance-search',
    {
      method: 'POST',
      body: { PractitionerId: practitionerId, ...(organizationId ? { OrganizationId: organizationId } : {}) },
    },
  ).then((answer) => answer.Data);
}

/**
 * The product login of a practitioner (§4.8): the practitioner by identifier (findPractitioner), then their
 * practitioner roles. A failed role look-up is 'Something went wrong while retrieving practitioner roles.';
 * no role at all is the explicit refusal of §6. Patients and super users skip it.
 */
export async function checkPractitionerLogin(
  claims: PractitionerClaims,
  api: Api,
  ehrSystemUrl = '',
): Promise<PractitionerLoginFailure | null> {
  if (claims.user_type !== 'Practitioner') return null;
  const practitioner = await findPractitioner(claims, ehrSystemUrl, api);
  if (!practitioner) return 'noRole';
  // A legacy EHR practice that names no organization leaves the practitioner without roles there.
  const practice = await practiceOfClaims(claims, ehrSystemUrl, api);
  if (!practice) return 'noRole';
  let roles: PractitionerRole[];
  try {
    roles = await practitionerRoles(practitioner.Id, practice.organizationId, api);
  } catch {
    return 'rolesFailed';
  }
  return roles.length === 0 ? 'noRole' : null;
}
