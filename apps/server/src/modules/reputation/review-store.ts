import type { Connection } from '../../platform/db';

/** SQL of the patients' reviews of their visits (migration 20261201T0500). */

export interface ReviewRow {
  id: string;
  appointment_id: string;
  organization_id: string;
  patient_id: string;
  provider_id: string | null;
  location_id: string | null;
  rating: number;
  comment: string | null;
  reply: string | null;
  replied_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS =
  'id, appointment_id, organization_id, patient_id, provider_id, location_id, rating, comment, reply, replied_at, created_at, updated_at';

export async function reviewOfAppointment(
  connection: Connection,
  appointmentId: string,
): Promise<ReviewRow | null> {
  const [row] = await connection.query<ReviewRow>(
    `select ${COLUMNS} from patient_reviews where appointment_id = $1`,
    [appointmentId],
  );
  return row ?? null;
}

export async function reviewById(connection: Connection, id: string): Promise<ReviewRow | null> {
  const [row] = await connection.query<ReviewRow>(`select ${COLUMNS} from patient_reviews where id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** One review per visit: a second write changes the rating and comment and keeps the practice's answer. */
export async function upsertReview(
  connection: Connection,
  row: Omit<ReviewRow, 'reply' | 'replied_at' | 'created_at' | 'updated_at'> & { now: Date },
): Promise<ReviewRow> {
  const [saved] = await connection.query<ReviewRow>(
    `insert into patient_reviews (id, appointment_id, organization_id, patient_id, provider_id, location_id,
       rating, comment, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     on conflict (appointment_id) do update set rating = excluded.rating, comment = excluded.comment,
       updated_at = excluded.updated_at
     returning ${COLUMNS}`,
    [
      row.id,
      row.appointment_id,
      row.organization_id,
      row.patient_id,
      row.provider_id,
      row.location_id,
      row.rating,
      row.comment,
      row.now,
    ],
  );
  return saved!;
}

export async function replyToReview(
  connection: Connection,
  id: string,
  reply: string,
  now: Date,
): Promise<ReviewRow> {
  const [saved] = await connection.query<ReviewRow>(
    `update patient_reviews set reply = $2, replied_at = $3, updated_at = $3 where id = $1 returning ${COLUMNS}`,
    [id, reply, now],
  );
  return saved!;
}

export async function reviewsOfPractice(
  connection: Connection,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; total: number; average: number | null }> {
  const [rows, [summary]] = await Promise.all([
    connection.query<ReviewRow>(
      `select ${COLUMNS} from patient_reviews where organization_id = $1
       order by created_at desc, id limit $2 offset $3`,
      [organizationId, page.limit, page.offset],
    ),
    connection.query<{ total: number | string; average: number | string | null }>(
      `select count(*) as total, avg(rating) as average from patient_reviews where organization_id = $1`,
      [organizationId],
    ),
  ]);
  return {
    rows,
    total: Number(summary?.total ?? 0),
    average: summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
  };
}
