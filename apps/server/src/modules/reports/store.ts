import type { Connection } from '../../platform/db';

/** SQL of the reports' read models (report_checkins, report_confirmations). */

export interface CheckinRow {
  appointment_id: string;
  organization_id: string;
  patient_id: string;
  practitioner_id: string | null;
  location_id: string | null;
  start_time: Date | string;
  checked_in_at: Date | string;
}

export interface ConfirmationRow {
  appointment_id: string;
  organization_id: string;
  patient_id: string;
  practitioner_id: string | null;
  location_id: string | null;
  start_time: Date | string;
  confirmed_at: Date | string;
  confirmed_by: string;
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

/** One row per confirmed visit (the first confirmation's time is kept; a redelivery changes nothing). */
export async function upsertConfirmation(
  db: Connection,
  row: Omit<ConfirmationRow, 'start_time' | 'confirmed_at'> & {
    startTime: string;
    confirmedAt: string;
    eventId: string;
  },
): Promise<void> {
  await db.query(
    `insert into report_confirmations (appointment_id, organization_id, patient_id, practitioner_id, location_id, start_time, confirmed_at, confirmed_by, source_event_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (appointment_id) do update set organization_id = excluded.organization_id, start_time = excluded.start_time,
       practitioner_id = excluded.practitioner_id, location_id = excluded.location_id`,
    [
      row.appointment_id,
      row.organization_id,
      row.patient_id,
      row.practitioner_id,
      row.location_id,
      row.startTime,
      row.confirmedAt,
      row.confirmed_by,
      row.eventId,
    ],
  );
}

/** The read models a report pages through, each with the time column its date range filters on. */
const TABLES = {
  checkins: { table: 'report_checkins', at: 'checked_in_at' },
  confirmations: { table: 'report_confirmations', at: 'confirmed_at' },
} as const;
export type ReportTable = keyof typeof TABLES;

export interface ReportFilter {
  organizationId: string;
  from: string;
  toExclusive: string;
  offset: number;
  limit: number;
}

async function page<Row>(
  db: Connection,
  which: ReportTable,
  filter: ReportFilter,
): Promise<{ rows: Row[]; total: number }> {
  const { table, at } = TABLES[which];
  const params = [filter.organizationId, filter.from, filter.toExclusive];
  const where = `where organization_id = $1 and ${at} >= $2 and ${at} < $3`;
  const rows = await db.query<Row>(
    `select * from ${table} ${where} order by ${at} desc, appointment_id limit $4 offset $5`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ total: string | number }>(
    `select count(*) as total from ${table} ${where}`,
    params,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

export const checkins = (db: Connection, filter: ReportFilter) => page<CheckinRow>(db, 'checkins', filter);
export const confirmations = (db: Connection, filter: ReportFilter) =>
  page<ConfirmationRow>(db, 'confirmations', filter);
