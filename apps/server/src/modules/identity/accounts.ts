import { hash, verify } from '@node-rs/argon2';
import type { Database } from '../../platform/db';
import { clearLoginFailures, findCredentials, setLoginFailures, type Account } from './store';

/** Argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);

/** Failed attempts before an account is locked, and how long the lock lasts (doubling each time). */
export const LOCKOUT = { attempts: 5, baseMs: 30_000, maxMs: 15 * 60_000 } as const;

export type PasswordCheck = { ok: true; account: Account } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks an e-mail and password. Unknown e-mails cost a hash too, so timing does not tell which e-mails
 * exist. After LOCKOUT.attempts failures the account is locked for a back-off that doubles with each
 * further failure; a success clears it.
 */
export async function checkPassword(
  database: Database,
  email: string,
  password: string,
  now: Date,
): Promise<PasswordCheck> {
  const row = await findCredentials(database, email);
  if (!row) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return { ok: false, reason: 'invalid' };
  }
  if (row.lockedUntil && row.lockedUntil > now) return { ok: false, reason: 'locked' };
  const matches = await verify(row.passwordHash, password).catch(() => false);
  if (!matches) {
    const failures = row.failedLogins + 1;
    const over = failures - LOCKOUT.attempts;
    const lockedUntil =
      over >= 0 ? new Date(now.getTime() + Math.min(LOCKOUT.baseMs * 2 ** over, LOCKOUT.maxMs)) : null;
    await setLoginFailures(database, row.account.id, failures, lockedUntil);
    return { ok: false, reason: lockedUntil ? 'locked' : 'invalid' };
  }
  if (row.failedLogins > 0) await clearLoginFailures(database, row.account.id);
  return { ok: true, account: row.account };
}

// The hash of a random string nobody knows: verified against when the e-mail is unknown.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$gSfeueqZZWBI2szvIewP/Q$P11B+C5+0QLNKc25WJMH+o7mYO/ze1sgi2atlCXoHPw';
