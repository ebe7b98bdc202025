/**
 * Field rules of the booking forms (patient-booking.md §5.1, §5.2, §9), shared by the web forms and the
 * server's schemas. Each failure names its rule; the web turns the rule into a translated message.
 */
import { OTP_RULES } from '@careslot/contracts';
import { LIMITS, PATTERNS, hasUnwantedCharacters, isValidEmail } from './validation';
import { validateZip } from './zip';

export type FieldRule =
  | 'required'
  | 'pattern'
  | 'maxLength'
  | 'minLength'
  | 'invalidZipLength'
  | 'invalidDate'
  | 'futureDate'
  | 'minAge'
  | 'unwantedCharacters';

export type FieldCheck = { valid: true } | { valid: false; rule: FieldRule };

const OK: FieldCheck = { valid: true };
const fail = (rule: FieldRule): FieldCheck => ({ valid: false, rule });

export const MEMBER_ID_MAX = 30;

/** First, last or middle name: letters, space and apostrophe, at most NAME (35). */
export function checkName(value: string, required = true): FieldCheck {
  const v = value.trim();
  if (v === '') return required ? fail('required') : OK;
  if (v.length > LIMITS.NAME) return fail('maxLength');
  if (!PATTERNS.name.test(v)) return fail('pattern');
  return OK;
}

/** Parses M/D/YYYY into a UTC date at start of day, or null when it is not a real calendar date. */
export function parseDob(value: string): Date | null {
  const v = value.trim();
  if (!PATTERNS.dob.test(v)) return null;
  const [m, d, y] = v.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** Whole years between a birth date and today (both UTC calendar days). */
export function ageOn(dob: Date, today: Date): number {
  let age = today.getUTCFullYear() - dob.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dob.getUTCMonth() ||
    (today.getUTCMonth() === dob.getUTCMonth() && today.getUTCDate() < dob.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Date of birth as M/D/YYYY, a real date, not in the future. The account holder must be at least 16
 * (§5.2, MINIMUM_USER_AGE in contracts); a family member booked for may be younger, so the minimum age is the caller's choice.
 */
export function checkDob(value: string, today: Date, minimumAge = 0): FieldCheck {
  const v = value.trim();
  if (v === '') return fail('required');
  if (!PATTERNS.dob.test(v)) return fail('pattern');
  const dob = parseDob(v);
  if (dob == null) return fail('invalidDate');
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (dob.getTime() > startOfToday) return fail('futureDate');
  if (ageOn(dob, today) < minimumAge) return fail('minAge');
  return OK;
}

/** A phone number: 10 national digits (US/PK mobile), typed with or without formatting, at most 14 characters. */
export function phoneDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

export function checkPhone(value: string): FieldCheck {
  const v = value.trim();
  if (v === '') return fail('required');
  if (v.length > LIMITS.PHONE_NUMBER) return fail('maxLength');
  if (!/^[0-9()\-\s.+]+$/.test(v)) return fail('pattern');
  const digits = phoneDigits(v);
  if (digits.length !== 10) return fail('pattern');
  return OK;
}

export function checkEmail(value: string): FieldCheck {
  const v = value.trim();
  if (v === '') return fail('required');
  if (v.length > LIMITS.EMAIL) return fail('maxLength');
  return isValidEmail(v) ? OK : fail('pattern');
}

/** Zip: exactly 5 or 9 digits; empty is valid unless the form requires it. */
export function checkZip(value: string, required = true): FieldCheck {
  const v = value.trim();
  if (v === '') return required ? fail('required') : OK;
  if (!/^[0-9-]+$/.test(v)) return fail('pattern');
  return validateZip(v).valid ? OK : fail('invalidZipLength');
}

export function checkAddressLine(value: string, required = true): FieldCheck {
  const v = value.trim();
  if (v === '') return required ? fail('required') : OK;
  if (v.length > LIMITS.ADDRESS) return fail('maxLength');
  if (hasUnwantedCharacters(v)) return fail('unwantedCharacters');
  return OK;
}

export function checkCity(value: string, required = true): FieldCheck {
  const v = value.trim();
  if (v === '') return required ? fail('required') : OK;
  if (v.length > LIMITS.CITY) return fail('maxLength');
  return PATTERNS.city.test(v) ? OK : fail('pattern');
}

/** Insurance member id (SubscriberId): letters, digits and dashes, at most 30. */
export function checkMemberId(value: string): FieldCheck {
  const v = value.trim();
  if (v === '') return fail('required');
  if (v.length > MEMBER_ID_MAX) return fail('maxLength');
  return /^[A-Za-z0-9-]+$/.test(v) ? OK : fail('pattern');
}

/** Phone verification code: exactly OTP_RULES.digits (6) digits. */
export function checkOtpCode(value: string): FieldCheck {
  const v = value.trim();
  if (v === '') return fail('required');
  return new RegExp(`^[0-9]{${OTP_RULES.digits}}$`).test(v) ? OK : fail('pattern');
}

export interface DemographicsInput {
  firstName: string;
  lastName: string;
  dob: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, FieldRule>>;

/** All field failures of the demographics form at once, so the form can mark every field. */
export function validateDemographics(input: DemographicsInput, today: Date): FieldErrors<DemographicsInput> {
  const checks: Record<keyof DemographicsInput, FieldCheck> = {
    firstName: checkName(input.firstName),
    lastName: checkName(input.lastName),
    dob: checkDob(input.dob, today),
    email: checkEmail(input.email),
    phone: checkPhone(input.phone),
    address1: checkAddressLine(input.address1),
    city: checkCity(input.city),
    state:
      input.state.trim() === ''
        ? fail('required')
        : /^[A-Za-z]{2}$/.test(input.state.trim())
          ? OK
          : fail('pattern'),
    zip: checkZip(input.zip),
  };
  const errors: FieldErrors<DemographicsInput> = {};
  for (const [field, check] of Object.entries(checks) as [keyof DemographicsInput, FieldCheck][]) {
    if (!check.valid) errors[field] = check.rule;
  }
  return errors;
}
