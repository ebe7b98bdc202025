import { randomUUID } from 'node:crypto';
import type { Connection, Database } from '../../platform/db';
import { emitReservedSlotUpdated, emitSlotChange, emitSlotDeleted, type SlotChangeKind, type SlotEventPublisher } from './events';
import { withoutBlockedTime } from './exceptions';
import { generateSlots, type WorkingHours } from './slots';

export const HOLD_FAILED_MESSAGE = 'Could not reserve the selected slot. Please try another slot.';
/** How long a hold keeps its capacity. */
export const HOLD_TTL_MS = 10 * 60_000;
/** At most this many active holds per session, so nobody can hoard slots. */
export const MAX_ACTIVE_HOLDS_PER_SESSION = 3;
/** Today's slots start at now + 30 minutes. */
export const LEAD_TIME_MS = 30 * 60_000;

export interface ScheduleRow {
  id: string;
  practitioner_id: string | null;
  location_id: string | null;
  time_zone: string;
  slot_minutes: number;
  capacity: number;
  planning_horizon_days: number;
  slot_hide_hours: number;
  online_booking_enabled: boolean;
  /** Online bookings start Pending until the practice accepts them. */
  requires_approval: boolean;
}

export interface Slot {
  ScheduleId: string;
  Status: 'free' | 'busy';
  Start: string;
  End: string;
  Capacity: number;
  CapacityAvailable: number;
  SlotIds: string[];
}

export function slotId(scheduleId: string, start: Date): string {
  return `${scheduleId}_${start.toISOString()}`;
}

export function parseSlotId(id: string): { scheduleId: string; start: Date } | null {
  const match = /^([0-9a-f-]{36})_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/i.exec(id);
  if (!match) return null;
  const start = new Date(match[2]!);
  return Number.isNaN(start.getTime()) ? null : { scheduleId: match[1]!, start };
}

export async function getSchedule(db: Connection, id: string): Promise<ScheduleRow | null> {
  const rows = await db.query<ScheduleRow>('select * from schedules where id = $1', [id]);
  return rows[0] ?? null;
}

async function workingHours(db: Connection, scheduleId: string): Promise<WorkingHours[]> {
  const rows = await db.query<{ weekday: number; start_minute: number; end_minute: number }>(
    'select weekday, start_minute, end_minute from schedule_hours where schedule_id = $1',
    [scheduleId],
  );
  return rows.map((r) => ({ weekday: r.weekday, startMinute: r.start_minute, endMinute: r.end_minute }));
}

/** The schedule's generated slots in [from, to), clipped to now + 30 min (and SlotHideHours) and the planning horizon. */
async function generatedSlots(db: Connection, schedule: ScheduleRow, range: { from: Date; to: Date; now: Date }) {
  const earliest = range.now.getTime() + Math.max(LEAD_TIME_MS, schedule.slot_hide_hours * 3_600_000);
  const latest = range.now.getTime() + schedule.planning_horizon_days * 86_400_000;
  const from = new Date(Math.max(range.from.getTime(), earliest));
  const to = new Date(Math.min(range.to.getTime(), latest));
  if (from >= to) return { from, to, slots: [] };
  const generated = generateSlots({ timeZone: schedule.time_zone, slotMinutes: schedule.slot_minutes, hours: await workingHours(db, schedule.id), from, to });
  // Time blocked off the schedule (exceptions.ts) offers no slot.
  const slots = await withoutBlockedTime(db, schedule.id, generated);
  return { from, to, slots };
}

/** The schedule's slots in [from, to), clipped to now + 30 min (and SlotHideHours) and the planning horizon. */
export async function searchSlots(
  db: Connection,
  input: { scheduleIds: string[]; from: Date; to: Date; now: Date; isAvailable: boolean },
): Promise<Slot[]> {
  const result: Slot[] = [];
  for (const scheduleId of input.scheduleIds) {
    const schedule = await getSchedule(db, scheduleId);
    if (!schedule || !schedule.online_booking_enabled) continue;
    const { from, to, slots: generated } = await generatedSlots(db, schedule, input);
    if (generated.length === 0) continue;
    const taken = await db.query<{ start_at: Date | string; taken: number }>(
      'select start_at, taken from slot_capacity where schedule_id = $1 and start_at >= $2 and start_at < $3',
      [scheduleId, from.toISOString(), to.toISOString()],
    );
    const takenAt = new Map(taken.map((r) => [new Date(r.start_at).getTime(), r.taken]));
    for (const slot of generated) {
      const available = schedule.capacity - (takenAt.get(slot.start.getTime()) ?? 0);
      if (input.isAvailable && available <= 0) continue;
      result.push({
        ScheduleId: scheduleId,
        Status: available > 0 ? 'free' : 'busy',
        Start: slot.start.toISOString(),
        End: slot.end.toISOString(),
        Capacity: schedule.capacity,
        CapacityAvailable: Math.max(available, 0),
        SlotIds: [slotId(scheduleId, slot.start)],
      });
    }
  }
  return result.sort((a, b) => a.Start.localeCompare(b.Start));
}

