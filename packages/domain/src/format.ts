/** Display formatters of the spec (constants.md: phone, zip, names, relative age, masking). */

/** Phone shown as (xxx) xxx-xxxx with an optional country code. */
export function formatPhone(value: string, countryCode?: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  const local = digits.length > 10 ? digits.slice(-10) : digits;
  if (local.length !== 10) return value;
  const formatted = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  const code = countryCode ?? (digits.length > 10 ? digits.slice(0, -10) : '');
  return code ? `+${code.replace(/^\+/, '')} ${formatted}` : formatted;
}

/** Name shown as '{Last Name}, {First Name}'. */
export function formatListName(first: string, last: string): string {
  return [last, first].filter((part) => part.trim().length > 0).join(', ');
}

/** Masked gateway card: 'xxxxxxxxxx' + the last 6 characters. */
export function maskCard(card: string): string {
  return `xxxxxxxxxx${card.slice(-6)}`;
}

/** Initials: the first letter of the preferred name; otherwise first letters of first and last names. */
export function initials(person: {
  preferredName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const preferred = person.preferredName?.trim();
  if (preferred) return preferred.charAt(0).toUpperCase();
  return `${person.firstName?.trim().charAt(0) ?? ''}${person.lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
}

export type RelativeAge =
  | { unit: 'days'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'minutes'; count: number }
  | { unit: 'now' };

/** Relative age: 'Nd ago', then 'Nh ago', then 'Nm ago', else 'Just now'. */
export function relativeAge(from: Date, now: Date): RelativeAge {
  const minutes = Math.floor((now.getTime() - from.getTime()) / 60_000);
  if (minutes >= 24 * 60) return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  if (minutes >= 1) return { unit: 'minutes', count: minutes };
  return { unit: 'now' };
}

/** Salutation follows gender: male Mr, female Mrs, otherwise Mx. */
export function salutationFor(gender: string | null | undefined): 'Mr' | 'Mrs' | 'Mx' {
  const g = gender?.toLowerCase();
  if (g === 'm' || g === 'male') return 'Mr';
  if (g === 'f' || g === 'female') return 'Mrs';
  return 'Mx';
}
