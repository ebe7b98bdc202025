import { PKCE_VERIFIER_RANDOM_VALUES } from '@careslot/contracts';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * A PKCE verifier from 28 random values (patient-booking.md §9), each written as two hex digits: 56
 * characters, inside the 43 to 128 that RFC 7636 requires (base64url of 28 bytes would be only 38).
 */
export function createVerifier(
  random: (array: Uint8Array) => Uint8Array = (a) => crypto.getRandomValues(a),
): string {
  return Array.from(random(new Uint8Array(PKCE_VERIFIER_RANDOM_VALUES)), (value) =>
    value.toString(16).padStart(2, '0'),
  ).join('');
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
