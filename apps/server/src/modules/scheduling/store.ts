import type { Connection } from '../../platform/db';
import type { BlockedRange, WorkingHours } from './slots';

/** The counter of a slot that has no per-category capacity. */
export const NIL_CATEGORY = '00000000-0000-0000-0000-000000000000';

export interface ScheduleRow {
  id: string;
  practitioner_id: string | null;
  healthcare_service_id: string | null;
  location_id: string | null;
  organization_id: string | null;
  name: string | null;
  time_zone: string;
  slot_minutes: number;
  capacity: number;
  planning_horizon_days: number;
  slot_hide_hours: number;
  online_booking_enabled: boolean;
  /** Online bookings start Pending until the practice accepts them. */
  requires_approval: boolean;
  /** A patient booked at another calendar at the same minute may be booked here too. */
  allow_concurrent_bookings: boolean;
  identifiers: { System: string; Value: string }[];
  specialties: string[];
  visit_types: VisitTypeName[];
  supported_regions: ('US' | 'PK')[];
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export type VisitTypeName = 'Office' | 'TeleHealth' | 'Walk-In';

export interface ExceptionRow extends BlockedRange {
  id: string;
  kind: 'TimeOff' | 'Holiday';
  note: string | null;
}

export interface CategoryRow {
  id: string;
  organizationId: string;
  name: string;
  durationMinutes: number;
  capacity: number | null;
}

export interface TypeRow {
  id: string;
  organizationId: string;
  serviceCategoryId: string | null;
  name: string;
  alias: string | null;
  durationMinutes: number;
  visitType: VisitTypeName;
  services: string[];
}

/** One capacity counter of a slot: a category's, or the whole slot's (NIL_CATEGORY). */
export interface Counter {
  categoryId: string;
  capacity: number;
}

/** A schedule with everything slot generation and slot shapes need, read in one statement. */
export interface ScheduleModel {
  row: ScheduleRow;
  hours: WorkingHours[];
  exceptions: ExceptionRow[];
  types: TypeRow[];
  categories: CategoryRow[];
  /** True when the slot's categories carry capacities: one counter per category, Capacity is their sum. */
  perCategory: boolean;
  counters: Counter[];
}

interface LoadedRow extends ScheduleRow {
  hours: WorkingHours[];
  exceptions: { id: string; kind: ExceptionRow['kind']; start: string; end: string; note: string | null }[];
  types: TypeRow[];
  categories: CategoryRow[];
}

const typeJson = `json_build_object('id', t.id, 'organizationId', t.organization_id, 'serviceCategoryId', t.service_category_id,
  'name', t.name, 'alias', t.alias, 'durationMinutes', t.duration_minutes, 'visitType', t.visit_type, 'services', t.services)`;
const categoryJson = `json_build_object('id', c.id, 'organizationId', c.organization_id, 'name', c.name,
  'durationMinutes', c.duration_minutes, 'capacity', c.capacity)`;

/**
 * When any of the schedule's categories carries a capacity, every category counts its own places (one
 * without a capacity of its own gets the schedule's); otherwise the slot is one counter.
 */
export function countersOf(
  row: ScheduleRow,
  categories: CategoryRow[],
): { perCategory: boolean; counters: Counter[] } {
  if (categories.some((c) => c.capacity !== null)) {
    return {
      perCategory: true,
      counters: categories.map((c) => ({ categoryId: c.id, capacity: c.capacity ?? row.capacity })),
    };
  }
  return { perCategory: false, counters: [{ categoryId: NIL_CATEGORY, capacity: row.capacity }] };
}

export async function loadScheduleModels(db: Connection, ids: string[]): Promise<ScheduleModel[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<LoadedRow>(
    `select s.*,
       coalesce((select json_agg(json_build_object('weekday', h.weekday, 'startMinute', h.start_minute, 'endMinute', h.end_minute)
                                 order by h.weekday, h.start_minute)
                   from schedule_hours h where h.schedule_id = s.id), '[]') as hours,
       coalesce((select json_agg(json_build_object('id', e.id, 'kind', e.kind, 'start', e.starts_at, 'end', e.ends_at, 'note', e.note)
                                 order by e.starts_at, e.id)
                   from schedule_exceptions e where e.schedule_id = s.id), '[]') as exceptions,
       coalesce((select json_agg(${typeJson} order by t.name, t.id)
                   from schedule_service_types x join service_types t on t.id = x.service_type_id
                  where x.schedule_id = s.id), '[]') as types,
       coalesce((select json_agg(${categoryJson} order by c.name, c.id)
                   from service_categories c
                  where c.id in (select t.service_category_id from schedule_service_types x
                                   join service_types t on t.id = x.service_type_id where x.schedule_id = s.id)), '[]') as categories
       from schedules s where s.id = any($1::uuid[])`,
    [ids],
  );
  return rows.map((r) => {
    const { hours, exceptions, types, categories, ...row } = r;
    return {
      row,
      hours,
      exceptions: exceptions.map((e) => ({
        id: e.id,
        kind: e.kind,
        note: e.note,
        start: new Date(e.start),
        end: new Date(e.end),
      })),
      types,
      categories,
      ...countersOf(row, categories),
    };
  });
}

export async function scheduleVersions(db: Connection, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; version: number }>(
    'select id, version from schedules where id = any($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.version]));
}

export async function scheduleIdsMatching(
  db: Connection,
  input: {
    practitionerId?: string | null;
    healthcareServiceId?: string | null;
    locationId?: string | null;
    organizationId?: string | null;
    ids?: string[] | null;
  },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from schedules
      where ($1::uuid is null or practitioner_id = $1::uuid)
        and ($2::uuid is null or healthcare_service_id = $2::uuid)
        and ($3::uuid is null or location_id = $3::uuid)
        and ($4::uuid is null or organization_id = $4::uuid)
        and ($5::uuid[] is null or id = any($5::uuid[]))
      order by created_at, id
      limit 500`,
    [
      input.practitionerId ?? null,
      input.healthcareServiceId ?? null,
      input.locationId ?? null,
      input.organizationId ?? null,
      input.ids?.length ? input.ids : null,
    ],
  );
  return rows.map((r) => r.id);
}

/** Taken places per slot and category, for schedules in [from, to). Rows with nothing taken are skipped. */
export async function takenCounts(
  db: Connection,
  scheduleIds: string[],
  from: Date,
  to: Date,
): Promise<{ schedule_id: string; start_at: Date | string; category_id: string; taken: number }[]> {
  if (scheduleIds.length === 0 || from >= to) return [];
  // A join on the unnested ids keeps this an index range scan per schedule.
  return db.query(
    `select c.schedule_id, c.start_at, c.category_id, c.taken
       from unnest($1::uuid[]) as want(id)
       join slot_capacity c on c.schedule_id = want.id and c.start_at >= $2 and c.start_at < $3
      where c.taken > 0`,
    [scheduleIds, from.toISOString(), to.toISOString()],
  );
}

export async function slotCounts(
  db: Connection,
  scheduleId: string,
  start: Date,
): Promise<Map<string, number>> {
  const rows = await db.query<{ category_id: string; taken: number }>(
    'select category_id, taken from slot_capacity where schedule_id = $1 and start_at = $2',
    [scheduleId, start.toISOString()],
  );
  return new Map(rows.map((r) => [r.category_id, r.taken]));
}

export interface HoldAttempt {
  /** 0 when the schedule's version moved on (a cached copy is stale) or online booking is off. */
  current: number;
  active: number;
  taken: number | null;
  others: { c: string; t: number }[];
}

/**
 * One round trip for a hold: the schedule's version still matches the cached copy, the session (or
 * patient) holds fewer than `maxActive` live holds, and the counter has room (`taken < capacity`, atomic
 * under concurrency: PostgreSQL re-checks the condition on the row's latest version); then the hold row.
 */
/**
 * Serialises, until the end of the caller's transaction, everything done under these keys (a hold's holder
 * and patient, a slot). Keys are taken in sorted order, so two transactions never wait on each other in a
 * cycle. A transaction-scoped advisory lock: nothing to clean up, released at commit or rollback.
 */
export async function lockKeys(tx: Connection, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }
}

/** The lock key of a slot: every statement that takes one of its places runs under it. */
export const slotLockKey = (scheduleId: string, start: Date) => `slot:${scheduleId}:${start.toISOString()}`;

export async function attemptHold(
  db: Connection,
  input: {
    scheduleId: string;
    version: number;
    start: Date;
    categoryId: string;
    capacity: number;
    holdId: string;
    sessionId: string;
    patientId: string | null;
    now: Date;
    expiresAt: Date;
    maxActive: number;
    /** The schedule's capacity: all counters of the slot together never take more places. */
    ceiling: number;
  },
): Promise<HoldAttempt> {
  const rows = await db.query<HoldAttempt>(
    `with sched as (
       select 1 from schedules where id = $1 and version = $2 and online_booking_enabled
     ), active as (
       select count(*)::int as n from slot_holds
        where expires_at > $9 and (session_id = $7 or patient_id = $8::uuid)
     ), took as (
       insert into slot_capacity (schedule_id, start_at, category_id, capacity, taken)
       select $1, $3, $4, $5, 1 from sched where (select n from active) < $11
          and (select coalesce(sum(taken), 0) from slot_capacity where schedule_id = $1 and start_at = $3) < $12
       on conflict (schedule_id, start_at, category_id) do update set taken = slot_capacity.taken + 1
         where slot_capacity.taken < slot_capacity.capacity
       returning taken
     ), held as (
       insert into slot_holds (id, schedule_id, start_at, category_id, session_id, patient_id, expires_at)
       select $6, $1, $3, $4, $7, $8::uuid, $10 from took
     )
     select (select count(*) from sched)::int as current,
            (select n from active) as active,
            (select taken from took) as taken,
            coalesce((select json_agg(json_build_object('c', category_id, 't', taken)) from slot_capacity
                       where schedule_id = $1 and start_at = $3 and category_id <> $4), '[]') as others`,
    [
      input.scheduleId,
      input.version,
      input.start.toISOString(),
      input.categoryId,
      input.capacity,
      input.holdId,
      input.sessionId,
      input.patientId,
      input.now.toISOString(),
      input.expiresAt.toISOString(),
      input.maxActive,
      input.ceiling,
    ],
  );
  return rows[0]!;
}

/** Takes one place of a counter with room (a booking without a hold); null when it is full. */
export async function takePlace(
  db: Connection,
  scheduleId: string,
  start: Date,
  counter: Counter,
  ceiling: number,
): Promise<number | null> {
  const rows = await db.query<{ taken: number }>(
    `insert into slot_capacity (schedule_id, start_at, category_id, capacity, taken)
     select $1, $2, $3, $4, 1
      where (select coalesce(sum(taken), 0) from slot_capacity where schedule_id = $1 and start_at = $2) < $5
     on conflict (schedule_id, start_at, category_id) do update set taken = slot_capacity.taken + 1
       where slot_capacity.taken < slot_capacity.capacity
     returning taken`,
    [scheduleId, start.toISOString(), counter.categoryId, counter.capacity, ceiling],
  );
  return rows[0]?.taken ?? null;
}

/**
 * Hands a session's live hold on the slot over to a booking: the hold row goes, its place stays taken.
 * Answers the counter (category) whose place the hold had taken, or null when the session holds none.
 */
export async function consumeHold(
  db: Connection,
  scheduleId: string,
  start: Date,
  sessionId: string,
  now: Date,
): Promise<string | null> {
  const rows = await db.query<{ category_id: string }>(
    `delete from slot_holds where id in (
       select id from slot_holds where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4 limit 1)
     returning category_id`,
    [scheduleId, start.toISOString(), sessionId, now.toISOString()],
  );
  return rows[0]?.category_id ?? null;
}

/** Moves a session's live holds to another session, as many as it has room for (their places stay taken). Returns how many moved. */
export async function moveSessionHolds(
  db: Connection,
  from: string,
  to: string,
  now: Date,
  maxActive: number,
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update slot_holds set session_id = $2
      where id in (select id from slot_holds where session_id = $1 and expires_at > $3
                    order by expires_at desc
                    limit greatest($4 - (select count(*) from slot_holds where session_id = $2 and expires_at > $3), 0))
      returning id`,
    [from, to, now.toISOString(), maxActive],
  );
  return rows.length;
}

