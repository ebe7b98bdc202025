import type { Connection } from '../../platform/db';

/** SQL of the booking transaction's own rules (the appointment rows themselves are the appointments module's). */

/**
 * Serialises, until the end of the caller's transaction, the bookings of one patient at one minute: two
 * bookings racing each other for the same patient and start check the rule one after the other.
 */
export async function lockPatientMinute(tx: Connection, patientId: string, start: Date): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`booking-patient-minute:${patientId}:${start.toISOString()}`]);
}

/** Does the patient have a live appointment at this start on another calendar (other than `exceptId`)? */
export async function bookedElsewhereAt(tx: Connection, input: { patientId: string; scheduleId: string; start: Date; exceptId: string }): Promise<boolean> {
  const rows = await tx.query<{ n: number }>(
    `select count(*)::int as n from appointments
      where patient_id = $1 and start_at = $2 and schedule_id <> $3 and id <> $4
        and status not in ('Canceled', 'Rejected', 'Entered-In-Error', 'Failed')`,
    [input.patientId, input.start.toISOString(), input.scheduleId, input.exceptId],
  );
  return (rows[0]?.n ?? 0) > 0;
}
