import { hash, verify } from '@node-rs/argon2';
import type { Connection, Database } from '../../platform/db';

/** A sign-in account of the realm (identity_users). */
export interface Account {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  gender: string | null;
  birthDate: string | null;
  mobileNumber: string | null;
  userType: 'Patient' | 'Practitioner' | 'SuperUser';
  userRoles: string[];
  careslotId: string | null;
  practiceId: string | null;
  /** The legacy EHR's ids of a practitioner (spec 3.1), when the sign-in comes from one. */
  electronicClaimId: string | null;
  vendorId: string | null;
  eulaAccepted: boolean;
  ohaAccepted: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  given_name: string;
  family_name: string;
  gender: string | null;
  birth_date: string | null;
  mobile_number: string | null;
  user_type: Account['userType'];
  user_roles: string[];
  careslot_id: string | null;
  practice_id: string | null;
  electronic_claim_id: string | null;
  vendor_id: string | null;
  eula_accepted: boolean;
  oha_accepted: boolean;
  failed_logins: number;
  locked_until: Date | string | null;
}

const COLUMNS = `id, email, password_hash, given_name, family_name, gender, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
  mobile_number, user_type, user_roles, careslot_id, practice_id, electronic_claim_id, vendor_id, eula_accepted, oha_accepted, failed_logins, locked_until`;

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    givenName: row.given_name,
    familyName: row.family_name,
    gender: row.gender,
    birthDate: row.birth_date,
    mobileNumber: row.mobile_number,
    userType: row.user_type,
    userRoles: row.user_roles,
    careslotId: row.careslot_id,
    practiceId: row.practice_id,
    electronicClaimId: row.electronic_claim_id,
    vendorId: row.vendor_id,
    eulaAccepted: row.eula_accepted,
    ohaAccepted: row.oha_accepted,
  };
}

/** Argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);

export async function findAccountById(database: Database, id: string): Promise<Account | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await database.query<AccountRow>(`select ${COLUMNS} from identity_users where id = $1`, [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccountByEmail(database: Database, email: string): Promise<Account | null> {
  const rows = await database.query<AccountRow>(
    `select ${COLUMNS} from identity_users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

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
  const rows = await database.query<AccountRow>(
    `select ${COLUMNS} from identity_users where lower(email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  if (!row) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return { ok: false, reason: 'invalid' };
  }
  if (row.locked_until && new Date(row.locked_until) > now) return { ok: false, reason: 'locked' };
  const matches = await verify(row.password_hash, password).catch(() => false);
  if (!matches) {
    const failures = row.failed_logins + 1;
    const over = failures - LOCKOUT.attempts;
    const lockedUntil =
      over >= 0 ? new Date(now.getTime() + Math.min(LOCKOUT.baseMs * 2 ** over, LOCKOUT.maxMs)) : null;
    await database.query('update identity_users set failed_logins = $2, locked_until = $3 where id = $1', [
      row.id,
      failures,
      lockedUntil,
    ]);
    return { ok: false, reason: lockedUntil ? 'locked' : 'invalid' };
  }
  if (row.failed_logins > 0) {
    await database.query('update identity_users set failed_logins = 0, locked_until = null where id = $1', [
      row.id,
    ]);
  }
  return { ok: true, account: toAccount(row) };
}

// The hash of a random string nobody knows: verified against when the e-mail is unknown.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$gSfeueqZZWBI2szvIewP/Q$P11B+C5+0QLNKc25WJMH+o7mYO/ze1sgi2atlCXoHPw';

export interface NewAccount {
  email: string;
  passwordHash: string;
  givenName: string;
  familyName: string;
  gender?: string | null;
  birthDate?: string | null;
  mobileNumber?: string | null;
  userType: Account['userType'];
  userRoles: string[];
  careslotId?: string | null;
  practiceId?: string | null;
  electronicClaimId?: string | null;
  vendorId?: string | null;
  eulaAccepted?: boolean;
  ohaAccepted?: boolean;
}

export async function insertAccounts(connection: Connection, accounts: NewAccount[]): Promise<number> {
  for (const a of accounts) {
    await connection.query(
      `insert into identity_users (email, password_hash, given_name, family_name, gender, birth_date, mobile_number,
         user_type, user_roles, careslot_id, practice_id, eula_accepted, oha_accepted, electronic_claim_id, vendor_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        a.email,
        a.passwordHash,
        a.givenName,
        a.familyName,
        a.gender ?? null,
        a.birthDate ?? null,
        a.mobileNumber ?? null,
        a.userType,
        a.userRoles,
        a.careslotId ?? null,
        a.practiceId ?? null,
        a.eulaAccepted ?? false,
        a.ohaAccepted ?? false,
        a.electronicClaimId ?? null,
        a.vendorId ?? null,
      ],
    );
  }
  return accounts.length;
}
