import type { AdapterPayload } from 'oidc-provider';
import type { Agreement, Gender, Identifier, Invitation, UserAgreement } from '@careslot/contracts';
import type { Connection, Database } from '../../platform/db';

/**
 * The identity module's SQL, all of it: accounts, sessions, reset codes, agreements, invitations, social
 * links and the OIDC provider's records. Functions here read and write rows; the rules live in the service.
 */

// --- accounts (identity_users) ---------------------------------------------------------------------------

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

/** An account with what the password check needs. */
export interface AccountCredentials {
  account: Account;
  passwordHash: string;
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
}

const COLUMNS = `id, email, password_hash, given_name, family_name, gender, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
  mobile_number, user_type, user_roles, careslot_id, practice_id, electronic_claim_id, vendor_id, eula_accepted, oha_accepted`;

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

export async function findAccountById(database: Connection, id: string): Promise<Account | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await database.query<AccountRow>(`select ${COLUMNS} from identity_users where id = $1`, [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccountByEmail(database: Connection, email: string): Promise<Account | null> {
  const rows = await database.query<AccountRow>(
    `select ${COLUMNS} from identity_users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findCredentials(
  database: Connection,
  email: string,
): Promise<AccountCredentials | null> {
  const rows = await database.query<AccountRow>(
    `select ${COLUMNS} from identity_users where lower(email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  if (!row) return null;
  return { account: toAccount(row), passwordHash: row.password_hash };
}

/**
 * Counts one sign-in try of an e-mail address (known or not) before its password is checked, in one
 * conditional upsert: while the address is locked nothing is counted and null comes back, so however many
 * tries arrive at once, at most `attempts` are let through to the password check. The try that reaches the
 * limit locks the address for `lockMs(failures)`; a successful check clears it again.
 */
export async function reserveLoginTry(
  database: Connection,
  emailKey: string,
  now: Date,
  rule: { attempts: number; baseMs: number; maxMs: number },
): Promise<{ failures: number; lockedUntil: Date | null } | null> {
  const rows = await database.query<{ failed_logins: number; locked_until: Date | string | null }>(
    `insert into identity_login_failures as f (email_key, failed_logins, locked_until)
     values ($1, 1, case when 1 >= $3 then $2::timestamptz + make_interval(secs => $4::double precision / 1000) end)
     on conflict (email_key) do update set
       failed_logins = f.failed_logins + 1,
       locked_until = case when f.failed_logins + 1 >= $3
         then $2::timestamptz + make_interval(secs => least($4::double precision * power(2, f.failed_logins + 1 - $3), $5::double precision) / 1000)
         else null end
     where f.locked_until is null or f.locked_until <= $2::timestamptz
     returning failed_logins, locked_until`,
    [emailKey, now, rule.attempts, rule.baseMs, rule.maxMs],
  );
  const row = rows[0];
  return row
    ? { failures: row.failed_logins, lockedUntil: row.locked_until ? new Date(row.locked_until) : null }
    : null;
}

/** Forgets the sign-in failures of an e-mail address (a successful sign-in or a password reset). */
export async function clearLoginFailures(database: Connection, emailKey: string) {
  await database.query('delete from identity_login_failures where email_key = $1', [emailKey]);
}

/** Whether the e-mail address is locked out at `now`. */
export async function isLocked(database: Connection, emailKey: string, now: Date): Promise<boolean> {
  const rows = await database.query<{ locked: boolean }>(
    'select coalesce(locked_until > $2, false) as locked from identity_login_failures where email_key = $1',
    [emailKey, now],
  );
  return rows[0]?.locked ?? false;
}

export async function setPasswordHash(database: Connection, userId: string, passwordHash: string) {
  await database.query('update identity_users set password_hash = $2 where id = $1', [userId, passwordHash]);
}

/** Links the account to its patient or practitioner record, unless it already has one. */
export async function linkCareslotId(database: Connection, userId: string, careslotId: string) {
  await database.query('update identity_users set careslot_id = $2 where id = $1 and careslot_id is null', [
    userId,
    careslotId,
  ]);
}

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

// --- the SessionId session (identity_sessions) ----------------------------------------------------------

export async function insertSession(database: Connection, id: string, userId: string, expiresAt: Date) {
  await database.query('insert into identity_sessions (id, user_id, expires_at) values ($1, $2, $3)', [
    id,
    userId,
    expiresAt,
  ]);
}

/** The user of a live session, or null. */
export async function sessionUserId(database: Connection, id: string, now: Date): Promise<string | null> {
  const rows = await database.query<{ user_id: string }>(
    'select user_id from identity_sessions where id = $1 and expires_at > $2',
    [id, now],
  );
  return rows[0]?.user_id ?? null;
}

export async function deleteSession(database: Connection, id: string) {
  await database.query('delete from identity_sessions where id = $1', [id]);
}

/** Ends every SessionId session of the account. */
export async function deleteSessionsOf(database: Connection, userId: string) {
  await database.query('delete from identity_sessions where user_id = $1', [userId]);
}

// --- product tokens handed out (identity_issued_tokens) -------------------------------------------------

export async function recordIssuedToken(
  database: Connection,
  token: { jti: string; userId: string; sessionId: string | null; expiresAt: Date },
  now: Date,
) {
  await database.query('delete from identity_issued_tokens where expires_at < $1', [now]);
  await database.query(
    'insert into identity_issued_tokens (jti, user_id, session_id, expires_at) values ($1, $2, $3, $4) on conflict (jti) do nothing',
    [token.jti, token.userId, token.sessionId, token.expiresAt],
  );
}

/** The live product tokens of an account, or of one SessionId session. */
export async function liveIssuedTokens(
  database: Connection,
  of: { userId: string } | { sessionId: string },
  now: Date,
): Promise<{ jti: string; expiresAt: Date }[]> {
  const [column, value] = 'userId' in of ? ['user_id', of.userId] : ['session_id', of.sessionId];
  const rows = await database.query<{ jti: string; expires_at: Date | string }>(
    `select jti, expires_at from identity_issued_tokens where ${column} = $1 and expires_at > $2`,
    [value, now],
  );
  return rows.map((row) => ({ jti: row.jti, expiresAt: new Date(row.expires_at) }));
}

// --- password reset codes (identity_reset_codes) --------------------------------------------------------

/** When reset codes were asked for the e-mail address (its key) since `since`, newest first. */
export async function recentResetRequests(
  database: Connection,
  emailKey: string,
  since: Date,
): Promise<Date[]> {
  const rows = await database.query<{ created_at: Date | string }>(
    `select created_at from identity_reset_requests where email_key = $1 and created_at > $2 order by created_at desc`,
    [emailKey, since],
  );
  return rows.map((row) => new Date(row.created_at));
}

/** Records a reset request of the address (known or not); rows older than a day go at the same time. */
export async function insertResetRequest(database: Connection, emailKey: string, now: Date) {
  await database.query('delete from identity_reset_requests where created_at < $1', [
    new Date(now.getTime() - 24 * 60 * 60_000),
  ]);
  await database.query('insert into identity_reset_requests (email_key, created_at) values ($1, $2)', [
    emailKey,
    now,
  ]);
}

/** Ends the account's unused codes and stores a new one. */
export async function replaceResetCode(
  database: Connection,
  userId: string,
  codeHash: string,
  expiresAt: Date,
  now: Date,
) {
  await database.query(
    `update identity_reset_codes set used_at = $2 where user_id = $1 and used_at is null`,
    [userId, now],
  );
  await database.query(
    `insert into identity_reset_codes (user_id, code_hash, expires_at, created_at) values ($1, $2, $3, $4)`,
    [userId, codeHash, expiresAt, now],
  );
}

export interface LiveResetCode {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

/** The account's latest unused code. */
export async function latestResetCode(database: Connection, userId: string): Promise<LiveResetCode | null> {
  const rows = await database.query<{
    id: string;
    code_hash: string;
    attempts: number;
    expires_at: Date | string;
  }>(
    `select id, code_hash, attempts, expires_at from identity_reset_codes
     where user_id = $1 and used_at is null order by created_at desc limit 1`,
    [userId],
  );
  const row = rows[0];
  return row
    ? { id: row.id, codeHash: row.code_hash, attempts: row.attempts, expiresAt: new Date(row.expires_at) }
    : null;
}

/**
 * Counts one try of a code before it is compared, in one conditional update: none is counted once `max`
 * were, and null comes back, so parallel guesses cannot pass the limit. Gives the tries counted so far.
 */
export async function reserveResetTry(
  database: Connection,
  codeId: string,
  max: number,
): Promise<number | null> {
  const rows = await database.query<{ attempts: number }>(
    'update identity_reset_codes set attempts = attempts + 1 where id = $1 and attempts < $2 returning attempts',
    [codeId, max],
  );
  return rows[0]?.attempts ?? null;
}

/** Gives back the try of a right code (only wrong tries count against the limit). */
export async function refundResetTry(database: Connection, codeId: string) {
  await database.query(
    'update identity_reset_codes set attempts = attempts - 1 where id = $1 and attempts > 0',
    [codeId],
  );
}

/** Uses a code up; false when it was already used. */
export async function useResetCode(database: Connection, codeId: string, now: Date): Promise<boolean> {
  const used = await database.query<{ id: string }>(
    'update identity_reset_codes set used_at = $2 where id = $1 and used_at is null returning id',
    [codeId, now],
  );
  return used.length > 0;
}

// --- agreements (identity_agreements, identity_user_agreements) ------------------------------------------

/** The active agreements (eula, oha) the user has neither accepted nor declined yet. */
export async function unsignedAgreements(database: Connection, userId: string): Promise<Agreement[]> {
  const rows = await database.query<{ id: string; type: Agreement['Type'] }>(
    `select a.id, a.type from identity_agreements a
     where a.active and not exists (
       select 1 from identity_user_agreements u where u.agreement_id = a.id and u.user_id = $1)
     order by a.type`,
    [userId],
  );
  return rows.map((row) => ({ Id: row.id, Type: row.type }));
}

/** Records the user's answer to an agreement; a later answer replaces an earlier one. False if no such agreement. */
export async function recordAgreement(
  database: Connection,
  answer: UserAgreement,
  now: Date,
): Promise<boolean> {
  const rows = await database.query<{ agreement_id: string }>(
    `insert into identity_user_agreements (agreement_id, user_id, status, decided_at)
     select id, $2, $3, $4 from identity_agreements where id = $1
     on conflict (agreement_id, user_id) do update set status = excluded.status, decided_at = excluded.decided_at
     returning agreement_id`,
    [answer.AgreementId, answer.UserId, answer.Status, now],
  );
  return rows.length > 0;
}

// --- invitations (identity_invitations) -----------------------------------------------------------------

export interface InvitationRow {
  id: string;
  practice_id: string;
  given_name: string;
  family_name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  gender: Gender | null;
  address: Invitation['Address'];
  identifier: Identifier[];
  created_by: string;
  expires_at: Date | string;
  accepted_by: string | null;
}

export interface NewInvitation {
  id: string;
  practiceId: string;
  givenName: string;
  familyName: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  gender: Gender | null;
  address: Invitation['Address'];
  identifier: Identifier[];
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertInvitation(database: Connection, invitation: NewInvitation) {
  await database.query(
    `insert into identity_invitations (id, practice_id, given_name, family_name, email, phone, birth_date, gender,
       address, identifier, created_by, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      invitation.id,
      invitation.practiceId,
      invitation.givenName,
      invitation.familyName,
      invitation.email,
      invitation.phone,
      invitation.birthDate,
      invitation.gender,
      JSON.stringify(invitation.address),
      JSON.stringify(invitation.identifier),
      invitation.createdBy,
      invitation.createdAt,
      invitation.expiresAt,
    ],
  );
}

export async function findInvitationRow(database: Connection, id: string): Promise<InvitationRow | null> {
  const rows = await database.query<InvitationRow>(
    `select id, practice_id, given_name, family_name, email, phone, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
       gender, address, identifier, created_by, expires_at, accepted_by
     from identity_invitations where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Marks a pending invitation used by a patient; false when it was used, expired or never existed. */
export async function claimInvitation(
  database: Connection,
  id: string,
  patientId: string,
  now: Date,
): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `update identity_invitations set accepted_by = $2, accepted_at = $3
     where id = $1 and accepted_by is null and expires_at > $3 returning id`,
    [id, patientId, now],
  );
  return rows.length > 0;
}

// --- social sign-in links (identity_external_links) -----------------------------------------------------

export async function linkedUserId(
  database: Connection,
  provider: string,
  subject: string,
): Promise<string | null> {
  const rows = await database.query<{ user_id: string }>(
    'select user_id from identity_external_links where provider = $1 and subject = $2',
    [provider, subject],
  );
  return rows[0]?.user_id ?? null;
}

export async function insertExternalLink(
  database: Connection,
  provider: string,
  subject: string,
  userId: string,
) {
  await database.query(
    'insert into identity_external_links (provider, subject, user_id) values ($1, $2, $3) on conflict (provider, subject) do nothing',
    [provider, subject, userId],
  );
}

/** A new account and its link to the provider's subject, in one transaction. */
export async function insertExternalAccount(
  database: Database,
  provider: string,
  subject: string,
  account: NewAccount,
) {
  await database.transaction(async (tx) => {
    await insertAccounts(tx, [account]);
    await tx.query(
      `insert into identity_external_links (provider, subject, user_id)
       select $1, $2, id from identity_users where lower(email) = lower($3)`,
      [provider, subject, account.email],
    );
  });
}

// --- the OIDC provider's records (identity_oidc_records) ------------------------------------------------

export async function upsertOidcRecord(
  database: Connection,
  model: string,
  id: string,
  payload: AdapterPayload,
  expiresAt: Date | null,
) {
  await database.query(
    `insert into identity_oidc_records (model, id, payload, grant_id, uid, user_code, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
    [
      model,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.uid ?? null,
      payload.userCode ?? null,
      expiresAt,
    ],
  );
}

/** A live record by id, uid or user code; consumed records carry when they were consumed. */
export async function findOidcRecord(
  database: Connection,
  model: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
  now: Date,
): Promise<{ payload: AdapterPayload; consumedAt: Date | null } | null> {
  const rows = await database.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
    `select payload, consumed_at from identity_oidc_records
     where model = $1 and ${column} = $2 and (expires_at is null or expires_at > $3)`,
    [model, value, now],
  );
  const row = rows[0];
  return row
    ? { payload: row.payload, consumedAt: row.consumed_at ? new Date(row.consumed_at) : null }
    : null;
}

export async function consumeOidcRecord(database: Connection, model: string, id: string, now: Date) {
  await database.query('update identity_oidc_records set consumed_at = $3 where model = $1 and id = $2', [
    model,
    id,
    now,
  ]);
}

export async function deleteOidcRecord(database: Connection, model: string, id: string) {
  await database.query('delete from identity_oidc_records where model = $1 and id = $2', [model, id]);
}

/** Every record of the provider for an account: its realm sessions, grants, refresh and access tokens. */
export async function deleteOidcRecordsOf(database: Connection, accountId: string) {
  await database.query("delete from identity_oidc_records where payload->>'accountId' = $1", [accountId]);
}

export async function deleteOidcGrant(database: Connection, grantId: string) {
  await database.query('delete from identity_oidc_records where grant_id = $1', [grantId]);
}

/** The sign-in account of a patient record (support's overview): its id and e-mail. */
export async function accountOfPatient(
  database: Connection,
  patientId: string,
): Promise<{ id: string; email: string } | null> {
  const rows = await database.query<{ id: string; email: string }>(
    "select u.id, u.email from identity_users u where u.careslot_id = $1 and u.user_type = 'Patient' limit 1",
    [patientId],
  );
  return rows[0] ?? null;
}
