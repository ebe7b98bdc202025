import { randomUUID } from 'node:crypto';
import type { ScheduleException } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

/**
 * Time blocked off a schedule (issue 7 "block time off"): a schedule exception. Slots are generated on read
 * (decision 0006), so a block simply removes the generated slots it overlaps; nothing already booked moves.
 */
interface ExceptionRow {
  id: string;
  schedule_id: string;
  start_at: Date | string;
  end_at: Date | string;
  reason: string;
  created_by: string | null;
}

export function toException(row: ExceptionRow): ScheduleException {
  return {
    Id: row.id,
    ScheduleId: row.schedule_id,
    Start: new Date(row.start_at).toISOString(),
    End: new Date(row.end_at).toISOString(),
    Reason: row.reason,
    CreatedBy: row.created_by,
  };
}

/** The blocks of a schedule overlapping [from, to). */
export async function exceptionsOf(db: Connection, scheduleIds: string[], from: Date, to: Date): Promise<ScheduleException[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db.query<ExceptionRow>(
    `select id, schedule_id, start_at, end_at, reason, created_by from schedule_exceptions
      where schedule_id = any($1::uuid[]) and start_at < $3 and end_at > $2 order by start_at, id`,
    [scheduleIds, from.toISOString(), to.toISOString()],
  );
  return rows.map(toException);
}

export async function insertException(
  db: Connection,
  input: { scheduleId: string; start: Date; end: Date; reason: string; createdBy: string | null },
): Promise<ScheduleException> {
  const rows = await db.query<ExceptionRow>(
    `insert into schedule_exceptions (id, schedule_id, start_at, end_at, reason, created_by) values ($1, $2, $3, $4, $5, $6)
     returning id, schedule_id, start_at, end_at, reason, created_by`,
    [randomUUID(), input.scheduleId, input.start.toISOString(), input.end.toISOString(), input.reason, input.createdBy],
  );
  return toException(rows[0]!);
}

export async function deleteException(db: Connection, scheduleId: string, id: string): Promise<ScheduleException | null> {
  const rows = await db.query<ExceptionRow>(
    'delete from schedule_exceptions where id = $1 and schedule_id = $2 returning id, schedule_id, start_at, end_at, reason, created_by',
    [id, scheduleId],
  );
  return rows[0] ? toException(rows[0]) : null;
}

/** Generated slots that do not overlap any block of the schedule in their range. */
export async function withoutBlockedTime<T extends { start: Date; end: Date }>(db: Connection, scheduleId: string, slots: T[]): Promise<T[]> {
  if (slots.length === 0) return slots;
  const blocks = await exceptionsOf(db, [scheduleId], slots[0]!.start, slots[slots.length - 1]!.end);
  if (blocks.length === 0) return slots;
  const ranges = blocks.map((b) => [Date.parse(b.Start), Date.parse(b.End)] as const);
  return slots.filter((s) => !ranges.some(([from, to]) => s.start.getTime() < to && s.end.getTime() > from));
}
