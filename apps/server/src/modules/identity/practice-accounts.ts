import type { Connection } from '../../platform/db';

/** A sign-in account of a practice's user: who the activity and session logs name (issue 28). */
export interface PracticeAccount {
  /** The account's realm id: what its sign-in events name. */
  accountId: string;
  /** The product id the user's tokens carry (a practitioner's id): what their activity names. */
  userId: string | null;
  name: string;
  userType: string;
}

/** The sign-in accounts of a practice's users (never its patients), by name. */
export async function practiceAccounts(
  database: Pick<Connection, 'query'>,
  organizationId: string,
): Promise<PracticeAccount[]> {
  const rows = await database.query<{
    id: string;
    careslot_id: string | null;
    given_name: string;
    family_name: string;
    user_type: string;
  }>(
    `select id, careslot_id, given_name, family_name, user_type from identity_users
      where practice_id = $1 and user_type <> 'Patient'
      order by family_name, given_name, id`,
    [organizationId],
  );
  return rows.map((r) => ({
    accountId: String(r.id),
    userId: r.careslot_id === null ? null : String(r.careslot_id),
    name: `${r.given_name} ${r.family_name}`.trim(),
    userType: r.user_type,
  }));
}
