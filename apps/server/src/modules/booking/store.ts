import type { Connection } from '../../platform/db';

/**
 * SQL of the booking module: its own table, the publications of booked appointments to outside systems
 * (web/BobAppointment). The appointment rows themselves are the appointments module's (its index.ts).
 */

export interface PublicationRow {
  id: string;
  appointment_id: string;
  organization_id: string | null;
  status: 'Pending' | 'Delivered';
  published_by: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

/** Records the publication unless the appointment has one already; the new row, or null when it had one. */
export async function insertPublication(
  db: Connection,
  row: {
    id: string;
    appointmentId: string;
    organizationId: string | null;
    publishedBy: string | null;
    now: Date;
  },
): Promise<PublicationRow | null> {
  const rows = await db.query<PublicationRow>(
    `insert into appointment_publications (id, appointment_id, organization_id, status, published_by, created_at)
     values ($1, $2, $3, 'Pending', $4, $5)
     on conflict (appointment_id) do nothing
     returning *`,
    [row.id, row.appointmentId, row.organizationId, row.publishedBy, row.now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function publicationOf(db: Connection, appointmentId: string): Promise<PublicationRow | null> {
  const rows = await db.query<PublicationRow>(
    'select * from appointment_publications where appointment_id = $1',
    [appointmentId],
  );
  return rows[0] ?? null;
}

// ---------- the booking transaction's own rules (decision 0036) ----------

/**
 * Serialises, until the end of the caller's transaction, the bookings of one patient at one minute: two
 * bookings racing each other for the same patient and start check the rule one after the other.
 */
export async function lockPatientMinute(tx: Connection, patientId: string, start: Date): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `booking-patient-minute:${patientId}:${start.toISOString()}`,
  ]);
}
