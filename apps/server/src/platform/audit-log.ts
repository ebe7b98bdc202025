import type { Connection } from './db';

/**
 * Reads of the audit trail for the practice's activity and session logs (issue 28, practice-portal.md §3.9):
 * who acted, what kind of thing they did, when and from where. Never a patient id, an entity id or a detail:
 * the rows say what kind of object, not which.
 */

export interface AuditLogWindow {
  /** Inclusive start and exclusive end (ISO instants). */
  from: string;
  toExclusive: string;
  offset: number;
  limit: number;
}

export interface ActivityRow {
  occurred_at: Date | string;
  actor_id: string | null;
  actor_type: string;
  action: string;
  entity_type: string;
  workflow: string | null;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
}

export interface SignInRow {
  occurred_at: Date | string;
  account_id: string;
  action: string;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
}

type Database = Pick<Connection, 'query'>;

async function paged<T>(
  database: Database,
  where: string,
  params: unknown[],
  columns: string,
  window: AuditLogWindow,
) {
  const base = params.length;
  const rows = await database.query<T>(
    `select ${columns} from audit_events where ${where}
      order by occurred_at desc, id desc offset $${base + 1} limit $${base + 2}`,
    [...params, window.offset, window.limit],
  );
  const counted = await database.query<{ total: number | string }>(
    `select count(*) as total from audit_events where ${where}`,
    params,
  );
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** What the users of a practice did while acting for it, newest first; optionally one user's, one action's. */
export function practiceActivity(
  database: Database,
  filter: AuditLogWindow & { organizationId: string; actorId: string | null; action: string | null },
): Promise<{ rows: ActivityRow[]; total: number }> {
  return paged<ActivityRow>(
    database,
    `actor_organization_id = $1 and occurred_at >= $2 and occurred_at < $3
       and ($4::text is null or actor_id = $4) and ($5::text is null or action = $5)`,
    [filter.organizationId, filter.from, filter.toExclusive, filter.actorId, filter.action],
    'occurred_at, actor_id, actor_type, action, entity_type, workflow, outcome, ip, user_agent',
    filter,
  );
}

/** The sign-ins and sign-outs of these accounts, newest first; optionally one account's, one action's. */
export function signInEvents(
  database: Database,
  filter: AuditLogWindow & { accountIds: readonly string[]; action: 'login' | 'logout' | null },
): Promise<{ rows: SignInRow[]; total: number }> {
  return paged<SignInRow>(
    database,
    `entity_type = 'User' and action in ('login', 'logout') and entity_id = any($1::text[])
       and occurred_at >= $2 and occurred_at < $3 and ($4::text is null or action = $4)`,
    [filter.accountIds, filter.from, filter.toExclusive, filter.action],
    'occurred_at, entity_id as account_id, action, outcome, ip, user_agent',
    filter,
  );
}
