import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';

/** The SQL of the second factor (decision 0105): TOTP authenticators, recovery codes, realm challenges. */

export interface TotpRow {
  secret: string;
  confirmed: boolean;
}

/** The TOTP secret is sealed at rest (decision 0088): written sealed, opened on read. */
const TOTP_PURPOSE = 'identity_mfa_totp.secret';

/** Seals the TOTP secrets stored in clear (and reseals those of an older key); a row changes only as it was read. */
export async function sealTotpSecrets(database: Connection, secrets: SecretBox): Promise<number> {
  const rows = await database.query<{ user_id: string; secret: string }>(
    'select user_id, secret from identity_mfa_totp where secret not like $1',
    [`sealed:v1:${secrets.currentKeyId}:%`],
  );
  let changed = 0;
  for (const row of rows) {
    const updated = await database.query(
      'update identity_mfa_totp set secret = $2 where user_id = $1 and secret = $3 returning user_id',
      [row.user_id, secrets.reseal(row.secret, TOTP_PURPOSE), row.secret],
    );
    changed += updated.length;
  }
  return changed;
}

export async function findTotp(
  database: Connection,
  secrets: SecretBox,
  userId: string,
): Promise<TotpRow | null> {
  const rows = await database.query<{ secret: string; confirmed_at: Date | string | null }>(
    'select secret, confirmed_at from identity_mfa_totp where user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row
    ? { secret: secrets.open(row.secret, TOTP_PURPOSE), confirmed: row.confirmed_at !== null }
    : null;
}

/** Starts (or restarts, while unconfirmed) an enrolment with a new secret; a confirmed one is kept. */
export async function startTotp(
  database: Connection,
  secrets: SecretBox,
  userId: string,
  secret: string,
): Promise<boolean> {
  const rows = await database.query(
    `insert into identity_mfa_totp (user_id, secret) values ($1, $2)
     on conflict (user_id) do update set secret = excluded.secret, last_step = null, created_at = now()
       where identity_mfa_totp.confirmed_at is null
     returning user_id`,
    [userId, secrets.seal(secret, TOTP_PURPOSE)],
  );
  return rows.length === 1;
}

/**
 * Accepts a code's time step once: only a step later than the last accepted one moves the mark (one
 * conditional update, so two requests with the same code cannot both pass). Confirms an enrolment on its first code.
 */
export async function acceptStep(
  database: Connection,
  userId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await database.query(
    `update identity_mfa_totp set last_step = $2, confirmed_at = coalesce(confirmed_at, $3)
     where user_id = $1 and (last_step is null or last_step < $2)
     returning user_id`,
    [userId, step, now],
  );
  return rows.length === 1;
}

export async function deleteTotp(database: Connection, userId: string) {
  await database.query('delete from identity_mfa_totp where user_id = $1', [userId]);
  await database.query('delete from identity_mfa_recovery_codes where user_id = $1', [userId]);
}

export async function replaceRecoveryCodes(database: Connection, userId: string, hashes: readonly string[]) {
  await database.query('delete from identity_mfa_recovery_codes where user_id = $1', [userId]);
  for (const hash of hashes)
    await database.query('insert into identity_mfa_recovery_codes (user_id, code_hash) values ($1, $2)', [
      userId,
      hash,
    ]);
}

/** Uses a recovery code once (a conditional update: a second use, even in parallel, finds nothing). */
export async function useRecoveryCode(database: Connection, userId: string, hash: string, now: Date) {
  const rows = await database.query(
    `update identity_mfa_recovery_codes set used_at = $3
     where user_id = $1 and code_hash = $2 and used_at is null returning user_id`,
    [userId, hash, now],
  );
  return rows.length === 1;
}

export async function recoveryCodesLeft(database: Connection, userId: string): Promise<number> {
  const rows = await database.query<{ left: number | string }>(
    'select count(*) as left from identity_mfa_recovery_codes where user_id = $1 and used_at is null',
    [userId],
  );
  return Number(rows[0]?.left ?? 0);
}

export type ChallengeKind = 'verify' | 'enrol' | 'passed';

export async function putChallenge(
  database: Connection,
  uid: string,
  userId: string,
  kind: ChallengeKind,
  expiresAt: Date,
) {
  await database.query(
    `insert into identity_mfa_challenges (uid, user_id, kind, expires_at) values ($1, $2, $3, $4)
     on conflict (uid) do update set user_id = excluded.user_id, kind = excluded.kind, expires_at = excluded.expires_at`,
    [uid, userId, kind, expiresAt],
  );
}

export async function findChallenge(database: Connection, uid: string, now: Date) {
  const rows = await database.query<{ user_id: string; kind: ChallengeKind }>(
    'select user_id, kind from identity_mfa_challenges where uid = $1 and expires_at > $2',
    [uid, now],
  );
  return rows[0] ?? null;
}

export async function deleteChallenge(database: Connection, uid: string) {
  await database.query('delete from identity_mfa_challenges where uid = $1', [uid]);
}

export async function practiceRequiresMfa(database: Connection, organizationId: string): Promise<boolean> {
  const rows = await database.query<{ required: boolean }>(
    'select required from identity_mfa_practice_requirements where organization_id = $1',
    [organizationId],
  );
  return rows[0]?.required ?? false;
}

export async function setPracticeRequirement(
  database: Connection,
  organizationId: string,
  required: boolean,
  now: Date,
) {
  await database.query(
    `insert into identity_mfa_practice_requirements (organization_id, required, updated_at) values ($1, $2, $3)
     on conflict (organization_id) do update set required = excluded.required, updated_at = excluded.updated_at`,
    [organizationId, required, now],
  );
}
