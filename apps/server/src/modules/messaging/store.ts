import type { Connection } from '../../platform/db';

/** SQL of the patient inbox (message_threads, thread_messages). */

export interface ThreadRow {
  id: string;
  organization_id: string;
  patient_id: string;
  subject: string;
  assigned_to: string | null;
  created_at: Date | string;
  last_message_at: Date | string;
  patient_read_seq: number | string;
  practice_read_seq: number | string;
}

export interface MessageRow {
  id: string;
  thread_id: string;
  sender_type: 'Patient' | 'Practice';
  sender_id: string | null;
  body: string;
  created_at: Date | string;
}

export type Side = 'Patient' | 'Practice';
const READ_COLUMN = { Patient: 'patient_read_seq', Practice: 'practice_read_seq' } as const;
const OTHER: Record<Side, Side> = { Patient: 'Practice', Practice: 'Patient' };

export async function thread(db: Connection, id: string): Promise<ThreadRow | null> {
  const [row] = await db.query<ThreadRow>('select * from message_threads where id = $1', [id]);
  return row ?? null;
}

export async function message(db: Connection, id: string): Promise<MessageRow | null> {
  const [row] = await db.query<MessageRow>('select * from thread_messages where id = $1', [id]);
  return row ?? null;
}

export async function messageByKey(db: Connection, key: string): Promise<MessageRow | null> {
  const [row] = await db.query<MessageRow>('select * from thread_messages where idempotency_key = $1', [key]);
  return row ?? null;
}

export async function insertThread(
  db: Connection,
  row: {
    id: string;
    organizationId: string;
    patientId: string;
    subject: string;
    createdBy: string | null;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into message_threads (id, organization_id, patient_id, subject, created_by, created_at, last_message_at)
     values ($1, $2, $3, $4, $5, $6, $6)`,
    [row.id, row.organizationId, row.patientId, row.subject, row.createdBy, row.at.toISOString()],
  );
}

/** A message, and its sender's side has read the thread up to it. */
export async function insertMessage(
  db: Connection,
  row: {
    id: string;
    threadId: string;
    sender: Side;
    senderId: string | null;
    body: string;
    at: Date;
    key: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into thread_messages (id, thread_id, sender_type, sender_id, body, created_at, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.threadId, row.sender, row.senderId, row.body, row.at.toISOString(), row.key],
  );
  await db.query(
    `update message_threads set last_message_at = greatest(last_message_at, $2),
       ${READ_COLUMN[row.sender]} = (select seq from thread_messages where id = $3) where id = $1`,
    [row.threadId, row.at.toISOString(), row.id],
  );
}

export async function messagesOf(db: Connection, threadId: string): Promise<MessageRow[]> {
  return db.query<MessageRow>('select * from thread_messages where thread_id = $1 order by seq', [threadId]);
}

/** Marks the thread read by a side; answers whether it had anything unread. */
export async function markRead(db: Connection, threadId: string, side: Side): Promise<boolean> {
  const read = READ_COLUMN[side];
  const rows = await db.query<{ id: string }>(
    `update message_threads t set ${read} = (select max(seq) from thread_messages m where m.thread_id = t.id)
     where id = $1 and exists (
       select 1 from thread_messages m where m.thread_id = t.id and m.sender_type = $2 and m.seq > t.${read})
     returning id`,
    [threadId, OTHER[side]],
  );
  return rows.length > 0;
}

export async function assign(db: Connection, threadId: string, userId: string | null): Promise<void> {
  await db.query('update message_threads set assigned_to = $2 where id = $1', [threadId, userId]);
}

export interface ThreadScope {
  /** A practice's threads, or a set of patients' threads. */
  organizationId?: string;
  patientIds?: readonly string[];
  patientId?: string;
  side: Side;
  unreadOnly: boolean;
  offset: number;
  limit: number;
}

export interface ThreadListRow extends ThreadRow {
  unread: number;
  last_body: string;
}

/** A page of threads, newest message first, each with its unread count for the side; and the totals. */
export async function threads(
  db: Connection,
  scope: ThreadScope,
): Promise<{ rows: ThreadListRow[]; total: number; unread: number }> {
  const read = READ_COLUMN[scope.side];
  const params: unknown[] = [OTHER[scope.side]];
  const where: string[] = [];
  if (scope.organizationId) {
    params.push(scope.organizationId);
    where.push(`t.organization_id = $${params.length}`);
  }
  if (scope.patientIds) {
    params.push([...scope.patientIds]);
    where.push(`t.patient_id = any($${params.length}::uuid[])`);
  }
  if (scope.patientId) {
    params.push(scope.patientId);
    where.push(`t.patient_id = $${params.length}`);
  }
  const base = `select t.*,
      (select count(*) from thread_messages m where m.thread_id = t.id and m.sender_type = $1
         and m.seq > t.${read})::int as unread,
      (select m.body from thread_messages m where m.thread_id = t.id order by m.seq desc limit 1) as last_body
    from message_threads t ${where.length ? `where ${where.join(' and ')}` : ''}`;
  const filtered = `select * from (${base}) x ${scope.unreadOnly ? 'where unread > 0' : ''}`;
  const rows = await db.query<ThreadListRow>(
    `${filtered} order by last_message_at desc, id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, scope.limit, scope.offset],
  );
  const [totals] = await db.query<{ total: number | string; unread: number | string | null }>(
    `select count(*) as total, coalesce(sum(unread), 0) as unread from (${filtered}) y`,
    params,
  );
  return { rows, total: Number(totals?.total ?? 0), unread: Number(totals?.unread ?? 0) };
}
