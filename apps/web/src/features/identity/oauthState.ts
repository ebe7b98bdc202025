/**
 * The OAuth / registration state of patient-booking.md §3.1: base64 of a JSON object. It round-trips
 * through the realm, so the callback knows how the sign-in began (selfInitiated registrations skip the
 * silent single-sign-on probe, §2.2); `nonce` makes every state unique, so it doubles as the CSRF check.
 */
export interface OAuthState {
  nonce: string;
  profileMode?: 'appointment' | 'basic';
  selfInitiated?: boolean;
  sessionId?: string;
  screeningFormId?: string;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function encodeState(state: OAuthState): string {
  return toBase64Url(JSON.stringify(state));
}

export function decodeState(value: string | null): OAuthState | null {
  if (!value) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ) as unknown;
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as OAuthState).nonce !== 'string')
      return null;
    return parsed as OAuthState;
  } catch {
    return null;
  }
}
