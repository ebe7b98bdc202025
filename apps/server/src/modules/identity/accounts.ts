import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { lastSignInAt } from '../../platform/audit';
import type { Connection, Database } from '../../platform/db';
import {
  accountOfPatient,
  clearLoginFailures,
  findAccountByEmail,
  findCredentials,
  isLocked,
  reserveLoginTry,
  type Account,
} from './store';

/** Argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);

/** Failed attempts before an address is locked, and how long the lock lasts (doubling each time). */
export const LOCKOUT = { attempts: 5, baseMs: 30_000, maxMs: 15 * 60_000 } as const;

/** The key sign-in failures are counted under: the lower-cased address, hashed (no e-mail at rest there). */
export const loginKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export type PasswordCheck = { ok: true; account: Account } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks an e-mail and password. Every try is counted before the password is checked (one conditional
 * upsert), so parallel guesses cannot pass the limit; after LOCKOUT.attempts failures the address is locked
 * for a back-off that doubles with each further failure, and a success clears it. Unknown e-mails are counted,
 * locked and hashed against just as known ones, so neither the answer nor its timing tells which exist.
 */
export async function checkPassword(
  database: Database,
  email: string,
  password: string,
  now: Date,
): Promise<PasswordCheck> {
  const key = loginKey(email);
  const reserved = await reserveLoginTry(database, key, now, LOCKOUT);
  if (!reserved) return { ok: false, reason: 'locked' };
  const row = await findCredentials(database, email);
  const matches = await verify(row?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!row || !matches) return { ok: false, reason: reserved.lockedUntil ? 'locked' : 'invalid' };
  await clearLoginFailures(database, key);
  return { ok: true, account: row.account };
}

// The hash of a random string nobody knows: verified against when the e-mail is unknown.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$gSfeueqZZWBI2szvIewP/Q$P11B+C5+0QLNKc25WJMH+o7mYO/ze1sgi2atlCXoHPw';

/** A patient's account as support sees it: whether one exists, is locked out, and its last sign-in. */
export async function patientAccountState(database: Connection, patientId: string, now: Date) {
  const account = await accountOfPatient(database, patientId);
  if (!account) return { exists: false, locked: false, lastSignInAt: null };
  const signedInAt = await lastSignInAt(database, account.id);
  return {
    exists: true,
    locked: await isLocked(database, loginKey(account.email), now),
    lastSignInAt: signedInAt ? new Date(signedInAt).toISOString() : null,
  };
}

/** Whether an account signs in with this e-mail (any user type), read on the caller's connection (a transaction's). */
export async function emailHasAccount(connection: Connection, email: string): Promise<boolean> {
  return (await findAccountByEmail(connection, email)) !== null;
}
