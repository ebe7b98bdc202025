import type { Invitation, SignupPatient } from '@careslot/contracts';
import { salutationFor } from '@careslot/domain';

/** The claims of a new user's token that a patient is built from (§3.1). */
export interface NewUserClaims {
  email?: string;
  given_name?: string;
  family_name?: string;
  gender?: string;
  mobile_number?: string;
  dob?: string;
}

const GENDER_BY_CODE: Record<string, NonNullable<SignupPatient['Gender']>> = {
  m: 'Male',
  male: 'Male',
  f: 'Female',
  female: 'Female',
  o: 'Other',
  other: 'Other',
  u: 'Unknown',
  unknown: 'Unknown',
};

const guessedTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A patient from the token (patient-booking.md §4.8 step 7 and §5.2): the phone stripped to digits, the
 * prefix from the gender (Mr, Mrs, otherwise Mx), the birth date as YYYY-MM-DD, the e-mail verified.
 */
export function patientFromClaims(claims: NewUserClaims, timeZone = guessedTimeZone()): SignupPatient {
  const gender = claims.gender ? (GENDER_BY_CODE[claims.gender.toLowerCase()] ?? null) : null;
  const phone = claims.mobile_number?.replace(/\D/g, '') ?? '';
  const dob = claims.dob && /^\d{4}-\d{2}-\d{2}$/.test(claims.dob) ? claims.dob : null;
  return {
    Name: [
      {
        Use: 'official',
        Given: [claims.given_name ?? ''],
        Family: claims.family_name ?? '',
        Prefix: [salutationFor(gender)],
        Suffix: [],
      },
    ],
    Telecom: [
      ...(claims.email ? [{ System: 'Email' as const, Value: claims.email, IsVerified: true }] : []),
      ...(phone ? [{ System: 'Mobile' as const, Value: phone, IsVerified: false }] : []),
    ],
    BirthDate: dob,
    Gender: gender,
    TimeZone: timeZone,
    Identifier: [],
  };
}

/** A patient from an invitation (§4.8 step 6): the practice's demographics, the token filling the gaps. */
export function patientFromInvitation(
  invitation: Invitation,
  claims: NewUserClaims,
  timeZone = guessedTimeZone(),
): SignupPatient {
  const fromToken = patientFromClaims(claims, timeZone);
  const name = invitation.Name[0];
  const gender = invitation.Gender ?? fromToken.Gender ?? null;
  const phone = invitation.Telecom.find((t) => t.System !== 'Email')?.Value.replace(/\D/g, '');
  return {
    ...fromToken,
    Name: [
      {
        Use: 'official',
        Given: name?.Given.length ? name.Given : (fromToken.Name[0]?.Given ?? []),
        Family: name?.Family || (fromToken.Name[0]?.Family ?? ''),
        Prefix: [salutationFor(gender)],
        Suffix: [],
      },
    ],
    Telecom: [
      ...(claims.email ? [{ System: 'Email' as const, Value: claims.email, IsVerified: true }] : []),
      ...(phone
        ? [{ System: 'Mobile' as const, Value: phone, IsVerified: false }]
        : (fromToken.Telecom ?? []).filter((t) => t.System !== 'Email')),
    ],
    BirthDate: invitation.BirthDate ?? fromToken.BirthDate ?? null,
    Gender: gender,
    InvitationId: invitation.Id,
  };
}
