import { passwordSchema, MINIMUM_USER_AGE, GENDERS, type Gender } from '@careslot/contracts';
import {
  LIMITS,
  PATTERNS,
  ageInYears,
  hasUnwantedCharacters,
  isValidEmail,
  usDateToIso,
} from '@careslot/domain';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import type { Database } from '../../platform/db';
import { hashPassword } from './accounts';
import { findAccountByEmail, insertAccounts, type Account } from './store';

/** The registration form of the realm, as posted (every field a string; checkboxes 'on' when ticked). */
export interface RegistrationForm {
  given_name: string;
  family_name: string;
  email: string;
  mobile_number: string;
  dob: string;
  gender: string;
  password: string;
  confirm_password: string;
  eula?: string | undefined;
  oha?: string | undefined;
}

export type RegistrationField = keyof RegistrationForm;
/** Field → message key of the realm's translations (registration.errors.*). */
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export interface NewRegistration {
  email: string;
  givenName: string;
  familyName: string;
  mobileNumber: string | null;
  birthDate: string;
  gender: Gender | null;
  password: string;
}

function checkName(value: string): string | undefined {
  if (!value) return 'registration.errors.nameRequired';
  if (value.length > LIMITS.NAME) return 'registration.errors.nameTooLong';
  if (!PATTERNS.name.test(value) || hasUnwantedCharacters(value)) return 'registration.errors.nameInvalid';
  return undefined;
}

/**
 * The rules of the registration form (patient-booking.md §5.1 and §5.2): names of letters, spaces and
 * apostrophes up to 35 characters; a valid e-mail up to 320; a US mobile number of 10 digits when given;
 * a date of birth M/D/YYYY of someone at least 16; the password rule; both agreements accepted.
 */
export function validateRegistration(
  form: RegistrationForm,
  now: Date,
  options: { password: boolean } = { password: true },
): { ok: true; value: NewRegistration } | { ok: false; errors: RegistrationErrors } {
  const errors: RegistrationErrors = {};
  const givenName = form.given_name.trim();
  const familyName = form.family_name.trim();
  const email = form.email.trim();
  const nameError = checkName(givenName);
  if (nameError) errors.given_name = nameError;
  const familyError = checkName(familyName);
  if (familyError) errors.family_name = familyError;

  if (!email) errors.email = 'emailRequired';
  else if (!isValidEmail(email)) errors.email = 'emailInvalid';

  let digits = form.mobile_number.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (
    form.mobile_number.trim() &&
    (digits.length !== 10 || form.mobile_number.length > LIMITS.PHONE_NUMBER + 3)
  )
    errors.mobile_number = 'registration.errors.phoneInvalid';

  const birthDate = form.dob.trim() ? usDateToIso(form.dob) : null;
  if (!form.dob.trim()) errors.dob = 'registration.errors.dobRequired';
  else if (!birthDate || birthDate > now.toISOString().slice(0, 10))
    errors.dob = 'registration.errors.dobInvalid';
  else if (ageInYears(birthDate, now) < MINIMUM_USER_AGE) errors.dob = 'registration.errors.tooYoung';

  const gender = (GENDERS as readonly string[]).includes(form.gender) ? (form.gender as Gender) : null;
  if (form.gender && !gender) errors.gender = 'registration.errors.genderInvalid';

  // The social sign-up has no password: the user signs in through the social-login provider.
  if (options.password) {
    if (!form.password) errors.password = 'passwordRequired';
    else if (!passwordSchema.safeParse(form.password).success)
      errors.password = 'registration.errors.passwordRules';
    else if (isCommonPassword(form.password)) errors.password = 'registration.errors.passwordCommon';
    else if (form.confirm_password !== form.password)
      errors.confirm_password = 'registration.errors.mismatch';
  }

  if (form.eula !== 'on') errors.eula = 'registration.errors.eulaRequired';
  if (form.oha !== 'on') errors.oha = 'registration.errors.ohaRequired';

  if (Object.keys(errors).length > 0 || !birthDate) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email,
      givenName,
      familyName,
      mobileNumber: digits || null,
      birthDate,
      gender,
      password: form.password,
    },
  };
}

/** The realm's registration page as posted (every field a bounded string; the rules are checked by validateRegistration). */
export const registrationFormBody = z.object({
  given_name: z.string().max(200).default(''),
  family_name: z.string().max(200).default(''),
  email: z.string().max(400).default(''),
  mobile_number: z.string().max(40).default(''),
  dob: z.string().max(40).default(''),
  gender: z.string().max(20).default(''),
  password: z.string().max(1000).default(''),
  confirm_password: z.string().max(1000).default(''),
  eula: z.string().max(10).optional(),
  oha: z.string().max(10).optional(),
  lang: z.string().max(20).optional(),
});

/**
 * The realm account row of a new patient from a registration form. Both agreements were ticked on the form:
 * the callback records them as Accepted (§4.8 step 9).
 */
export function patientAccount(input: Omit<NewRegistration, 'password'>, passwordHash: string) {
  return {
    email: input.email,
    passwordHash,
    givenName: input.givenName,
    familyName: input.familyName,
    gender: input.gender,
    birthDate: input.birthDate,
    mobileNumber: input.mobileNumber,
    userType: 'Patient' as const,
    userRoles: ['patient'],
    eulaAccepted: true,
    ohaAccepted: true,
  };
}

/**
 * Creates the realm account of a new patient. The product record (the patient) is made afterwards by
 * the web app's sign-up call, from the token's claims (§4.8 step 7). Null when the e-mail is taken.
 */
export async function registerAccount(database: Database, input: NewRegistration): Promise<Account | null> {
  if (await findAccountByEmail(database, input.email)) return null;
  const passwordHash = await hashPassword(input.password);
  try {
    await insertAccounts(database, [patientAccount(input, passwordHash)]);
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index lets one through.
    if (await findAccountByEmail(database, input.email)) return null;
    throw error;
  }
  return findAccountByEmail(database, input.email);
}
