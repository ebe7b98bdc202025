import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type CryptoKey } from 'jose';
import type { Connection, Database } from './db';
import type { SecretBox } from './secrets';

export const TOKEN_ISSUER = 'careslot';
export const TOKEN_AUDIENCE = 'careslot-api';
const ALG = 'ES256';
/**
 * The bound on a stale "not revoked" (decision 0102): an instance answers from its copy of the denylist, read at
 * most this long ago. A revocation on another instance reaches it sooner through NOTIFY (`start()`); this bound
 * holds when that wake-up is lost (a dropped LISTEN connection) or never listened for.
 */
export const REVOCATION_SYNC_MS = 5_000;
/** The NOTIFY channel a revocation wakes the other instances' denylists on. */
const REVOCATION_CHANNEL = 'token_revocations';

/** The claims of a product API token (spec: patient-booking.md §3.1). */
export interface ProductClaims {
  sub: string;
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  gender?: string;
  user_roles: string[];
  user_type?: string;
  careslot_id?: string;
  PracticeId?: string;
  /** A legacy EHR practitioner's ids (spec 3.1). */
  electronic_claim_id?: string;
  vendor_id?: string;
  sid?: string;
  preferred_username?: string;
  mobile_number?: string;
  dob?: string;
  invitation_id?: string;
  eula_accepted?: string;
  oha_accepted?: string;
  realm_access?: { roles: string[] };
  /** True on anonymous guest tokens (they carry no roles). */
  guest?: boolean;
  /** A video visit's invited guest: the one meeting the guest token admits to, and the guest's participant id. */
  meeting_id?: string;
  meeting_participant_id?: string;
  exp?: number;
  iat?: number;
  jti?: string;
}

export interface TokenService {
  readonly kid: string;
  sign(claims: ProductClaims, ttlSeconds: number): Promise<string>;
  /**
   * Verifies signature, issuer, audience and expiry, and that the token was not revoked; throws on any failure.
   * `fresh` asks the database about revocation instead of trusting this instance's few-seconds cache: a real-time
   * handshake uses it, so a socket dropped because its user was signed out cannot reconnect on the cached answer.
   */
  verify(token: string, options?: { fresh?: boolean }): Promise<ProductClaims>;
  /** Revokes tokens by id (jti) until they would expire anyway: every instance refuses them within seconds. */
  revoke(tokens: { jti: string; expiresAt: Date }[]): Promise<void>;
  /** Listens for other instances' revocations (LISTEN), so this instance's denylist is read again at once. */
  start(): Promise<void>;
  close(): Promise<void>;
  publicJwks(): { keys: JWK[] };
  /** The private signing key, for the identity provider that signs ID tokens with the same key. */
  privateJwk(): JWK;
}

interface KeyRow {
  kid: string;
  /** Sealed (platform/secrets.ts): the private key is never stored in clear (decision 0088). */
  private_jwk: string;
  public_jwk: JWK;
}

/** The purpose a signing key's private half is sealed for (the additional data of its sealed value). */
const SIGNING_KEY_PURPOSE = 'signing_keys.private_jwk';

/**
 * Seals the signing keys stored in clear (a database from before decision 0088) and reseals those of an older
 * key under the current one; each row changes only if it still holds what was read (two starts agree).
 */
export async function sealSigningKeys(database: Connection, secrets: SecretBox): Promise<number> {
  const rows = await database.query<{ kid: string; private_jwk: string }>(
    'select kid, private_jwk from signing_keys where private_jwk not like $1',
    [`sealed:v1:${secrets.currentKeyId}:%`],
  );
  let changed = 0;
  for (const row of rows) {
    const sealed = secrets.reseal(row.private_jwk, SIGNING_KEY_PURPOSE);
    const updated = await database.query(
      'update signing_keys set private_jwk = $2 where kid = $1 and private_jwk = $3 returning kid',
      [row.kid, sealed, row.private_jwk],
    );
    changed += updated.length;
  }
  return changed;
}