/** Gives back the places of expired holds (of one slot, or all). Returns the slots that changed. */
export async function releaseExpiredHolds(
  db: Connection,
  now: Date,
  only?: { scheduleId: string; start: Date },
): Promise<{ scheduleId: string; start: Date }[]> {
  const params: unknown[] = [now.toISOString()];
  let filter = '';
  if (only) {
    params.push(only.scheduleId, only.start.toISOString());
    filter = ' and schedule_id = $2 and start_at = $3';
  }
  const rows = await db.query<{ schedule_id: string; start_at: Date | string }>(
    `with gone as (delete from slot_holds where expires_at <= $1${filter} returning schedule_id, start_at, category_id),
     counts as (select schedule_id, start_at, category_id, count(*)::int as n from gone group by schedule_id, start_at, category_id)
     update slot_capacity c set taken = c.taken - counts.n
       from counts where c.schedule_id = counts.schedule_id and c.start_at = counts.start_at and c.category_id = counts.category_id
     returning c.schedule_id, c.start_at`,
    params,
  );
  const seen = new Map<string, { scheduleId: string; start: Date }>();
  for (const r of rows) {
    const start = new Date(r.start_at);
    seen.set(`${r.schedule_id}|${start.getTime()}`, { scheduleId: r.schedule_id, start });
  }
  return [...seen.values()];
}

