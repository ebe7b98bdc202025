import type { Connection } from '../../platform/db';

/** SQL of pending changes of login e-mail (identity_email_changes). Rules live in email-change.ts. */

/** A new request; the account's earlier pending ones stop working. */
export async function insertEmailChange(
  db: Connection,
  c: { id: string; userId: string; newEmail: string; language: string; now: Date; expiresAt: Date },
) {
  await db.query(
    'update identity_email_changes set superseded_at = $2 where user_id = $1 and used_at is null and superseded_at is null',
    [c.userId, c.now],
  );
  await db.query(
    'insert into identity_email_changes (id, user_id, new_email, language, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [c.id, c.userId, c.newEmail, c.language, c.now, c.expiresAt],
  );
}

export interface EmailChangeRow {
  id: string;
  user_id: string;
  new_email: string;
  language: string;
}

/** Uses a live request once (not used, not superseded, not expired): null when it is not live. */
export async function useEmailChange(db: Connection, id: string, now: Date): Promise<EmailChangeRow | null> {
  const rows = await db.query<EmailChangeRow>(
    `update identity_email_changes set used_at = $2
      where id = $1 and used_at is null and superseded_at is null and expires_at > $2
      returning id, user_id, new_email, language`,
    [id, now],
  );
  return rows[0] ?? null;
}

/** The old address (to tell) and the new one taken: false when another account took the address meanwhile. */
export async function setLoginEmail(db: Connection, userId: string, email: string): Promise<boolean> {
  const rows = await db.query(
    `update identity_users set email = $2
      where id = $1 and not exists (select 1 from identity_users o where lower(o.email) = lower($2) and o.id <> $1)
      returning id`,
    [userId, email],
  );
  return rows.length > 0;
}
