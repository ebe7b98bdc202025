/**
 * The practice's payment settings (decision 0055): fees are integer cents inside the product and dollars in
 * the settings form; account fields are answered masked.
 */
import { MAX_VISIT_FEE_CENTS } from '@careslot/contracts';
import { maskCard } from './format';

/** A dollar amount as typed ('75', '75.5', '75.50', '$1,200.00') in integer cents, or null when it is not one. */
export function dollarsToCents(typed: string): number | null {
  const text = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the form shows them: '75.00'. */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Why a typed fee is refused, or null when it is a fee the server takes (0 to MAX_VISIT_FEE_CENTS). */
export function visitFeeProblem(typed: string): 'format' | 'max' | null {
  const cents = dollarsToCents(typed);
  if (cents === null) return 'format';
  return cents > MAX_VISIT_FEE_CENTS ? 'max' : null;
}

/** An account field as reads answer it: 'xxxxxxxxxx' and its last 6 characters (constants §9), null when unset. */
export function maskAccount(value: string | null | undefined): string | null {
  return value ? maskCard(value) : null;
}