/** Releases one hold of the session per slot, all slots in one statement. Returns the slots given back. */
export async function releaseSessionHolds(
  db: Connection,
  slots: { scheduleId: string; start: Date }[],
  sessionId: string,
): Promise<{ scheduleId: string; start: Date }[]> {
  if (slots.length === 0) return [];
  const rows = await db.query<{ schedule_id: string; start_at: Date | string }>(
    `with wanted as (
       select * from unnest($1::uuid[], $2::timestamptz[]) as w(schedule_id, start_at)
     ), gone as (
       delete from slot_holds where id in (
         select distinct on (h.schedule_id, h.start_at) h.id
           from slot_holds h join wanted w on h.schedule_id = w.schedule_id and h.start_at = w.start_at
          where h.session_id = $3
          order by h.schedule_id, h.start_at, h.expires_at)
       returning schedule_id, start_at, category_id
     )
     update slot_capacity c set taken = c.taken - 1
       from gone where c.schedule_id = gone.schedule_id and c.start_at = gone.start_at and c.category_id = gone.category_id
     returning c.schedule_id, c.start_at`,
    [slots.map((s) => s.scheduleId), slots.map((s) => s.start.toISOString()), sessionId],
  );
  return rows.map((r) => ({ scheduleId: r.schedule_id, start: new Date(r.start_at) }));
}

