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

/**
 * The read models, each with the time column its date range filters on and the columns only it has
 * (confirmations: who confirmed).
 */
const TABLES = {
  checkins: { table: 'report_checkins', at: 'checked_in_at', own: [] },
  confirmations: { table: 'report_confirmations', at: 'confirmed_at', own: ['confirmed_by'] },
} as const;
export type ReportTable = keyof typeof TABLES;

/** A visit as a read model keeps it; `at` is the time of the table's event (checked in, confirmed). */
export interface ReportVisit {
  appointment_id: string;
  organization_id: string;
  patient_id: string;
  practitioner_id: string | null;
  location_id: string | null;
  startTime: string;
  at: string;
  eventId: string;
}

/**
 * One row per visit; heard again (a redelivery, a second check-in or confirmation), the row is kept current
 * but its first time (and who confirmed) kept. `own` holds the values of the table's own columns, in order.
 */
export async function upsertVisit(
  db: Connection,
  which: ReportTable,
  visit: ReportVisit,
  own: readonly string[] = [],
): Promise<void> {
  const { table, at, own: ownColumns } = TABLES[which];
  const columns = [
    'appointment_id',
    'organization_id',
    'patient_id',
    'practitioner_id',
    'location_id',
    'start_time',
    at,
    ...ownColumns,
    'source_event_id',
  ];
  await db.query(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (appointment_id) do update set organization_id = excluded.organization_id, start_time = excluded.start_time,
       practitioner_id = excluded.practitioner_id, location_id = excluded.location_id`,
    [
      visit.appointment_id,
      visit.organization_id,
      visit.patient_id,
      visit.practitioner_id,
      visit.location_id,
      visit.startTime,
      visit.at,
      ...own,
      visit.eventId,
    ],
  );
}

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
