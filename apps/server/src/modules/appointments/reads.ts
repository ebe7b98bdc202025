import type { Connection } from '../../platform/db';

/**
 * Read functions the appointments module gives other modules (reminders, booking) so that none of them reads
 * the appointments table: each answers one question a caller has, and returns plain rows.
 */

/** A visit a practice's reminders may concern (for the reminders module). */
export interface UpcomingVisit {
  id: string;
  organization_id: string;
  start_at: Date | string;
  status: string;
  schedule_type: string;
}

/** The practice's visits starting after `from` that are booked (statuses given), in start order, at most `limit`. */
export async function upcomingVisits(
  db: Connection,
  organizationId: string,
  from: Date,
  statuses: readonly string[],
  limit: number,
): Promise<UpcomingVisit[]> {
  return db.query<UpcomingVisit>(
    `select id, organization_id, start_at, status, schedule_type from appointments
      where organization_id = $1 and start_at > $2 and status = any($3::text[]) and schedule_type = 'Scheduled'
      order by start_at limit $4`,
    [organizationId, from, [...statuses], limit],
  );
}

/** Does the patient have a live appointment at this start on another calendar (other than `exceptId`)? */
export async function bookedElsewhereAt(
  tx: Connection,
  input: { patientId: string; scheduleId: string; start: Date; exceptId: string },
): Promise<boolean> {
  const rows = await tx.query<{ n: number }>(
    `select count(*)::int as n from appointments
      where patient_id = $1 and start_at = $2 and schedule_id <> $3 and id <> $4
        and status not in ('Canceled', 'Rejected', 'Entered-In-Error', 'Failed')`,
    [input.patientId, input.start.toISOString(), input.scheduleId, input.exceptId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** The patient of each of these visits (for a module that keeps visit ids and must record whose data it lists). */
export async function patientsOfVisits(db: Connection, appointmentIds: readonly string[]): Promise<string[]> {
  if (appointmentIds.length === 0) return [];
  const rows = await db.query<{ patient_id: string }>(
    'select distinct patient_id from appointments where id = any($1::uuid[]) and patient_id is not null',
    [[...appointmentIds]],
  );
  return rows.map((r) => r.patient_id);
}
