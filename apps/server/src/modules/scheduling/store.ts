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
 * Hands a session's live hold on the slot over to a booking: the hold row goes with the rows of the slots its
 * visit covers, their places stay taken. Answers the counter (category) whose place the hold had taken and how
 * many covered slots came with it, or null when the session holds none.
 */
export async function consumeHold(
  db: Connection,
  scheduleId: string,
  start: Date,
  sessionId: string,
  now: Date,
): Promise<{ categoryId: string; covered: number } | null> {
  const rows = await db.query<{ category_id: string; covered: number }>(
    `with lead as (
       delete from slot_holds where id in (
         select id from slot_holds
          where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4 and lead_id is null limit 1)
       returning id, category_id
     ), covered as (
       delete from slot_holds where lead_id in (select id from lead) returning id
     )
     select category_id, (select count(*)::int from covered) as covered from lead`,
    [scheduleId, start.toISOString(), sessionId, now.toISOString()],
  );
  const row = rows[0];
  return row ? { categoryId: row.category_id, covered: Number(row.covered) } : null;
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

/**
 * Releases one hold of the session per slot (with the slots its visit covers), all slots in one statement.
 * Returns the slots given back.
 */
export async function releaseSessionHolds(
  db: Connection,
  slots: { scheduleId: string; start: Date }[],
  sessionId: string,
): Promise<{ scheduleId: string; start: Date }[]> {
  if (slots.length === 0) return [];
  const rows = await db.query<{ schedule_id: string; start_at: Date | string }>(
    `with wanted as (
       select * from unnest($1::uuid[], $2::timestamptz[]) as w(schedule_id, start_at)
     ), picked as (
       select distinct on (h.schedule_id, h.start_at) h.id
         from slot_holds h join wanted w on h.schedule_id = w.schedule_id and h.start_at = w.start_at
        where h.session_id = $3 and h.lead_id is null
        order by h.schedule_id, h.start_at, h.expires_at
     ), gone as (
       delete from slot_holds where id in (select id from picked) or lead_id in (select id from picked)
       returning schedule_id, start_at, category_id
     ), counts as (
       select schedule_id, start_at, category_id, count(*)::int as n from gone group by schedule_id, start_at, category_id
     ), back as (
       update slot_capacity c set taken = c.taken - counts.n
         from counts
        where c.schedule_id = counts.schedule_id and c.start_at = counts.start_at and c.category_id = counts.category_id
       returning c.schedule_id, c.start_at
     )
     select back.* from back join wanted w on w.schedule_id = back.schedule_id and w.start_at = back.start_at`,
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
    `select schedule_id, start_at from slot_holds
      where session_id = $1 and expires_at > $2 and lead_id is null order by start_at`,
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
                     where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $5
                       and lead_id is null limit 1)
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
      where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4 and lead_id is null
        and ($5::uuid is null or patient_id = $5::uuid)`,
    [scheduleId, start.toISOString(), sessionId, now.toISOString(), patientId],
  );
}

// --- holds, releases and hand-overs in one statement (issue 29 item 1, decision 0101) ---------------------

/** Who hears a slot's event: consumers recorded delivered (announced in process) and pending (the dispatcher's). */
export interface EventRouting {
  delivered: string[];
  pending: string[];
}

export type HeldInOneStatement =
  | { status: 'stale' | 'guest_limit' | 'too_many_holds' | 'full' }
  | { status: 'held'; category: string; counts: Record<string, number>; version: number };

/**
 * One round trip for a hold (migration 20261129T1500 `scheduling_hold`): under the guest's, holder's and
 * slot's locks, the guest ticket, the holder's cap, a place of the first counter with room (expired holds of
 * a full slot given back once), the hold row and its `slot.changed` event.
 */
export async function holdInOneStatement(
  db: Connection,
  h: {
    lockKeys: string[];
    scheduleId: string;
    version: number;
    start: Date;
    counters: Counter[];
    ceiling: number;
    holdId: string;
    sessionId: string;
    patientId: string | null;
    now: Date;
    expiresAt: Date;
    maxActive: number;
    guest: { address: string; perAddress: number; perCalendar: number } | null;
    eventId: string;
    slotId: string;
    payload: object;
    routing: EventRouting;
    /** The grid starts after `start` that the visit also covers (a place of each is taken too). */
    covered: Date[];
  },
): Promise<HeldInOneStatement> {
  const [row] = await db.query<{ result: HeldInOneStatement | string }>(
    `select scheduling_hold($1::text[], $2::uuid, $3::int, $4::timestamptz, $5::uuid[], $6::int[], $7::int,
              $8::uuid, $9::text, $10::uuid, $11::timestamptz, $12::timestamptz, $13::int,
              $14::text, $15::int, $16::int, $17::uuid, $18::text, $19::jsonb, $20::text[], $21::text[],
              $22::timestamptz[]) as result`,
    [
      [...new Set(h.lockKeys)].sort(),
      h.scheduleId,
      h.version,
      h.start.toISOString(),
      h.counters.map((c) => c.categoryId),
      h.counters.map((c) => c.capacity),
      h.ceiling,
      h.holdId,
      h.sessionId,
      h.patientId,
      h.now.toISOString(),
      h.expiresAt.toISOString(),
      h.maxActive,
      h.guest?.address ?? null,
      h.guest?.perAddress ?? 0,
      h.guest?.perCalendar ?? 0,
      h.eventId,
      h.slotId,
      JSON.stringify(h.payload),
      h.routing.delivered,
      h.routing.pending,
      h.covered.map((c) => c.toISOString()),
    ],
  );
  const result = row!.result;
  return typeof result === 'string' ? (JSON.parse(result) as HeldInOneStatement) : result;
}

export interface ReleasedInOneStatement {
  scheduleId: string;
  start: string;
  eventId: string;
  version: number;
  counts: Record<string, number>;
}

/** One round trip for a release (`scheduling_release`): one hold of the session per slot, places back, events. */
export async function releaseInOneStatement(
  db: Connection,
  slots: { scheduleId: string; start: Date; slotId: string }[],
  sessionId: string,
  routing: EventRouting,
): Promise<ReleasedInOneStatement[]> {
  if (slots.length === 0) return [];
  const [row] = await db.query<{ result: ReleasedInOneStatement[] | string }>(
    `select scheduling_release($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text, $6::text[], $7::text[])
            as result`,
    [
      slots.map((s) => s.scheduleId),
      slots.map((s) => s.start.toISOString()),
      slots.map((s) => s.slotId),
      slots.map((s) => s.start.toISOString()),
      sessionId,
      routing.delivered,
      routing.pending,
    ],
  );
  const result = row!.result;
  return typeof result === 'string' ? (JSON.parse(result) as ReleasedInOneStatement[]) : result;
}

/** One round trip for a hand-over (`scheduling_hand_over`): under both holders' locks. Returns how many moved. */
export async function handOverInOneStatement(
  db: Connection,
  h: { lockKeys: string[]; from: string; to: string; now: Date; maxActive: number },
): Promise<number> {
  const [row] = await db.query<{ moved: number }>(
    'select scheduling_hand_over($1::text[], $2::text, $3::text, $4::timestamptz, $5::int) as moved',
    [[...new Set(h.lockKeys)].sort(), h.from, h.to, h.now.toISOString(), h.maxActive],
  );
  return Number(row!.moved);
}
