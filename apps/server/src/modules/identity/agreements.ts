import type { Agreement, UserAgreement } from '@careslot/contracts';
import type { Database } from '../../platform/db';

/** The active agreements (eula, oha) the user has neither accepted nor declined yet. */
export async function unsignedAgreements(database: Database, userId: string): Promise<Agreement[]> {
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
export async function recordAgreement(database: Database, answer: UserAgreement, now: Date): Promise<boolean> {
  const rows = await database.query<{ agreement_id: string }>(
    `insert into identity_user_agreements (agreement_id, user_id, status, decided_at)
     select id, $2, $3, $4 from identity_agreements where id = $1
     on conflict (agreement_id, user_id) do update set status = excluded.status, decided_at = excluded.decided_at
     returning agreement_id`,
    [answer.AgreementId, answer.UserId, answer.Status, now],
  );
  return rows.length > 0;
}