export type HoldResult =
  | { ok: true; holdId: string; slot: Slot; expiresAt: Date }
  | { ok: false; reason: 'not_a_slot' | 'full' | 'too_many_holds' };

/**
 * Takes one unit of the slot's capacity for a session. The capacity is taken by a single conditional upsert
 * (`taken < capacity`), atomic on PostgreSQL and PGlite alike, and the table's check constraint forbids
 * over-capacity regardless. Expired holds of the slot give their capacity back first.
 */
export async function holdSlot(
  database: Database,
  input: { scheduleId: string; start: Date; sessionId: string; patientId: string | null; now: Date },
): Promise<HoldResult> {
  const schedule = await getSchedule(database, input.scheduleId);
  if (!schedule || !schedule.online_booking_enabled) return { ok: false, reason: 'not_a_slot' };
  // Only a time the schedule really offers (and search would show) can be held.
  const { slots: generated } = await generatedSlots(database, schedule, { from: input.start, to: new Date(input.start.getTime() + 1), now: input.now });
  const offered = generated.find((g) => g.start.getTime() === input.start.getTime());
  if (!offered) return { ok: false, reason: 'not_a_slot' };
  await releaseExpired(database, input.now, { scheduleId: input.scheduleId, start: input.start });
  const active = await database.query<{ count: number }>(
    'select count(*)::int as count from slot_holds where session_id = $1 and expires_at > $2',
    [input.sessionId, input.now.toISOString()],
  );
  if ((active[0]?.count ?? 0) >= MAX_ACTIVE_HOLDS_PER_SESSION) return { ok: false, reason: 'too_many_holds' };

  const holdId = randomUUID();
  const expiresAt = new Date(input.now.getTime() + HOLD_TTL_MS);
  const rows = await database.query<{ taken: number }>(
    `with took as (
       insert into slot_capacity (schedule_id, start_at, capacity, taken)
       values ($1, $2, $3, 1)
       on conflict (schedule_id, start_at) do update set taken = slot_capacity.taken + 1
         where slot_capacity.taken < slot_capacity.capacity
       returning schedule_id, start_at, taken
     ), held as (
       insert into slot_holds (id, schedule_id, start_at, session_id, patient_id, expires_at)
       select $4, schedule_id, start_at, $5, $6, $7 from took
     )
     select taken from took`,
    [input.scheduleId, input.start.toISOString(), schedule.capacity, holdId, input.sessionId, input.patientId, expiresAt.toISOString()],
  );
  const taken = rows[0]?.taken;
  if (taken === undefined) return { ok: false, reason: 'full' };
  const available = schedule.capacity - taken;
  const slot: Slot = {
    ScheduleId: input.scheduleId,
    Status: available > 0 ? 'free' : 'busy',
    Start: offered.start.toISOString(),
    End: offered.end.toISOString(),
    Capacity: schedule.capacity,
    CapacityAvailable: available,
    SlotIds: [slotId(input.scheduleId, offered.start)],
  };
  return { ok: true, holdId, slot, expiresAt };
}

/**
 * The capacity a booking needs, inside the booking's transaction. The session's live hold on the slot hands
 * its capacity over (the hold row goes, the count stays); without one, a unit is taken the way a hold takes
 * it, only while capacity is left (`taken < capacity`, and the check constraint). Null when the time is not
 * one of the schedule's slots or no capacity is left, so two bookings can never share the last place.
 */
