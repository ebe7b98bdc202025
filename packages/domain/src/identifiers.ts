/** The claims a practitioner's identifier strings are built from (patient-booking.md §3.1). */
export interface IdentifierClaims {
  sub?: string | undefined;
  electronic_claim_id?: string | undefined;
  vendor_id?: string | undefined;
  user_roles?: readonly string[] | undefined;
}

export interface IdentifierParts {
  System: string;
  Value: string;
}

/** The identity-provider identifier of a sign-in: 'IdentityProvider|{sub}'. */
export function identityProviderIdentifier(sub: string): IdentifierParts {
  return { System: 'IdentityProvider', Value: sub };
}

/**
 * The identifier of a legacy EHR user (§3.1): '{external system-identifier URL}/{electronic_claim_id}|
 * {Doctor or Practitioner}-{vendor_id}', Doctor when the user has the provider role (§6). Null when the
 * token carries no electronic_claim_id or vendor_id.
 */
export function legacyPractitionerIdentifier(
  systemUrl: string,
  claims: IdentifierClaims,
): IdentifierParts | null {
  const claimId = claims.electronic_claim_id?.trim();
  const vendorId = claims.vendor_id?.trim();
  if (!claimId || !vendorId) return null;
  const isProvider = (claims.user_roles ?? []).some((role) => role.toLowerCase() === 'provider');
  return {
    System: `${systemUrl.replace(/\/+$/, '')}/${claimId}`,
    Value: `${isProvider ? 'Doctor' : 'Practitioner'}-${vendorId}`,
  };
}

/** 'System|Value', the form identifier look-ups take. */
export const identifierText = (identifier: IdentifierParts) => `${identifier.System}|${identifier.Value}`;

/** Every identifier a practitioner may be found by (§4.5 step 2): the identity provider's, then the legacy EHR one. */
export function practitionerIdentifiers(systemUrl: string, claims: IdentifierClaims): string[] {
  const legacy = legacyPractitionerIdentifier(systemUrl, claims);
  return [
    ...(claims.sub ? [identifierText(identityProviderIdentifier(claims.sub))] : []),
    ...(legacy ? [identifierText(legacy)] : []),
  ];
}

/** The claims a legacy EHR sign-in's practice is named by (§3.1). */
export interface OrganizationClaims {
  electronic_claim_id?: string | undefined;
  PracticeId?: string | undefined;
}

/**
 * The organization identifier of a legacy EHR sign-in (§3.1): '{system url}/{electronic_claim_id}|
 * Organization-{PracticeId}'. In such a token PracticeId is the EHR's own practice number (decision 0021).
 * Null when the token carries no electronic_claim_id or no PracticeId: its PracticeId is then the product's.
 */
export function legacyOrganizationIdentifier(
  systemUrl: string,
  claims: OrganizationClaims,
): IdentifierParts | null {
  const claimId = claims.electronic_claim_id?.trim();
  const practiceId = claims.PracticeId?.trim();
  if (!claimId || !practiceId) return null;
  return { System: `${systemUrl.replace(/\/+$/, '')}/${claimId}`, Value: `Organization-${practiceId}` };
}
