/** Zip input rules (patient-booking.md §5.1): digits only, at most 9, shown as 12345-6789. */

export function zipDigits(value: string): string {
  return value.replace(/[^0-9]/g, '').slice(0, 9);
}

/** Formats what was typed: '123456' → '12345-6'; never more than 10 characters. */
export function formatZip(value: string): string {
  const digits = zipDigits(value);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export type ZipValidation = { valid: true } | { valid: false; error: 'invalidZipLength' };

/** Valid only with exactly 5 or 9 digits; empty is valid. */
export function validateZip(value: string): ZipValidation {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length === 0 || digits.length === 5 || digits.length === 9) return { valid: true };
  return { valid: false, error: 'invalidZipLength' };
}