/** The slots a session holds live, one entry per hold. */
export async function sessionHeldSlots(
  db: Connection,
  sessionId: string,
  now: Date,
): Promise<{ scheduleId: string; start: Date }[]> {
  const rows = await db.query<{ schedule_id: string; start_at: Date | string }>(
    'select schedule_id, start_at from slot_holds where session_id = $1 and expires_at > $2 order by start_at',
    [sessionId, now.toISOString()],
  );
  return rows.map((r) => ({ scheduleId: r.schedule_id, start: new Date(r.start_at) }));
}

/** Gives one booked place of a slot back (of the given counter, or the first with one taken). Returns the counters changed. */
export async function returnPlace(
  tx: Connection,
  scheduleId: string,
  start: Date,
  categoryId: string | null,
) {
  return tx.query<{ taken: number }>(
    `update slot_capacity c set taken = c.taken - 1
       from (select category_id from slot_capacity
              where schedule_id = $1 and start_at = $2 and taken > 0 and ($3::uuid is null or category_id = $3::uuid)
              order by category_id
              limit 1 for update) pick
      where c.schedule_id = $1 and c.start_at = $2 and c.category_id = pick.category_id and c.taken > 0
      returning c.taken`,
    [scheduleId, start.toISOString(), categoryId],
  );
}

