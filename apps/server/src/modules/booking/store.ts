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

// ---------- delivery (the publications module's side, through index.ts; migration 20261127T0102) ----------

/** What the publications module's delivery reads of a publication: its status and attempts. */
export interface PublicationDeliveryRow {
  id: string;
  appointment_id: string;
  organization_id: string | null;
  status: 'Pending' | 'Delivered' | 'Failed';
  attempts: number;
}

export async function publicationById(db: Connection, id: string): Promise<PublicationDeliveryRow | null> {
  const rows = await db.query<PublicationDeliveryRow>(
    'select id, appointment_id, organization_id, status, attempts from appointment_publications where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function markDelivered(db: Connection, id: string, now: Date): Promise<void> {
  await db.query(
    "update appointment_publications set status = 'Delivered', delivered_at = $2, attempts = attempts + 1, last_error = null where id = $1 and status <> 'Delivered'",
    [id, now],
  );
}

/** A failed attempt: counted, its error kept (no patient data: a status code or a network error). */
export async function recordFailure(
  db: Connection,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db.query(
    `update appointment_publications set attempts = attempts + $3, last_error = $2, status = case when $4 then 'Failed' else status end
      where id = $1 and status <> 'Delivered'`,
    [id, error, final ? 0 : 1, final],
  );
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
