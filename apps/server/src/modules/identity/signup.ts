import { MINIMUM_USER_AGE, type SignupPatient } from '@careslot/contracts';
import { PATTERNS, ageInYears, hasUnwantedCharacters, salutationFor } from '@careslot/domain';
import type { Database } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { createPatient, findPatientByIdentifier } from '../patients';
import { findAccountById, linkCareslotId, type Account } from './store';

export const IDENTITY_PROVIDER_SYSTEM = 'IdentityProvider';
export const SIGNUP_WORKFLOW = 'PATIENT_SIGNUP_WEB';

/** What signUp needs from the invitation module part: the practice a pending invitation belongs to. */
export interface InvitationLink {
  practiceId: string;
  claim(patientId: string): Promise<boolean>;
}

/**
 * Sign-up (patient-booking.md §4.8 step 7 and "Signup"): the signed-in realm account gets its patient
 * record (workflow PATIENT_SIGNUP_WEB, identifier 'IdentityProvider|{sub}', e-mail verified) and the
 * account is linked to it (careslot_id). The account's own e-mail wins over the body; a second call
 * returns the patient made by the first.
 */
export async function signUp(
  database: Database,
  account: Account,
  body: SignupPatient & { Name: NonNullable<SignupPatient['Name']> },
  now: Date,
  invitation: InvitationLink | null,
): Promise<{ account: Account; patientId: string; created: boolean }> {
  const identifier = `${IDENTITY_PROVIDER_SYSTEM}|${account.id}`;
  const existing = account.careslotId
    ? { Id: account.careslotId }
    : await findPatientByIdentifier(database, identifier);
  if (existing) {
    const linked = await linkAccount(database, account, existing.Id);
    return { account: linked, patientId: existing.Id, created: false };
  }

  const name = body.Name[0]!;
  const given = name.Given.map((g) => g.trim());
  const family = name.Family.trim();
  for (const [field, value] of [
    ['body.Name.0.Given', given.join(' ')],
    ['body.Name.0.Family', family],
  ] as const) {
    if (!PATTERNS.name.test(value) || hasUnwantedCharacters(value))
      throw fieldError(field, 'pattern', 'must hold letters, spaces and apostrophes only');
  }
  const birthDate = body.BirthDate ?? account.birthDate;
  if (birthDate && ageInYears(birthDate, now) < MINIMUM_USER_AGE)
    throw fieldError('body.BirthDate', 'minimum_age', `the patient must be at least ${MINIMUM_USER_AGE}`);
  const gender = body.Gender ?? (account.gender as SignupPatient['Gender']) ?? null;
  const phone = (body.Telecom ?? [])
    .find((t) => t.System === 'Mobile' || t.System === 'Phone')
    ?.Value.replace(/\D/g, '');

  const patient = await createPatient(database, {
    firstName: given[0]!,
    middleName: given.slice(1).join(' ') || null,
    lastName: family,
    prefix: name.Prefix?.[0] ?? salutationFor(gender),
    suffix: name.Suffix?.[0] ?? null,
    birthDate: birthDate ?? null,
    gender: gender ?? null,
    // The realm checked the address at registration (§5.2: the e-mail is marked verified).
    email: account.email,
    emailVerified: true,
    mobile: phone || account.mobileNumber,
    timeZone: body.TimeZone ?? null,
    // The language they signed up in: their messages are written in it (issue 30, item 6).
    languages: [...new Set(body.Communication ?? [])],
    managingOrganizationId: invitation?.practiceId ?? null,
    identifiers: [{ System: IDENTITY_PROVIDER_SYSTEM, Value: account.id }],
    workflow: SIGNUP_WORKFLOW,
  });
  if (invitation) await invitation.claim(patient.Id);
  const linked = await linkAccount(database, account, patient.Id);
  return { account: linked, patientId: patient.Id, created: true };
}

async function linkAccount(database: Database, account: Account, patientId: string): Promise<Account> {
  await linkCareslotId(database, account.id, patientId);
  return (await findAccountById(database, account.id)) ?? account;
}
