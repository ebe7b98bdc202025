import type { Connection } from '../../platform/db';

/**
 * The delivery side of web/BobAppointment publications: the booking module's appointment_publications row
 * (its status, attempts and last error only; migration 20261127T0102) and this module's local deliveries.
 */
export interface PublicationRow {
  id: string;
  appointment_id: string;
  organization_id: string | null;
  status: 'Pending' | 'Delivered' | 'Failed';
  attempts: number;
}

export async function publication(db: Connection, id: string): Promise<PublicationRow | null> {
  const rows = await db.query<PublicationRow>(
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

/** The local target's record: once per publication, whatever reruns. */
export async function recordLocalDelivery(
  db: Connection,
  delivery: {
    publicationId: string;
    appointmentId: string;
    target: string;
    body: string;
    signature: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into publication_deliveries (publication_id, appointment_id, target, body, signature, delivered_at)
     values ($1, $2, $3, $4::jsonb, $5, $6) on conflict (publication_id) do nothing`,
    [
      delivery.publicationId,
      delivery.appointmentId,
      delivery.target,
      delivery.body,
      delivery.signature,
      delivery.now,
    ],
  );
}
