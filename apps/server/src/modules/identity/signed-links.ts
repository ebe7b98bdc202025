import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key signed links are made with: derived from the token signing key, so every instance shares it. */
export function signedLinkKey(tokens: { privateJwk(): { d?: unknown } }): string {
  return createHmac('sha256', String(tokens.privateJwk().d))
    .update('careslot-signed-links')
    .digest('base64url');
}

/**
 * Signed links (POST v1/signed-link/create): a CareSlot path with an expiry and an HMAC over both, so a
 * page can trust a link it did not hand out in the same session (a form or survey sent by e-mail).
 */
export function signLink(key: string, path: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}exp=${exp}&sig=${signature(key, path, exp)}`;
}

function signature(key: string, path: string, exp: number) {
  return createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
}

/** True when a signed path is untouched and not expired. */
export function verifyLink(key: string, signedPath: string, now: Date): boolean {
  const match = /^(.*)[?&]exp=(\d+)&sig=([A-Za-z0-9_-]+)$/.exec(signedPath);
  if (!match) return false;
  const [, path, expText, sig] = match as unknown as [string, string, string, string];
  const exp = Number(expText);
  if (exp * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, path, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
