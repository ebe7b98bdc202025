import type { Connection } from '../../platform/db';

/** SQL of the reports' read model (report_checkins). */

export interface CheckinRow {
  appointment_id: string;
  organization_id: string;
  patient_id: string;
  practitioner_id: string | null;
  location_id: string | null;
  start_time: Date | string;
  checked_in_at: Date | string;
}

/** One row per checked-in visit; heard again (a redelivery, a second check-in), the row is kept current. */
export async function upsertCheckin(
  db: Connection,
  row: Omit<CheckinRow, 'start_time' | 'checked_in_at'> & {
    startTime: string;
    checkedInAt: string;
    eventId: string;
  },
): Promise<void> {
  await db.query(
    `insert into report_checkins (appointment_id, organization_id, patient_id, practitioner_id, location_id, start_time, checked_in_at, source_event_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (appointment_id) do update set organization_id = excluded.organization_id, start_time = excluded.start_time,
       practitioner_id = excluded.practitioner_id, location_id = excluded.location_id`,
    [
      row.appointment_id,
      row.organization_id,
      row.patient_id,
      row.practitioner_id,
      row.location_id,
      row.startTime,
      row.checkedInAt,
      row.eventId,
    ],
  );
}

export async function checkins(
  db: Connection,
  filter: { organizationId: string; from: string; toExclusive: string; offset: number; limit: number },
): Promise<{ rows: CheckinRow[]; total: number }> {
  const params = [filter.organizationId, filter.from, filter.toExclusive];
  const where = 'where organization_id = $1 and checked_in_at >= $2 and checked_in_at < $3';
  const rows = await db.query<CheckinRow>(
    `select * from report_checkins ${where} order by checked_in_at desc, appointment_id limit $4 offset $5`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ total: string | number }>(
    `select count(*) as total from report_checkins ${where}`,
    params,
  );
  return { rows, total: Number(count?.total ?? 0) };
}
