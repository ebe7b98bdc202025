import type { Connection } from '../../platform/db';
import { NIL_CATEGORY, type VisitTypeName } from './store';

/** SQL of the schedule, exception, service category and service type edits (schedules.ts). */

export interface CategoryDbRow {
  id: string;
  organization_id: string;
  name: string;
  duration_minutes: number;
  capacity: number | null;
}

export interface TypeDbRow {
  id: string;
  organization_id: string;
  service_category_id: string | null;
  name: string;
  alias: string | null;
  duration_minutes: number;
  visit_type: VisitTypeName;
  services: string[];
}

// ---------- schedules ----------

export async function bumpScheduleVersions(db: Connection, scheduleIds: string[]): Promise<void> {
  await db.query(
    'update schedules set version = version + 1, updated_at = now() where id = any($1::uuid[])',
    [scheduleIds],
  );
}

/** Locks the schedules' rows until the end of the transaction: edits of one schedule take turns. */
export async function lockSchedules(tx: Connection, scheduleIds: string[]): Promise<void> {
  if (scheduleIds.length === 0) return;
  await tx.query('select id from schedules where id = any($1::uuid[]) order by id for update', [scheduleIds]);
}

export async function replaceScheduleHours(
  db: Connection,
  scheduleId: string,
  hours: { weekday: number; startMinute: number; endMinute: number }[],
) {
  await db.query('delete from schedule_hours where schedule_id = $1', [scheduleId]);
  if (hours.length === 0) return;
  await db.query(
    `insert into schedule_hours (schedule_id, weekday, start_minute, end_minute)
     select $1, * from unnest($2::smallint[], $3::integer[], $4::integer[])`,
    [scheduleId, hours.map((h) => h.weekday), hours.map((h) => h.startMinute), hours.map((h) => h.endMinute)],
  );
}

export async function insertSchedule(
  tx: Connection,
  s: {
    id: string;
    practitionerId: string | null;
    healthcareServiceId: string | null;
    locationId: string;
    organizationId: string;
    name: string | null;
    timeZone: string;
    slotMinutes: number;
    capacity: number;
    planningHorizonDays: number;
    slotHideHours: number;
    onlineBookingEnabled: boolean;
    requiresApproval: boolean;
    identifiersJson: string;
    specialties: unknown;
    visitTypes: string[];
    supportedRegions: string[];
  },
): Promise<void> {
  await tx.query(
    `insert into schedules (id, practitioner_id, healthcare_service_id, location_id, organization_id, name, time_zone, slot_minutes,
                            capacity, planning_horizon_days, slot_hide_hours, online_booking_enabled, requires_approval,
                            identifiers, specialties, visit_types, supported_regions)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17)`,
    [
      s.id,
      s.practitionerId,
      s.healthcareServiceId,
      s.locationId,
      s.organizationId,
      s.name,
      s.timeZone,
      s.slotMinutes,
      s.capacity,
      s.planningHorizonDays,
      s.slotHideHours,
      s.onlineBookingEnabled,
      s.requiresApproval,
      s.identifiersJson,
      s.specialties,
      s.visitTypes,
      s.supportedRegions,
    ],
  );
}

/** Sets the given fields (null keeps a field, except the name when setName), and bumps the version. */
export async function updateScheduleRow(
  tx: Connection,
  id: string,
  s: {
    setName: boolean;
    name: string | null;
    locationId: string | null;
    timeZone: string | null;
    slotMinutes: number | null;
    capacity: number | null;
    planningHorizonDays: number | null;
    slotHideHours: number | null;
    onlineBookingEnabled: boolean | null;
    requiresApproval: boolean | null;
    visitTypes: string[] | null;
    supportedRegions: string[] | null;
    specialties: unknown;
    identifiersJson: string | null;
  },
): Promise<void> {
  await tx.query(
    `update schedules set
       name = case when $2::boolean then $3 else name end,
       location_id = coalesce($4, location_id),
       time_zone = coalesce($5, time_zone),
       slot_minutes = coalesce($6, slot_minutes),
       capacity = coalesce($7, capacity),
       planning_horizon_days = coalesce($8, planning_horizon_days),
       slot_hide_hours = coalesce($9, slot_hide_hours),
       online_booking_enabled = coalesce($10, online_booking_enabled),
       requires_approval = coalesce($11, requires_approval),
       visit_types = coalesce($12, visit_types),
       supported_regions = coalesce($13, supported_regions),
       specialties = coalesce($14, specialties),
       identifiers = coalesce($15::jsonb, identifiers),
       version = version + 1, updated_at = now()
     where id = $1`,
    [
      id,
      s.setName,
      s.name,
      s.locationId,
      s.timeZone,
      s.slotMinutes,
      s.capacity,
      s.planningHorizonDays,
      s.slotHideHours,
      s.onlineBookingEnabled,
      s.requiresApproval,
      s.visitTypes,
      s.supportedRegions,
      s.specialties,
      s.identifiersJson,
    ],
  );
}

