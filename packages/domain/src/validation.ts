/**
 * Validation patterns and length limits of the spec (patient-booking.md §5.1, practice-portal.md §5).
 * One home for both sides: the server's zod schemas and the web forms use these.
 */
export const PATTERNS = {
  username: /^[A-Za-z0-9_.]{0,100}$/,
  // A standard address that forbids the special characters the spec excludes; the domain ends in 2+ letters.
  email:
    /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/,
  emailWithDomain: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/,
  numeric: /^[0-9]+$/,
  alphabet: /^[A-Za-z]+$/,
  name: /^[\p{L}' ]+$/u,
  city: /^[\p{L} ]+$/u,
  dob: /^(0?[1-9]|1[0-2])\/(0?[1-9]|[12][0-9]|3[01])\/[0-9]{4}$/,
  ssn: /^(?!000)[0-9]{3}-?(?!00)[0-9]{2}-?(?!0000)[0-9]{4}$/,
  deaLetter: /^[A-HJ-MPR-UX]$/i,
} as const;

export const LIMITS = {
  NAME: 35,
  PHONE_NUMBER: 14,
  EMAIL: 320,
  FIRM: 50,
  ADDRESS: 50,
  FACILITY_NAME: 75,
  FACILITY_LONGITUDE: 20,
  FACILITY_LATITUDE: 20,
  CITY: 30,
  NAME_SUFFIX_MAX: 25,
  PREFERRED_NAME: 30,
  NAME_MIN_LENGTH: 2,
  NPI: 10,
  ZIP_MIN: 5,
  ZIP_MAX_DIGITS: 9,
  ZIP_INPUT_MAX_LENGTH: 10,
  ZIP_LOOKUP_MIN: 3,
} as const;

/** '~' and backtick are unwanted characters in free text. */
export const UNWANTED_CHARACTERS = /[~`]/;

export function hasUnwantedCharacters(value: string): boolean {
  return UNWANTED_CHARACTERS.test(value);
}

/** String equality is case-insensitive throughout the product. */
export function equalsIgnoreCase(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return a === b;
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

export function isValidEmail(value: string): boolean {
  return value.length <= LIMITS.EMAIL && PATTERNS.email.test(value);
}

/** NPI check digit: Luhn over the prefix 80840 and the first nine digits. */
export function isValidNpi(npi: string): boolean {
  if (!/^[0-9]{10}$/.test(npi)) return false;
  const digits = `80840${npi}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
    let d = digits[i] ?? 0;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A date of birth typed as M/D/YYYY (§5.1 dob pattern) as an ISO date, or null when it is no real date. */
export function usDateToIso(value: string): string | null {
  const match = PATTERNS.dob.exec(value.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(value.trim().slice(-4))];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole years from an ISO birth date to a moment (UTC calendar days). */
export function ageInYears(birthDateIso: string, now: Date): number {
  const [year, month, day] = birthDateIso.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
