import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { hashPassword, loginKey } from './accounts';
import {
  clearLoginFailures,
  findAccountByEmail,
  latestResetCode,
  insertResetRequest,
  recentResetRequests,
  refundResetTry,
  replaceResetCode,
  reserveResetTry,
  setPasswordHash,
  useResetCode,
  type Account,
} from './store';

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

export type SendResult = { ok: true } | { ok: false; reason: 'wait'; retryAfterS?: number };

/**
 * Creates a fresh code for the account behind the e-mail (earlier codes stop working) and sends it. An address
 * without an account goes through the same steps (the back-off is counted per address, and it is sent an
 * e-mail saying no account uses it), so neither the answer nor its timing tells which addresses have one.
 */
export async function sendResetCode(
  database: Database,
  outbox: Outbox,
  email: string,
  now: Date,
): Promise<SendResult> {
  const key = loginKey(email);
  const recent = await recentResetRequests(database, key, new Date(now.getTime() - 60 * 60_000));
  if (recent.length >= RESET_CODE.perHour) return { ok: false, reason: 'wait', retryAfterS: 60 * 60 };
  if (recent[0]) {
    const wait = RESET_CODE.resendBaseMs * 2 ** (recent.length - 1);
    const elapsed = now.getTime() - recent[0].getTime();
    if (elapsed < wait) return { ok: false, reason: 'wait', retryAfterS: Math.ceil((wait - elapsed) / 1000) };
  }
  await insertResetRequest(database, key, now);
  const account = await findAccountByEmail(database, email);
  if (!account) {
    await outbox.send({
      channel: 'email',
      to: email,
      subject: 'Your CareSlot password reset',
      body:
        `Hello,\n\nSomeone asked to reset the CareSlot password of this e-mail address, but no CareSlot account ` +
        `uses it. If it was you, you may have signed up with another address.\n\nIf it was not you, you can ignore this e-mail.`,
      template: 'password-reset-no-account',
    });
    return { ok: true };
  }
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  await replaceResetCode(
    database,
    account.id,
    hashCode(account.id, code),
    new Date(now.getTime() + RESET_CODE.ttlMs),
    now,
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
  return { ok: true };
}

export type CodeCheck =
  { ok: true; account: Account; codeId: string } | { ok: false; reason: 'invalid' | 'expired' | 'exhausted' };

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
  // An address without an account answers as one without a live code.
  if (!account) return { ok: false, reason: 'invalid' };
  const row = await latestResetCode(database, account.id);
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= now)
    return { ok: false, reason: row.attempts >= RESET_CODE.maxAttempts ? 'exhausted' : 'expired' };
  const tries = await reserveResetTry(database, row.id, RESET_CODE.maxAttempts);
  if (tries === null) return { ok: false, reason: 'exhausted' };
  const given = Buffer.from(hashCode(account.id, code));
  if (given.length !== row.codeHash.length || !timingSafeEqual(given, Buffer.from(row.codeHash)))
    return { ok: false, reason: tries >= RESET_CODE.maxAttempts ? 'exhausted' : 'invalid' };
  await refundResetTry(database, row.id);
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
  if (!(await useResetCode(database, check.codeId, now))) return { ok: false, reason: 'invalid' };
  await setPasswordHash(database, check.account.id, passwordHash);
  await clearLoginFailures(database, loginKey(check.account.email));
  return check;
}