/** The schedule's own counter of slots from `now` on follows a new capacity, never below what is taken. */
export async function resizeScheduleCapacity(
  tx: Connection,
  scheduleId: string,
  capacity: number,
  now: Date,
): Promise<void> {
  await tx.query(
    'update slot_capacity set capacity = greatest(taken, $3, 1) where schedule_id = $1 and category_id = $2 and start_at >= $4',
    [scheduleId, NIL_CATEGORY, capacity, now.toISOString()],
  );
}

/** The ids among `ids` of the organization's service types. */
export async function serviceTypeIdsOf(
  db: Connection,
  ids: string[],
  organizationId: string | null,
): Promise<string[]> {
  const known = await db.query<{ id: string }>(
    'select id from service_types where id = any($1::uuid[]) and organization_id = $2',
    [ids, organizationId],
  );
  return known.map((k) => k.id);
}

export async function replaceScheduleServiceTypes(
  tx: Connection,
  scheduleId: string,
  typeIds: string[],
): Promise<void> {
  await tx.query('delete from schedule_service_types where schedule_id = $1', [scheduleId]);
  if (typeIds.length) {
    await tx.query(
      'insert into schedule_service_types (schedule_id, service_type_id) select $1, unnest($2::uuid[])',
      [scheduleId, typeIds],
    );
  }
}

export async function updateScheduleSettingsRow(
  db: Connection,
  scheduleId: string,
  s: {
    collectPatientDemographics: boolean | null;
    enableInsurance: boolean | null;
    enableSelfPay: boolean | null;
    allowConcurrentBookings: boolean | null;
  },
): Promise<void> {
  await db.query(
    `update schedules set collect_patient_demographics = coalesce($2, collect_patient_demographics),
       enable_insurance = coalesce($3, enable_insurance), enable_self_pay = coalesce($4, enable_self_pay),
       allow_concurrent_bookings = coalesce($5, allow_concurrent_bookings), updated_at = now(), version = version + 1
     where id = $1`,
    [scheduleId, s.collectPatientDemographics, s.enableInsurance, s.enableSelfPay, s.allowConcurrentBookings],
  );
}

// ---------- exceptions ----------

export async function insertScheduleException(
  tx: Connection,
  e: {
    id: string;
    scheduleId: string;
    kind: string;
    start: string;
    end: string;
    note: string | null;
    createdBy: string | null | undefined;
  },
): Promise<void> {
  await tx.query(
    'insert into schedule_exceptions (id, schedule_id, kind, starts_at, ends_at, note, created_by) values ($1, $2, $3, $4, $5, $6, $7)',
    [e.id, e.scheduleId, e.kind, e.start, e.end, e.note, e.createdBy],
  );
}

/** Deletes the schedule's exception; returns how many rows went (0 or 1). */
export async function deleteScheduleException(
  tx: Connection,
  exceptionId: string,
  scheduleId: string,
): Promise<number> {
  const rows = await tx.query(
    'delete from schedule_exceptions where id = $1 and schedule_id = $2 returning id',
    [exceptionId, scheduleId],
  );
  return rows.length;
}

// ---------- service categories and service types ----------

/** The schedules offering a type of the category, or one of the types. */
export async function schedulesUsingTypes(
  db: Connection,
  categoryId: string | null,
  typeIds: string[] | null,
): Promise<string[]> {
  const rows = await db.query<{ schedule_id: string }>(
    `select distinct x.schedule_id from schedule_service_types x join service_types t on t.id = x.service_type_id
      where ($1::uuid is not null and t.service_category_id = $1::uuid) or ($2::uuid[] is not null and t.id = any($2::uuid[]))`,
    [categoryId, typeIds],
  );
  return rows.map((r) => r.schedule_id);
}

export async function categoryById(db: Connection, id: string): Promise<CategoryDbRow | undefined> {
  const [row] = await db.query<CategoryDbRow>('select * from service_categories where id = $1', [id]);
  return row;
}

