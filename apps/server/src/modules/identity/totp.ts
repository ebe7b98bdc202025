import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with node:crypto alone: a 20-byte secret,
 * 30-second steps, 6 digits, HMAC-SHA1 (what every authenticator app reads from an otpauth URI). The other
 * hashes and lengths are there for the RFC's own test vectors.
 */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, secretBytes: 20 } as const;

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 §5.3): the dynamically truncated HMAC of the counter, as `digits` decimal digits. */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits: number = TOTP.digits,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (RFC 6238 §4.2, T0 = 0). */
export const timeStep = (at: Date, periodSeconds: number = TOTP.periodSeconds) =>
  Math.floor(at.getTime() / 1000 / periodSeconds);

export function totp(
  secret: Uint8Array,
  at: Date,
  options: { digits?: number; algorithm?: TotpAlgorithm; periodSeconds?: number } = {},
): string {
  return hotp(secret, timeStep(at, options.periodSeconds), options.digits, options.algorithm);
}

/**
 * The time step a code was made for, within ±window steps of `at` (clock drift), or null. Compared in constant
 * time. The caller refuses a step at or before the last one accepted (no replay within the window).
 */
export function matchingStep(secret: Uint8Array, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = timeStep(at);
  let found: number | null = null;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step += 1) {
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

export const newTotpSecret = () => base32Encode(randomBytes(TOTP.secretBytes));

/** The otpauth URI (Key Uri Format) an authenticator app reads from the enrolment QR code. */
export function otpauthUri(secret: string, accountName: string, issuer = 'CareSlot'): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

// ---------- recovery codes ----------

export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time recovery codes of 10 characters each (50 bits), shown once as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** A recovery code as stored: SHA-256 of its normalised form (the codes are random, not chosen: no salt needed). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
