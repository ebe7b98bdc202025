import type { Connection } from '../../platform/db';

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
