import {
  LIMITS,
  PATTERNS,
  hasUnwantedCharacters,
  isValidEmail as isValidEmailAddress,
  isValidNpi as isValidNpiNumber,
} from './validation';

/**
 * Rules of a practice's people (practice-portal.md §5): providers and staff added or edited by a practice admin
 * and a provider's own profile. One home for the web form and the server's zod schema.
 */

/** The second character of a DEA number: the registrant's last-name initial, or 9 for a business name. */
const DEA_SECOND = /^[A-Z9]$/;

/**
 * A DEA registration number: a registrant-type letter (not I, N, O, Q, V, W, Y or Z, §5), a second letter
 * (or 9), seven digits whose last is the check digit: (d1 + d3 + d5) + 2 × (d2 + d4 + d6), last digit.
 */
export function isValidDea(value: string): boolean {
  const dea = value.trim().toUpperCase();
  if (!/^[A-Z][A-Z9][0-9]{7}$/.test(dea)) return false;
  if (!PATTERNS.deaLetter.test(dea[0]!) || !DEA_SECOND.test(dea[1]!)) return false;
  const d = dea.slice(2).split('').map(Number);
  const sum = d[0]! + d[2]! + d[4]! + 2 * (d[1]! + d[3]! + d[5]!);
  return sum % 10 === d[6];
}

export type PersonNameRule = 'required' | 'max_length' | 'pattern';

/** A first or last name: letters, spaces and apostrophes, at most NAME (35) characters. */
export function personNameRule(value: string, required = true): PersonNameRule | null {
  const name = value.trim();
  if (!name) return required ? 'required' : null;
  if (name.length > LIMITS.NAME) return 'max_length';
  if (!PATTERNS.name.test(name) || hasUnwantedCharacters(name)) return 'pattern';
  return null;
}

/** A professional suffix (MD, DO, RN...): at most NAME_SUFFIX_MAX (25) characters, letters, dots, commas and spaces. */
export function suffixRule(value: string): 'max_length' | 'pattern' | null {
  const suffix = value.trim();
  if (!suffix) return null;
  if (suffix.length > LIMITS.NAME_SUFFIX_MAX) return 'max_length';
  if (!/^[\p{L}., ]+$/u.test(suffix)) return 'pattern';
  return null;
}

/** A US phone number: 10 digits (11 with a leading 1), shown as (xxx) xxx-xxxx; at most PHONE_NUMBER typed characters. */
export function isValidUsPhone(value: string): boolean {
  if (value.length > LIMITS.PHONE_NUMBER + 3) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/** The ten digits of a US phone number as typed, or null. */
export function usPhoneDigits(value: string): string | null {
  if (!isValidUsPhone(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? digits.slice(1) : digits;
}

/** One failed rule of a person's form: the field (as the API names it), the rule and a message naming both. */
export interface PersonIssue {
  field: string;
  rule: string;
  message: string;
}

export interface PersonFields {
  FirstName: string;
  LastName: string;
  Suffix?: string | null | undefined;
  Email: string;
  Phone?: string | null | undefined;
  Npi?: string | null | undefined;
  DeaNumber?: string | null | undefined;
}

/**
 * Every rule of a practice person's form at once: names, suffix, e-mail, phone, NPI (Luhn with prefix 80840;
 * required for a provider) and DEA number (letters and check digit; optional). Empty list when all pass.
 */
export function personIssues(fields: PersonFields, options: { provider: boolean }): PersonIssue[] {
  const issues: PersonIssue[] = [];
  const nameMessage = (label: string, rule: PersonNameRule) =>
    rule === 'required'
      ? `${label} is required`
      : rule === 'max_length'
        ? `${label} must be at most ${LIMITS.NAME} characters`
        : `${label} may contain letters, spaces and apostrophes only`;
  const first = personNameRule(fields.FirstName);
  if (first) issues.push({ field: 'FirstName', rule: first, message: nameMessage('First Name', first) });
  const last = personNameRule(fields.LastName);
  if (last) issues.push({ field: 'LastName', rule: last, message: nameMessage('Last Name', last) });
  const suffix = suffixRule(fields.Suffix ?? '');
  if (suffix)
    issues.push({
      field: 'Suffix',
      rule: suffix,
      message:
        suffix === 'max_length'
          ? `Suffix must be at most ${LIMITS.NAME_SUFFIX_MAX} characters`
          : 'Suffix may contain letters, dots, commas and spaces only',
    });
  const email = fields.Email.trim();
  if (!email) issues.push({ field: 'Email', rule: 'required', message: 'Email is required' });
  else if (!isValidEmailAddress(email))
    issues.push({ field: 'Email', rule: 'pattern', message: 'Email must be a valid e-mail address' });
  const phone = fields.Phone?.trim() ?? '';
  if (phone && !isValidUsPhone(phone))
    issues.push({ field: 'Phone', rule: 'pattern', message: 'Phone must be a US number of 10 digits' });
  const npi = fields.Npi?.trim() ?? '';
  if (!npi && options.provider)
    issues.push({ field: 'Npi', rule: 'required', message: 'NPI is required for a provider' });
  else if (npi && !isValidNpiNumber(npi))
    issues.push({ field: 'Npi', rule: 'npi', message: 'NPI must be 10 digits with a valid check digit' });
  const dea = fields.DeaNumber?.trim() ?? '';
  if (dea && !isValidDea(dea))
    issues.push({
      field: 'DeaNumber',
      rule: 'dea',
      message: 'DEA number must be 2 letters and 7 digits with a valid check digit',
    });
  return issues;
}
