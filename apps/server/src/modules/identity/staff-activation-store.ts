import type { Connection } from '../../platform/db';

/**
 * SQL of invited practice users' accounts and activation links (identity_staff_activations), and of the
 * change of password's session clean-up. Rules live in staff-activation.ts and password-change.ts.
 */

export interface PracticeAccountRow {
  id: string;
  email: string;
  given_name: string;
  user_roles: string[];
  practice_id: string | null;
  activated_at: Date | string | null;
}

export async function accountOfPractitioner(
  db: Connection,
  practitionerId: string,
): Promise<PracticeAccountRow | null> {
  const rows = await db.query<PracticeAccountRow>(
    "select id, email, given_name, user_roles, practice_id, activated_at from identity_users where careslot_id = $1 and user_type = 'Practitioner'",
    [practitionerId],
  );
  return rows[0] ?? null;
}

export async function emailTaken(db: Connection, email: string, exceptId: string | null): Promise<boolean> {
  const rows = await db.query(
    'select 1 from identity_users where lower(email) = lower($1) and ($2::uuid is null or id <> $2::uuid)',
    [email, exceptId],
  );
  return rows.length > 0;
}

/** An invited user's account: a password nobody knows until they activate (activated_at stays null). */
export async function insertInvitedAccount(
  db: Connection,
  a: {
    email: string;
    passwordHash: string;
    givenName: string;
    familyName: string;
    roles: string[];
    practitionerId: string;
    organizationId: string;
  },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into identity_users (email, password_hash, given_name, family_name, user_type, user_roles, careslot_id, practice_id,
       eula_accepted, oha_accepted, activated_at)
     values ($1, $2, $3, $4, 'Practitioner', $5, $6, $7, false, false, null) returning id`,
    [a.email, a.passwordHash, a.givenName, a.familyName, a.roles, a.practitionerId, a.organizationId],
  );
  return rows[0]!.id;
}

export async function updatePracticeAccount(
  db: Connection,
  id: string,
  a: { email: string; givenName: string; familyName: string; roles: string[]; practiceId: string | null },
) {
  await db.query(
    'update identity_users set email = $2, given_name = $3, family_name = $4, user_roles = $5, practice_id = $6 where id = $1',
    [id, a.email, a.givenName, a.familyName, a.roles, a.practiceId],
  );
}

/** A new link (keyed by the event that asked for it: a redelivery inserts nothing); older links stop working. */
export async function insertActivation(
  db: Connection,
  id: string,
  userId: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'insert into identity_staff_activations (id, user_id, created_at, expires_at) values ($1, $2, $3, $4) on conflict (id) do nothing returning id',
    [id, userId, now, expiresAt],
  );
  if (rows.length === 0) return false;
  await db.query(
    'update identity_staff_activations set superseded_at = $3 where user_id = $1 and id <> $2 and used_at is null and superseded_at is null',
    [userId, id, now],
  );
  return true;
}

export interface ActivationRow {
  id: string;
  user_id: string;
  email: string;
  given_name: string;
  careslot_id: string | null;
  practice_id: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  superseded_at: Date | string | null;
}

export async function activationById(db: Connection, id: string): Promise<ActivationRow | null> {
  const rows = await db.query<ActivationRow>(
    `select a.id, a.user_id, u.email, u.given_name, u.careslot_id, u.practice_id, a.expires_at, a.used_at, a.superseded_at
       from identity_staff_activations a join identity_users u on u.id = a.user_id where a.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Uses the link once: false when it was used, superseded or expired meanwhile. */
export async function useActivation(db: Connection, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update identity_staff_activations set used_at = $2 where id = $1 and used_at is null and superseded_at is null and expires_at > $2 returning id',
    [id, now],
  );
  return rows.length > 0;
}

export async function activateAccount(db: Connection, userId: string, passwordHash: string, now: Date) {
  await db.query(
    'update identity_users set password_hash = $2, activated_at = coalesce(activated_at, $3) where id = $1',
    [userId, passwordHash, now],
  );
}

/** The SessionId session a product token was handed out under, if any. */
export async function sessionOfToken(db: Connection, jti: string): Promise<string | null> {
  const rows = await db.query<{ session_id: string | null }>(
    'select session_id from identity_issued_tokens where jti = $1',
    [jti],
  );
  return rows[0]?.session_id ?? null;
}

export async function deleteSessionsExcept(
  db: Connection,
  userId: string,
  keep: string | null,
): Promise<number> {
  const rows = await db.query(
    'delete from identity_sessions where user_id = $1 and ($2::text is null or id <> $2) returning id',
    [userId, keep],
  );
  return rows.length;
}