export async function takeSlotForBooking(
  tx: Connection,
  input: { scheduleId: string; start: Date; sessionId: string | null; now: Date },
): Promise<{ slot: Slot; fromHold: boolean } | null> {
  const schedule = await getSchedule(tx, input.scheduleId);
  if (!schedule) return null;
  const slots = await searchSlots(tx, { scheduleIds: [input.scheduleId], from: input.start, to: new Date(input.start.getTime() + 1), now: input.now, isAvailable: false });
  if (slots.length !== 1) return null;
  await releaseExpired(tx, input.now, { scheduleId: input.scheduleId, start: input.start });
  const consumed = input.sessionId
    ? await tx.query<{ id: string }>(
        `delete from slot_holds where id in (
           select id from slot_holds where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4 limit 1)
         returning id`,
        [input.scheduleId, input.start.toISOString(), input.sessionId, input.now.toISOString()],
      )
    : [];
  const fromHold = consumed.length === 1;
  if (!fromHold) {
    const took = await tx.query<{ taken: number }>(
      `insert into slot_capacity (schedule_id, start_at, capacity, taken) values ($1, $2, $3, 1)
       on conflict (schedule_id, start_at) do update set taken = slot_capacity.taken + 1
         where slot_capacity.taken < slot_capacity.capacity
       returning taken`,
      [input.scheduleId, input.start.toISOString(), schedule.capacity],
    );
    if (!took[0]) return null;
  }
  const slot = await currentSlot(tx, input.scheduleId, input.start);
  return slot ? { slot, fromHold } : null;
}

/**
 * Gives back the place a booked appointment held (it was rejected, cancelled or entered in error), inside
 * the caller's transaction. Never below zero. True when a place came back; the caller announces it with
 * publishSlotChanges once the transaction has committed.
 */
export async function returnBookedPlace(tx: Connection, input: { scheduleId: string; start: Date }): Promise<boolean> {
  const rows = await tx.query<{ taken: number }>(
    'update slot_capacity set taken = taken - 1 where schedule_id = $1 and start_at = $2 and taken > 0 returning taken',
    [input.scheduleId, input.start.toISOString()],
  );
  return rows.length === 1;
}

/** Gives back the capacity of expired holds (of one slot, or all). Returns the slots that changed. */
export async function releaseExpired(
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
    `with gone as (delete from slot_holds where expires_at <= $1${filter} returning schedule_id, start_at),
     counts as (select schedule_id, start_at, count(*)::int as n from gone group by schedule_id, start_at)
     update slot_capacity c set taken = c.taken - counts.n
       from counts where c.schedule_id = counts.schedule_id and c.start_at = counts.start_at
     returning c.schedule_id, c.start_at`,
    params,
  );
  return rows.map((r) => ({ scheduleId: r.schedule_id, start: new Date(r.start_at) }));
}

/** Releases the session's holds on the given slots. Returns the slots whose capacity came back. */
export async function releaseSlots(
  db: Connection,
  input: { slotIds: string[]; sessionId: string },
): Promise<{ scheduleId: string; start: Date }[]> {
  const released: { scheduleId: string; start: Date }[] = [];
  for (const id of input.slotIds) {
    const parsed = parseSlotId(id);
    if (!parsed) continue;
    const rows = await db.query<{ n: number }>(
      `with gone as (
         delete from slot_holds where id in (
           select id from slot_holds where schedule_id = $1 and start_at = $2 and session_id = $3 limit 1)
         returning schedule_id, start_at
       ), upd as (
         update slot_capacity c set taken = c.taken - 1
           from gone where c.schedule_id = gone.schedule_id and c.start_at = gone.start_at
         returning 1
       )
       select count(*)::int as n from upd`,
      [parsed.scheduleId, parsed.start.toISOString(), input.sessionId],
    );
    if ((rows[0]?.n ?? 0) > 0) released.push(parsed);
  }
  return released;
}

/** A slot as it stands now (capacity left after holds and bookings), whether or not search would show it. */
export async function currentSlot(db: Connection, scheduleId: string, start: Date): Promise<Slot | null> {
  const schedule = await getSchedule(db, scheduleId);
  if (!schedule) return null;
  const rows = await db.query<{ taken: number }>('select taken from slot_capacity where schedule_id = $1 and start_at = $2', [
    scheduleId,
    start.toISOString(),
  ]);
  const available = Math.max(schedule.capacity - (rows[0]?.taken ?? 0), 0);
  return {
    ScheduleId: scheduleId,
    Status: available > 0 ? 'free' : 'busy',
    Start: start.toISOString(),
    End: new Date(start.getTime() + schedule.slot_minutes * 60_000).toISOString(),
    Capacity: schedule.capacity,
    CapacityAvailable: available,
    SlotIds: [slotId(scheduleId, start)],
  };
}

// ---------- use cases: every change of a slot's capacity goes out on the calendar hub ----------

export interface SchedulingDeps {
  database: Database;
  realtime: SlotEventPublisher;
}

export interface SlotChange {
  kind: SlotChangeKind;
  scheduleId: string;
  start: Date;
}

/**
 * Publishes what happened to slots on the calendar hub (SlotAdded/SlotUpdated/SlotDeleted and their
 * reason-based variants). The appointments module calls this after a booking took a slot's capacity
 * (`taken`) or a cancellation gave it back (`returned`), once its transaction has committed.
 */
