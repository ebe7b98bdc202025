/** The sandbox card form's rules, kept apart from the component so they are tested on their own. */

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardFields;
export type CardErrors = Partial<Record<CardField, string>>;

/** Groups the digits by four as the user types (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as the user types. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Translation keys of what is wrong, per field; empty when the card can be sent. */
export function validateCard(fields: CardFields, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = fields.number.replace(/\D/g, '');
  if (!digits) errors.number = 'card.errors.numberRequired';
  else if (digits.length < 12 || digits.length > 19 || !luhnValid(digits))
    errors.number = 'card.errors.numberInvalid';
  const match = /^(\d{2})\/(\d{2})$/.exec(fields.expiry.trim());
  if (!fields.expiry.trim()) errors.expiry = 'card.errors.expiryRequired';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12)
    errors.expiry = 'card.errors.expiryInvalid';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      errors.expiry = 'card.errors.expired';
  }
  if (!fields.cvc.trim()) errors.cvc = 'card.errors.cvcRequired';
  else if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'card.errors.cvcInvalid';
  if (fields.name.trim().length > 100) errors.name = 'card.errors.nameTooLong';
  return errors;
}

/** The body of POST .../customers/payment-methods for a typed card. */
export function cardInput(fields: CardFields) {
  const [month, year] = fields.expiry.split('/');
  return {
    Number: fields.number.replace(/\D/g, ''),
    ExpMonth: Number(month),
    ExpYear: 2000 + Number(year),
    Cvc: fields.cvc.trim(),
    ...(fields.name.trim() ? { Name: fields.name.trim() } : {}),
  };
}

/** The sandbox gateway's test cards (decision 0012): what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'success' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;