/** Puts the patient on the session's live hold of the slot. Returns its expiry, or nothing when none is held. */
export async function claimSessionHold(
  db: Connection,
  scheduleId: string,
  start: Date,
  sessionId: string,
  patientId: string,
  now: Date,
) {
  return db.query<{ expires_at: Date | string }>(
    `update slot_holds set patient_id = $4
       where id in (select id from slot_holds
                     where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $5 limit 1)
     returning expires_at`,
    [scheduleId, start.toISOString(), sessionId, patientId, now.toISOString()],
  );
}

/** Live holds of the slot by the session (and, when given, the patient). */
export async function countSessionHolds(
  db: Connection,
  scheduleId: string,
  start: Date,
  sessionId: string,
  now: Date,
  patientId: string | null,
) {
  return db.query<{ n: number }>(
    `select count(*)::int as n from slot_holds
      where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4
        and ($5::uuid is null or patient_id = $5::uuid)`,
    [scheduleId, start.toISOString(), sessionId, now.toISOString(), patientId],
  );
}

// --- guest hold tickets (issue 24 item 4; rules in guest-holds.ts) ------------------------------------------

/**
 * A ticket for one guest hold, under the address's and the calendar's locks: none when the address or the
 * calendar already has its ceiling of live tickets. Expired tickets of both are cleared on the way.
 */
export async function takeGuestHoldTicket(
  tx: Connection,
  t: {
    id: string;
    address: string;
    scheduleId: string;
    start: Date;
    sessionId: string;
    now: Date;
    expiresAt: Date;
    perAddress: number;
    perCalendar: number;
  },
): Promise<{ ok: true } | { ok: false; reason: 'address' | 'calendar' }> {
  await lockKeys(tx, [`guest-hold-address:${t.address}`, `guest-hold-calendar:${t.scheduleId}`]);
  await tx.query(
    'delete from scheduling_guest_hold_tickets where expires_at <= $3 and (address = $1 or schedule_id = $2)',
    [t.address, t.scheduleId, t.now],
  );
  const [counts] = await tx.query<{ by_address: number; by_calendar: number }>(
    `select (select count(*) from scheduling_guest_hold_tickets where address = $1)::int as by_address,
            (select count(*) from scheduling_guest_hold_tickets where schedule_id = $2)::int as by_calendar`,
    [t.address, t.scheduleId],
  );
  if (counts!.by_address >= t.perAddress) return { ok: false, reason: 'address' };
  if (counts!.by_calendar >= t.perCalendar) return { ok: false, reason: 'calendar' };
  await tx.query(
    `insert into scheduling_guest_hold_tickets (id, address, schedule_id, start_at, session_id, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [t.id, t.address, t.scheduleId, t.start, t.sessionId, t.expiresAt],
  );
  return { ok: true };
}

/** A ticket whose hold was not made gives its place back. */
export async function dropGuestHoldTicket(db: Connection, id: string) {
  await db.query('delete from scheduling_guest_hold_tickets where id = $1', [id]);
}