/** Loads the current signing key, creating one on first start; keys live in the database so instances agree. */
export async function createTokenService(
  database: Database,
  now: () => Date,
  secrets: SecretBox,
): Promise<TokenService> {
  const stored = (
    await database.query<KeyRow>(
      'select kid, private_jwk, public_jwk from signing_keys where retired_at is null order by created_at desc limit 1',
    )
  )[0];
  let row: { kid: string; private_jwk: JWK; public_jwk: JWK } | undefined = stored && {
    kid: stored.kid,
    private_jwk: JSON.parse(
      secrets.isSealed(stored.private_jwk)
        ? secrets.open(stored.private_jwk, SIGNING_KEY_PURPOSE)
        : stored.private_jwk,
    ) as JWK,
    public_jwk: stored.public_jwk,
  };
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    await database.query(
      'insert into signing_keys (kid, alg, private_jwk, public_jwk) values ($1, $2, $3, $4) on conflict do nothing',
      [kid, ALG, secrets.seal(JSON.stringify(privateJwk), SIGNING_KEY_PURPOSE), JSON.stringify(publicJwk)],
    );
    row = { kid, private_jwk: privateJwk, public_jwk: publicJwk };
  }
  const privateKey = (await importJWK(row.private_jwk, ALG)) as CryptoKey;
  const publicKey = (await importJWK(row.public_jwk, ALG)) as CryptoKey;
  const kid = row.kid;
  const publicJwk = row.public_jwk;
  const signingJwk = row.private_jwk;
  // The denylist lives in the database so every instance sees a revocation. Each instance keeps a copy of it
  // (the unexpired rows: a few per sign-out), read again when older than REVOCATION_SYNC_MS or when another
  // instance's revocation wakes it; its own revocations it knows at once. A verification costs no statement
  // (decision 0102), where it cost one per new token id before.
  const revokedHere = new Map<string, number>();
  let denylist = new Set<string>();
  let syncedAt = Number.NEGATIVE_INFINITY;
  let invalidations = 0;
  let syncing: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const sync = () =>
    (syncing ??= (async () => {
      const startedAt = now().getTime();
      const generation = invalidations;
      const rows = await database.query<{ jti: string }>(
        'select jti from revoked_tokens where expires_at > $1',
        [new Date(startedAt)],
      );
      denylist = new Set(rows.map((r) => r.jti));
      // A wake-up during the read may be about a row it missed: then the copy counts as old at once.
      syncedAt = generation === invalidations ? startedAt : Number.NEGATIVE_INFINITY;
    })().finally(() => {
      syncing = null;
    }));
  const revokedInDatabase = async (jti: string) =>
    (await database.query('select 1 from revoked_tokens where jti = $1', [jti])).length > 0;
  const isRevoked = async (jti: string, fresh: boolean) => {
    if (revokedHere.has(jti)) return true;
    if (fresh) return revokedInDatabase(jti);
    if (now().getTime() - syncedAt > REVOCATION_SYNC_MS) await sync();
    return denylist.has(jti);
  };

  return {
    kid,
    async sign(claims, ttlSeconds) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const { exp: _exp, iat: _iat, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: ALG, kid })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .setJti(randomUUID())
        .sign(privateKey);
    },
    async verify(token, options) {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: [ALG],
        currentDate: now(),
      });
      if (payload.jti && (await isRevoked(payload.jti, options?.fresh === true)))
        throw new Error('token revoked');
      return payload as unknown as ProductClaims;
    },
    async revoke(list) {
      if (list.length === 0) return;
      const current = now();
      await database.query('delete from revoked_tokens where expires_at < $1', [current]);
      for (const [jti, until] of revokedHere) if (until < current.getTime()) revokedHere.delete(jti);
      for (const { jti, expiresAt } of list) {
        await database.query(
          'insert into revoked_tokens (jti, expires_at) values ($1, $2) on conflict (jti) do nothing',
          [jti, expiresAt],
        );
        revokedHere.set(jti, expiresAt.getTime());
      }
      await database.query(`select pg_notify('${REVOCATION_CHANNEL}', '')`);
    },
    async start() {
      if (unlisten) return;
      unlisten = await database.listen(REVOCATION_CHANNEL, () => {
        invalidations += 1;
        syncedAt = Number.NEGATIVE_INFINITY;
      });
    },
    async close() {
      const stop = unlisten;
      unlisten = null;
      if (stop) await stop();
    },
    publicJwks: () => ({ keys: [publicJwk] }),
    privateJwk: () => signingJwk,
  };
}
