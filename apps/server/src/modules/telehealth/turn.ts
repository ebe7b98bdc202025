import { createHmac } from 'node:crypto';

/** One ICE server as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface IceConfig {
  /** STUN and TURN URLs from configuration (TELEHEALTH_ICE_URLS). */
  urls: readonly string[];
  /** The TURN server's shared secret (coturn's static-auth-secret); absent: no TURN credentials. */
  secret?: string | undefined;
  ttlSeconds: number;
}

export const iceUrlsOf = (setting: string): string[] =>
  setting
    .split(',')
    .map((url) => url.trim())
    .filter((url) => /^(stun|stuns|turn|turns):/.test(url));

/**
 * Short-lived TURN credentials by the TURN REST scheme (draft-uberti-behave-turn-rest, coturn's
 * use-auth-secret): the username is `<expiry unix seconds>:<user>`, the password the base64 HMAC-SHA1 of the
 * username under the shared secret. The TURN server checks both and refuses the username once its expiry has
 * passed, so a credential copied out of a browser dies with it; the secret never leaves the server.
 */
export function turnCredential(
  secret: string,
  user: string,
  now: Date,
  ttlSeconds: number,
): { username: string; credential: string; expiresAt: Date } {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${user}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt: new Date(expiry * 1000) };
}

/** The ICE servers a participant's browser gets: STUN as configured, TURN with a credential of its own. */
export function iceServersFor(
  config: IceConfig,
  user: string,
  now: Date,
): { servers: IceServer[]; expiresAt: string | null } {
  const stun = config.urls.filter((url) => url.startsWith('stun'));
  const turn = config.urls.filter((url) => url.startsWith('turn'));
  const servers: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (!turn.length || !config.secret) return { servers, expiresAt: null };
  const { username, credential, expiresAt } = turnCredential(config.secret, user, now, config.ttlSeconds);
  servers.push({ urls: turn, username, credential });
  return { servers, expiresAt: expiresAt.toISOString() };
}