export async function searchCategories(
  db: Connection,
  f: { organizationId: string | null; scheduleId: string | null; ids: string[] | null; name: string | null },
): Promise<CategoryDbRow[]> {
  return db.query<CategoryDbRow>(
    `select * from service_categories c
      where ($1::uuid is null or c.organization_id = $1::uuid)
        and ($2::uuid is null or c.id in (select t.service_category_id from schedule_service_types x join service_types t on t.id = x.service_type_id where x.schedule_id = $2::uuid))
        and ($3::uuid[] is null or c.id = any($3::uuid[]))
        and ($4::text is null or c.name ilike '%' || $4::text || '%')
      order by c.name, c.id limit 1000`,
    [f.organizationId, f.scheduleId, f.ids, f.name],
  );
}

export async function insertCategory(
  db: Connection,
  c: { id: string; organizationId: string; name: string; duration: number; capacity: number | null },
): Promise<CategoryDbRow> {
  const [row] = await db.query<CategoryDbRow>(
    'insert into service_categories (id, organization_id, name, duration_minutes, capacity) values ($1, $2, $3, $4, $5) returning *',
    [c.id, c.organizationId, c.name, c.duration, c.capacity],
  );
  return row!;
}

export async function updateCategory(
  tx: Connection,
  id: string,
  c: { name: string; duration: number; capacity: number | null },
): Promise<void> {
  await tx.query(
    'update service_categories set name = $2, duration_minutes = $3, capacity = $4, updated_at = now() where id = $1',
    [id, c.name, c.duration, c.capacity],
  );
}

/** The category's counters of slots from `now` on follow its new capacity, never below what is taken. */
export async function resizeCategoryCapacity(
  tx: Connection,
  categoryId: string,
  capacity: number,
  now: Date,
): Promise<void> {
  await tx.query(
    'update slot_capacity set capacity = greatest(taken, $2) where category_id = $1 and start_at >= $3',
    [categoryId, capacity, now.toISOString()],
  );
}

export async function typeById(db: Connection, id: string): Promise<TypeDbRow | undefined> {
  const [row] = await db.query<TypeDbRow>('select * from service_types where id = $1', [id]);
  return row;
}

export async function searchTypes(
  db: Connection,
  f: {
    organizationId: string | null;
    scheduleId: string | null;
    ids: string[] | null;
    name: string | null;
    categoryId: string | null;
    visitType: string | null;
  },
): Promise<TypeDbRow[]> {
  return db.query<TypeDbRow>(
    `select * from service_types t
      where ($1::uuid is null or t.organization_id = $1::uuid)
        and ($2::uuid is null or t.id in (select service_type_id from schedule_service_types where schedule_id = $2::uuid))
        and ($3::uuid[] is null or t.id = any($3::uuid[]))
        and ($4::text is null or t.name ilike '%' || $4::text || '%' or t.alias ilike '%' || $4::text || '%')
        and ($5::uuid is null or t.service_category_id = $5::uuid)
        and ($6::text is null or t.visit_type = $6::text)
      order by t.name, t.id limit 1000`,
    [f.organizationId, f.scheduleId, f.ids, f.name, f.categoryId, f.visitType],
  );
}

interface TypeValues {
  categoryId: string | null;
  name: string;
  alias: string | null;
  duration: number;
  visitType: VisitTypeName;
  services: string[];
}

export async function insertType(
  db: Connection,
  t: TypeValues & { id: string; organizationId: string },
): Promise<TypeDbRow> {
  const [row] = await db.query<TypeDbRow>(
    `insert into service_types (id, organization_id, service_category_id, name, alias, duration_minutes, visit_type, services)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [t.id, t.organizationId, t.categoryId, t.name, t.alias, t.duration, t.visitType, t.services],
  );
  return row!;
}

export async function updateType(tx: Connection, id: string, t: TypeValues): Promise<void> {
  await tx.query(
    `update service_types set service_category_id = $2, name = $3, alias = $4, duration_minutes = $5, visit_type = $6, services = $7,
       updated_at = now() where id = $1`,
    [id, t.categoryId, t.name, t.alias, t.duration, t.visitType, t.services],
  );
}

export async function assignTypesToCategory(
  tx: Connection,
  categoryId: string,
  typeIds: string[],
): Promise<void> {
  await tx.query(
    'update service_types set service_category_id = $1, updated_at = now() where id = any($2::uuid[])',
    [categoryId, typeIds],
  );
}
