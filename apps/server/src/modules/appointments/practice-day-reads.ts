import { INACTIVE_APPOINTMENT_STATUSES, WALK_IN_WAITING_STATUSES } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import type { PracticeRow } from './store';

/**
 * Read functions the appointments module gives the practice-day module: searches, the walk-in queue and the
 * hotlist, always inside one practice. The practice day is a read model of this module's record; it reaches
 * these through index.ts (practiceDayReads) and never reads the appointments table itself.
 */

export interface PracticeFilter {
  organizationId: string;
  from: Date;
  to: Date;
  providerIds?: string[] | undefined;
  /** Calendars (schedules) the appointments are booked on. */
  calendarIds?: string[] | undefined;
  resourceIds?: string[] | undefined;
  locationIds?: string[] | undefined;
  statuses?: string[] | undefined;
  scheduleTypes?: string[] | undefined;
  patientId?: string | undefined;
}

/** The practice's appointments starting in [from, to) matching every filter given, by start; one page and the total. */
export async function searchPractice(
  db: Connection,
  filter: PracticeFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PracticeRow[]; total: number }> {
  const params: unknown[] = [filter.organizationId, filter.from.toISOString(), filter.to.toISOString()];
  const where = ['organization_id = $1', 'start_at >= $2', 'start_at < $3'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.providerIds?.length) add((n) => `practitioner_id = any(${n}::uuid[])`, filter.providerIds);
  if (filter.calendarIds?.length) add((n) => `schedule_id = any(${n}::uuid[])`, filter.calendarIds);
  if (filter.locationIds?.length) add((n) => `location_id = any(${n}::uuid[])`, filter.locationIds);
  if (filter.statuses?.length) add((n) => `status = any(${n}::text[])`, filter.statuses);
  if (filter.scheduleTypes?.length) add((n) => `schedule_type = any(${n}::text[])`, filter.scheduleTypes);
  if (filter.patientId) add((n) => `patient_id = ${n}::uuid`, filter.patientId);
  if (filter.resourceIds?.length) {
    // A resource (healthcare service) takes part in a visit as a HealthCareService participant.
    add(
      (n) =>
        `exists (select 1 from jsonb_array_elements(participants) p where p->>'Type' = 'HealthCareService' and p->>'ParticipantId' = any(${n}::text[]))`,
      filter.resourceIds,
    );
  }
  params.push(page.limit, page.offset);
  const rows = await db.query<PracticeRow & { total: number }>(
    `select *, count(*) over ()::int as total from appointments where ${where.join(' and ')}
      order by start_at, id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Walk-ins of the provider's day still waiting to be called, in arrival order (the order they joined). */
export async function waitingWalkIns(
  db: Connection,
  input: { practitionerId: string; organizationId: string; from: Date; to: Date },
): Promise<PracticeRow[]> {
  return db.query<PracticeRow>(
    `select * from appointments
      where practitioner_id = $1 and organization_id = $2 and schedule_type = 'Walk-In'
        and start_at >= $3 and start_at < $4 and called_at is null and status = any($5::text[])
      order by created_at, arrival_seq`,
    [
      input.practitionerId,
      input.organizationId,
      input.from.toISOString(),
      input.to.toISOString(),
      [...WALK_IN_WAITING_STATUSES],
    ],
  );
}

/** The walk-in the provider is seeing now: the last one called, while still in progress. */
export async function walkInInProgress(
  db: Connection,
  input: { practitionerId: string; organizationId: string; from: Date; to: Date },
): Promise<PracticeRow | null> {
  const rows = await db.query<PracticeRow>(
    `select * from appointments
      where practitioner_id = $1 and organization_id = $2 and schedule_type = 'Walk-In'
        and start_at >= $3 and start_at < $4 and called_at is not null and status = 'In Progress'
      order by called_at desc, id limit 1`,
    [input.practitionerId, input.organizationId, input.from.toISOString(), input.to.toISOString()],
  );
  return rows[0] ?? null;
}

export interface HotlistRow {
  patient_id: string;
  id: string;
  start_at: Date | string;
  status: string;
  visits: number;
}

/** The provider's patients seen or booked most recently (up to `until`), newest first, with their visit counts. */
export async function hotlist(
  db: Connection,
  input: { practitionerId: string; organizationId: string; until: Date; limit: number },
): Promise<HotlistRow[]> {
  return db.query<HotlistRow>(
    `with mine as (
       select id, patient_id, start_at, status from appointments
        where practitioner_id = $1 and organization_id = $2 and start_at < $3 and not (status = any($5::text[]))
     ), latest as (
       select distinct on (patient_id) patient_id, id, start_at, status from mine order by patient_id, start_at desc, id
     )
     select l.patient_id, l.id, l.start_at, l.status, (select count(*)::int from mine m where m.patient_id = l.patient_id) as visits
       from latest l order by l.start_at desc, l.id limit $4`,
    [
      input.practitionerId,
      input.organizationId,
      input.until.toISOString(),
      input.limit,
      [...INACTIVE_APPOINTMENT_STATUSES],
    ],
  );
}