export async function publishSlotChanges(deps: SchedulingDeps, changes: SlotChange[]): Promise<void> {
  for (const change of changes) {
    if (change.kind === 'removed') {
      emitSlotDeleted(deps.realtime, {
        SlotIds: [slotId(change.scheduleId, change.start)],
        ScheduleId: change.scheduleId,
        Start: change.start.toISOString(),
      });
      continue;
    }
    const slot = await currentSlot(deps.database, change.scheduleId, change.start);
    if (slot) emitSlotChange(deps.realtime, change.kind, slot);
  }
}

/** Holds a slot and tells open calendars its capacity went down. */
export async function reserveSlot(
  deps: SchedulingDeps,
  input: { scheduleId: string; start: Date; sessionId: string; patientId: string | null; now: Date },
): Promise<HoldResult> {
  const result = await holdSlot(deps.database, input);
  if (result.ok) emitSlotChange(deps.realtime, 'taken', result.slot);
  return result;
}

/** Releases the session's holds and tells open calendars the capacity is back. Returns how many. */
export async function releaseHeldSlots(deps: SchedulingDeps, input: { slotIds: string[]; sessionId: string }): Promise<number> {
  const released = await releaseSlots(deps.database, input);
  await publishSlotChanges(
    deps,
    released.map((r) => ({ kind: 'returned' as const, ...r })),
  );
  return released.length;
}

/** Gives back every expired hold's capacity and announces the slots; safe to run on several instances. */
export async function sweepExpiredHolds(deps: SchedulingDeps, now: Date): Promise<number> {
  const changed = await releaseExpired(deps.database, now);
  await publishSlotChanges(
    deps,
    changed.map((r) => ({ kind: 'returned' as const, ...r })),
  );
  return changed.length;
}

/**
 * Sets the patient a session's live hold is for (update-reserved-slot?PatientId=): after sign-in, or when
 * booking for a family member. The expiry stays as it was, so updating cannot extend a hold. Returns the
 * updated hold, or null when the session holds none of the slots ('Unable to find reserved slot(s)').
 */
export async function updateReservedSlot(
  deps: SchedulingDeps,
  input: { slotIds: string[]; sessionId: string; patientId: string; now: Date },
): Promise<{ slot: Slot; expiresAt: Date } | null> {
  for (const id of input.slotIds) {
    const parsed = parseSlotId(id);
    if (!parsed) continue;
    const rows = await deps.database.query<{ expires_at: Date | string }>(
      `update slot_holds set patient_id = $4
         where id in (select id from slot_holds
                       where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $5 limit 1)
       returning expires_at`,
      [parsed.scheduleId, parsed.start.toISOString(), input.sessionId, input.patientId, input.now.toISOString()],
    );
    if (!rows[0]) continue;
    const slot = await currentSlot(deps.database, parsed.scheduleId, parsed.start);
    if (!slot) continue;
    const expiresAt = new Date(rows[0].expires_at);
    emitReservedSlotUpdated(deps.realtime, { slotId: id, scheduleId: parsed.scheduleId, expiresAt });
    return { slot, expiresAt };
  }
  return null;
}

/** Is one of these slots still held by the session (and, when given, for this patient)? */
export async function validateReservedSlot(
  db: Connection,
  input: { slotIds: string[]; sessionId: string; patientId: string | null; now: Date },
): Promise<boolean> {
  for (const id of input.slotIds) {
    const parsed = parseSlotId(id);
    if (!parsed) continue;
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from slot_holds
        where schedule_id = $1 and start_at = $2 and session_id = $3 and expires_at > $4
          and ($5::uuid is null or patient_id = $5::uuid)`,
      [parsed.scheduleId, parsed.start.toISOString(), input.sessionId, input.now.toISOString(), input.patientId],
    );
    if ((rows[0]?.n ?? 0) > 0) return true;
  }
  return false;
}

/** Schedules of a practitioner, a facility or by id (schedule/advance-search). */
export async function searchSchedules(
  db: Connection,
  input: { PractitionerId?: string | undefined; LocationId?: string | undefined; Ids?: string[] | undefined },
): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(
    `select * from schedules
      where ($1::uuid is null or practitioner_id = $1::uuid)
        and ($2::uuid is null or location_id = $2::uuid)
        and ($3::uuid[] is null or id = any($3::uuid[]))
      order by created_at, id`,
    [input.PractitionerId ?? null, input.LocationId ?? null, input.Ids?.length ? input.Ids : null],
  );
}
