import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { findAccountByEmail, hashPassword, type Account } from './accounts';

/** Reset codes: 6 digits, valid 10 minutes, single use, at most 5 wrong tries. */
export const RESET_CODE = {
  digits: 6,
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  /** A new code within the hour waits 15 s, then twice as long each time (back-off against mail bombing). */
  resendBaseMs: 15_000,
  perHour: 6,
} as const;

const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

export type SendResult =
  { ok: true; account: Account } | { ok: false; reason: 'unknown' | 'wait'; retryAfterS?: number };

/** Creates a fresh code for the account behind the e-mail (earlier codes stop working) and sends it. */
export async function sendResetCode(
  database: Database,
  outbox: Outbox,
  email: string,
  now: Date,
): Promise<SendResult> {
  const account = await findAccountByEmail(database, email);
  if (!account) return { ok: false, reason: 'unknown' };
  const recent = await database.query<{ created_at: Date | string }>(
    `select created_at from identity_reset_codes where user_id = $1 and created_at > $2 order by created_at desc`,
    [account.id, new Date(now.getTime() - 60 * 60_000)],
  );
  if (recent.length >= RESET_CODE.perHour) return { ok: false, reason: 'wait', retryAfterS: 60 * 60 };
  if (recent[0]) {
    const wait = RESET_CODE.resendBaseMs * 2 ** (recent.length - 1);
    const elapsed = now.getTime() - new Date(recent[0].created_at).getTime();
    if (elapsed < wait) return { ok: false, reason: 'wait', retryAfterS: Math.ceil((wait - elapsed) / 1000) };
  }
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  await database.query(
    `update identity_reset_codes set used_at = $2 where user_id = $1 and used_at is null`,
    [account.id, now],
  );
  await database.query(
    `insert into identity_reset_codes (user_id, code_hash, expires_at, created_at) values ($1, $2, $3, $4)`,
    [account.id, hashCode(account.id, code), new Date(now.getTime() + RESET_CODE.ttlMs), now],
  );
  await outbox.send({
    channel: 'email',
    to: account.email,
    subject: 'Your CareSlot password reset code',
    body:
      `Hello ${account.givenName},\n\nYour CareSlot password reset code is ${code}. It is valid for 10 minutes ` +
      `and can be used once.\n\nIf you did not ask to reset your password, you can ignore this e-mail.`,
    template: 'password-reset',
  });
  return { ok: true, account };
}

export type CodeCheck =
  | { ok: true; account: Account; codeId: string }
  | { ok: false; reason: 'unknown' | 'invalid' | 'expired' | 'exhausted' };

/**
 * Checks a code against the account's latest live code; every wrong try counts, and after
 * RESET_CODE.maxAttempts wrong tries the code is dead even for the right digits.
 */
export async function checkResetCode(
  database: Database,
  email: string,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const account = await findAccountByEmail(database, email);
  if (!account) return { ok: false, reason: 'unknown' };
  const rows = await database.query<{
    id: string;
    code_hash: string;
    attempts: number;
    expires_at: Date | string;
  }>(
    `select id, code_hash, attempts, expires_at from identity_reset_codes
     where user_id = $1 and used_at is null order by created_at desc limit 1`,
    [account.id],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.attempts >= RESET_CODE.maxAttempts) return { ok: false, reason: 'exhausted' };
  if (new Date(row.expires_at) <= now) return { ok: false, reason: 'expired' };
  const given = Buffer.from(hashCode(account.id, code));
  if (given.length !== row.code_hash.length || !timingSafeEqual(given, Buffer.from(row.code_hash))) {
    await database.query('update identity_reset_codes set attempts = attempts + 1 where id = $1', [row.id]);
    return { ok: false, reason: row.attempts + 1 >= RESET_CODE.maxAttempts ? 'exhausted' : 'invalid' };
  }
  return { ok: true, account, codeId: row.id };
}

/** Sets the new password with a valid code; the code is used up and any lock-out is cleared. */
export async function resetPassword(
  database: Database,
  email: string,
  code: string,
  password: string,
  now: Date,
): Promise<CodeCheck> {
  const check = await checkResetCode(database, email, code, now);
  if (!check.ok) return check;
  const passwordHash = await hashPassword(password);
  const used = await database.query<{ id: string }>(
    'update identity_reset_codes set used_at = $2 where id = $1 and used_at is null returning id',
    [check.codeId, now],
  );
  if (!used[0]) return { ok: false, reason: 'invalid' };
  await database.query(
    'update identity_users set password_hash = $2, failed_logins = 0, locked_until = null where id = $1',
    [check.account.id, passwordHash],
  );
  return check;
}
