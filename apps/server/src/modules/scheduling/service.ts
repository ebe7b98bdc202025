import type { Admitted, GuestAdmission } from './guest-holds';
import { randomUUID } from 'node:crypto';
import type { Slot, SlotServiceCategory, SlotServiceType } from '@careslot/contracts';
import type { Connection, Database } from '../../platform/db';
import { appendEvents, type DomainEvents, type NewDomainEvent } from '../../platform/events';
import { publisherFor } from '../../platform/realtime';
import {
  CALENDAR_HUB_CONSUMER,
  emitReservedSlotUpdated,
  emitSlotChange,
  emitSlotDeleted,
  SCHEDULE_SLOTS_CHANGED,
  SLOT_CHANGED,
  type ScheduleSlotsChangedPayload,
  type SlotChangedPayload,
  type SlotChangeKind,
  type SlotEventPublisher,
} from './events';
import { cachedModel, currentModels, reloadModel } from './schedule-cache';
import { offeredSlots, LEAD_TIME_MS } from './slots';
import * as store from './store';
import type { ScheduleModel, ScheduleRow, TypeRow } from './store';

export { LEAD_TIME_MS };
export type { ScheduleRow };
export type { Slot };

export const HOLD_FAILED_MESSAGE = 'Could not reserve the selected slot. Please try another slot.';
/** The hold limit said plainly (the web shows its own translated text for the rule). */
export const HOLD_LIMIT_MESSAGE = 'You already hold 3 times, the most at once. Release them to hold another.';
/** How long a hold keeps its capacity. */
export const HOLD_TTL_MS = 10 * 60_000;
/** At most this many active holds per session, and per patient, so nobody can hoard slots. */
export const MAX_ACTIVE_HOLDS = 3;
/** The reason 'All' (3.4): every reason, no narrowing. */
const ALL_REASONS = new Set<unknown>([-1, '-1']);

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
  const [model] = await currentModels(db, [id]);
  return model?.row ?? null;
}

/** A reason (service type) a schedule offers. */
export type ScheduleReason = TypeRow;

/** The reasons (service types) the schedule offers, with their visit types and categories; empty for an unknown id. */
export async function scheduleReasons(db: Connection, id: string): Promise<ScheduleReason[]> {
  const [model] = await currentModels(db, [id]);
  return model?.types ?? [];
}

function rulesOf(model: ScheduleModel) {
  return {
    timeZone: model.row.time_zone,
    slotMinutes: model.row.slot_minutes,
    hours: model.hours,
    exceptions: model.exceptions,
    slotHideHours: model.row.slot_hide_hours,
    planningHorizonDays: model.row.planning_horizon_days,
  };
}

/** The schedule's offered slots in [from, to) (working hours, exceptions, now + 30 min, SlotHideHours, horizon). */
export function modelSlots(model: ScheduleModel, range: { from: Date; to: Date; now: Date }) {
  return offeredSlots(rulesOf(model), range);
}

function shapeType(type: TypeRow): SlotServiceType {
  return {
    Id: type.id,
    Name: type.name,
    Duration: type.durationMinutes,
    ServiceCategoryId: type.serviceCategoryId,
    VisitType: type.visitType,
  };
}

/**
 * A slot as callers see it (3.4): Capacity and CapacityAvailable are the sums over its categories when
 * they carry capacities (never above the schedule's capacity, the ceiling), else the schedule's; every
 * category and type the schedule offers is listed.
 */
export function shapeSlot(model: ScheduleModel, start: Date, taken: (categoryId: string) => number): Slot {
  const { row } = model;
  let capacity: number;
  let available: number;
  let categories: SlotServiceCategory[];
  if (model.perCategory) {
    capacity = 0;
    available = 0;
    categories = model.categories.map((c) => {
      const cap = c.capacity ?? row.capacity;
      const free = Math.max(cap - taken(c.id), 0);
      capacity += cap;
      available += free;
      return { Id: c.id, Name: c.name, Duration: c.durationMinutes, Capacity: cap, CapacityAvailable: free };
    });
    // Places taken before the schedule had category capacities still count against the slot, and the
    // schedule's capacity is a ceiling over all its categories together.
    const all = model.categories.reduce((sum, c) => sum + taken(c.id), taken(store.NIL_CATEGORY));
    capacity = Math.min(capacity, row.capacity);
    available = Math.max(Math.min(available - taken(store.NIL_CATEGORY), row.capacity - all), 0);
  } else {
    capacity = row.capacity;
    available = Math.max(row.capacity - taken(store.NIL_CATEGORY), 0);
    categories = model.categories.map((c) => ({
      Id: c.id,
      Name: c.name,
      Duration: c.durationMinutes,
      Capacity: null,
      CapacityAvailable: null,
    }));
  }
  return {
    ScheduleId: row.id,
    Status: available > 0 ? 'free' : 'busy',
    Start: start.toISOString(),
    End: new Date(start.getTime() + row.slot_minutes * 60_000).toISOString(),
    Capacity: capacity,
    CapacityAvailable: available,
    SlotIds: [slotId(row.id, start)],
    SlotVisitType: [...row.visit_types],
    ServiceCategory: categories,
    ServiceType: model.types.map(shapeType),
  };
}

/**
 * A slot narrowed to one reason (4.3 step 2, and the reason-based events): that type, its category, and
 * that category's places when categories carry capacities.
 */
export function narrowSlot(slot: Slot, typeId: string): Slot {
  const type = slot.ServiceType?.find((t) => t.Id === typeId);
  if (!type) return slot;
  const category = slot.ServiceCategory?.find((c) => c.Id === type.ServiceCategoryId);
  const narrowed: Slot = {
    ...slot,
    ServiceType: [type],
    ServiceCategory: category ? [category] : [],
    SlotVisitType: [type.VisitType],
  };
  if (category && category.Capacity !== null && category.CapacityAvailable !== null) {
    narrowed.Capacity = category.Capacity;
    narrowed.CapacityAvailable = Math.min(category.CapacityAvailable, slot.CapacityAvailable);
    narrowed.Status = narrowed.CapacityAvailable > 0 ? 'free' : 'busy';
  }
  return narrowed;
}

/**
 * How long a visit for the reason lasts on this schedule, in minutes (issue 30, item 11): the reason's duration
 * (or the query's ServiceTypeDuration when longer), never less than one slot of the schedule's grid.
 */
export function visitMinutes(model: ScheduleModel, reason: string | null, asked = 0): number {
  const type = reason ? model.types.find((t) => t.id === reason) : undefined;
  return Math.max(model.row.slot_minutes, asked, type?.durationMinutes ?? 0);
}

/** The reason a request names, or null for none or every reason ('All', -1). */
function reasonOf(serviceTypeId: string | number | null | undefined): string | null {
  return serviceTypeId === null || serviceTypeId === undefined || ALL_REASONS.has(serviceTypeId)
    ? null
    : String(serviceTypeId);
}

/** The grid starts after `start` that a visit of `minutes` also covers (none for a one-slot visit). */
function coveredStarts(model: ScheduleModel, start: Date, minutes: number): Date[] {
  const step = model.row.slot_minutes * 60_000;
  const count = Math.ceil(minutes / model.row.slot_minutes) - 1;
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + (i + 1) * step));
}

/**
 * Does a visit for the reason starting at `start` fit (issue 30, item 11)? Every grid slot it covers is one the
 * schedule offers (inside the same working hours, no exception, so it never runs past closing) and still has a
 * place for the reason (never over the next patients). A visit of one slot always fits.
 */
export async function visitFits(
  db: Connection,
  model: ScheduleModel,
  input: { start: Date; now: Date; serviceTypeId?: string | null | undefined },
): Promise<boolean> {
  const reason =
    input.serviceTypeId && !ALL_REASONS.has(input.serviceTypeId) ? String(input.serviceTypeId) : null;
  const covered = coveredStarts(model, input.start, visitMinutes(model, reason));
  if (covered.length === 0) return true;
  const offered = new Set(
    modelSlots(model, { from: covered[0]!, to: new Date(covered.at(-1)!.getTime() + 1), now: input.now }).map(
      (g) => g.start.getTime(),
    ),
  );
  for (const start of covered) {
    if (!offered.has(start.getTime())) return false;
    const counts = await store.slotCounts(db, model.row.id, start);
    let slot = shapeSlot(model, start, (categoryId) => counts.get(categoryId) ?? 0);
    if (reason) slot = narrowSlot(slot, reason);
    if (slot.CapacityAvailable <= 0) return false;
  }
  return true;
}

export interface SlotSearchInput {
  scheduleIds: string[];
  from: Date;
  to: Date;
  now: Date;
  isAvailable: boolean;
  /** A reason (service type id) to narrow to; null, undefined or 'All' (-1) for every reason. */
  serviceTypeId?: string | number | null | undefined;
  visitType?: string | null | undefined;
  /** ServiceTypeDuration: the visit's minutes when longer than the reason's own duration. */
  serviceTypeDuration?: number | undefined;
}

/**
 * The schedules' slots in [from, to), clipped to now + 30 min (and SlotHideHours) and the planning horizon.
 * With a reason that lasts longer than the grid (issue 30, item 11) only the starts whose whole visit fits are
 * offered: every grid slot it covers lies inside the working hours and has a place for the reason; the slot
 * ends when the visit does, and its places are the fewest of the slots it covers.
 */
export async function searchSlots(db: Connection, input: SlotSearchInput): Promise<Slot[]> {
  const reason =
    input.serviceTypeId === null || input.serviceTypeId === undefined || ALL_REASONS.has(input.serviceTypeId)
      ? null
      : String(input.serviceTypeId);
  const models = (await currentModels(db, input.scheduleIds)).filter(
    (m) =>
      m.row.online_booking_enabled &&
      (!input.visitType || m.row.visit_types.includes(input.visitType as store.VisitTypeName)) &&
      (!reason || m.types.some((t) => t.id === reason)),
  );
  // A long visit needs the slots after the range's last start too: they are generated (and counted) as well.
  const minutesOf = (model: ScheduleModel) => visitMinutes(model, reason, input.serviceTypeDuration ?? 0);
  const generated = models.map((model) => ({
    model,
    slots: modelSlots(model, {
      ...input,
      to: new Date(input.to.getTime() + (minutesOf(model) - model.row.slot_minutes) * 60_000),
    }),
  }));
  const withSlots = generated.filter((g) => g.slots.length > 0);
  if (withSlots.length === 0) return [];
  const taken = await store.takenCounts(
    db,
    withSlots.map((g) => g.model.row.id),
    new Date(Math.min(...withSlots.map((g) => g.slots[0]!.start.getTime()))),
    new Date(Math.max(...withSlots.map((g) => g.slots.at(-1)!.start.getTime())) + 1),
  );
  const takenAt = new Map(
    taken.map((r) => [`${r.schedule_id}|${new Date(r.start_at).getTime()}|${r.category_id}`, r.taken]),
  );
  const result: Slot[] = [];
  for (const { model, slots } of withSlots) {
    const shaped = new Map<number, Slot>();
    for (const generatedSlot of slots) {
      const at = generatedSlot.start.getTime();
      let slot = shapeSlot(
        model,
        generatedSlot.start,
        (categoryId) => takenAt.get(`${model.row.id}|${at}|${categoryId}`) ?? 0,
      );
      if (reason) slot = narrowSlot(slot, reason);
      shaped.set(at, slot);
    }
    const minutes = minutesOf(model);
    for (const generatedSlot of slots) {
      if (generatedSlot.start >= input.to) break;
      let slot = shaped.get(generatedSlot.start.getTime())!;
      const covered = coveredStarts(model, generatedSlot.start, minutes).map((c) => shaped.get(c.getTime()));
      if (covered.some((c) => c === undefined)) continue;
      if (covered.length) {
        const available = Math.min(slot.CapacityAvailable, ...covered.map((c) => c!.CapacityAvailable));
        slot = {
          ...slot,
          End: new Date(generatedSlot.start.getTime() + minutes * 60_000).toISOString(),
          CapacityAvailable: available,
          Status: available > 0 ? 'free' : 'busy',
        };
      }
      if (input.isAvailable && slot.CapacityAvailable <= 0) continue;
      result.push(slot);
    }
  }
  return result.sort((a, b) => a.Start.localeCompare(b.Start) || a.ScheduleId.localeCompare(b.ScheduleId));
}

export type HoldResult =
  | {
      ok: true;
      holdId: string;
      slot: Slot;
      expiresAt: Date;
      /** The slot with every reason (for the events). */ whole: Slot;
      /** The hold's `slot.changed` event and its version (the slot's events follow commit order). */
      eventId?: string;
      version?: number;
    }
  | { ok: false; reason: 'not_a_slot' | 'full' | 'too_many_holds' };

export interface HoldInput {
  scheduleId: string;
  start: Date;
  sessionId: string;
  patientId: string | null;
  now: Date;
  /** The reason the hold is narrowed to (4.3 step 2); its category's place is taken. */
  serviceTypeId?: string | null | undefined;
  /** The category the hold is narrowed to, when no type is named. */
  serviceCategoryId?: string | null | undefined;
  /** Several categories named (the body's ServiceCategory list): a place in any of them will do. */
  serviceCategoryIds?: string[] | undefined;
  /** How long the hold lasts (SLOT_HOLD_SECONDS); HOLD_TTL_MS when not given. */
  ttlMs?: number | undefined;
}

/** The lock keys of a hold's holder: its session (token subject) and, when named, its patient. */
function holderLockKeys(input: { sessionId: string; patientId?: string | null }): string[] {
  return [`hold-session:${input.sessionId}`, ...(input.patientId ? [`hold-patient:${input.patientId}`] : [])];
}

/**
 * The counters a hold may take, in order: the narrowed reason's category, else those of the named categories
 * (any of them with a place will do), else any. Null when the reason or none of the categories is offered.
 */
function countersFor(
  model: ScheduleModel,
  input: Pick<HoldInput, 'serviceTypeId' | 'serviceCategoryId' | 'serviceCategoryIds'>,
): store.Counter[] | null {
  let categoryIds = [
    ...new Set([
      ...(input.serviceCategoryIds ?? []),
      ...(input.serviceCategoryId ? [input.serviceCategoryId] : []),
    ]),
  ];
  if (input.serviceTypeId && !ALL_REASONS.has(input.serviceTypeId)) {
    const type = model.types.find((t) => t.id === input.serviceTypeId);
    if (!type) return null;
    if (type.serviceCategoryId) categoryIds = [type.serviceCategoryId];
  }
  if (!model.perCategory || categoryIds.length === 0) return model.counters;
  const counters = model.counters.filter((c) => categoryIds.includes(c.categoryId));
  return counters.length ? counters : null;
}

/** Where a hold's or release's `slot.changed` event goes: the calendar hub hears it in process (decision 0101). */
export interface SlotEventRouting {
  /** The other consumers of `slot.changed` (this instance's subscriptions); they get pending deliveries. */
  consumersOf?: DomainEvents['consumersOf'] | undefined;
}

function routingOf(events: SlotEventRouting['consumersOf'] | undefined): store.EventRouting {
  const subscribed = events ? events(SLOT_CHANGED) : [];
  return {
    delivered: [CALENDAR_HUB_CONSUMER],
    pending: subscribed.filter((name) => name !== CALENDAR_HUB_CONSUMER),
  };
}

/**
 * Takes one place of the slot for a session in one statement (store.holdInOneStatement, decision 0101): the
 * cached schedule's version is checked, a guest's ticket taken (per client address and calendar), the session's
 * and patient's live holds counted, a place of the first counter with room taken by a conditional upsert
 * (`taken < capacity`, all counters under the schedule's capacity), expired holds of a full slot given back
 * once, and the hold's `slot.changed` event appended, all under the advisory locks the separate statements
 * took before; the table's check constraint forbids over-capacity regardless. A stale cached schedule is
 * reloaded and the statement sent once more.
 */
export async function holdSlot(
  database: Database,
  input: HoldInput & { guest?: GuestAdmission | undefined; consumersOf?: DomainEvents['consumersOf'] },
): Promise<Admitted<HoldResult>> {
  let model = await cachedModel(database, input.scheduleId);
  let refreshed = false;
  const holdId = randomUUID();
  const expiresAt = new Date(input.now.getTime() + (input.ttlMs ?? HOLD_TTL_MS));
  const guest = input.guest?.address
    ? {
        address: input.guest.address,
        perAddress: input.guest.perAddress,
        perCalendar: input.guest.perCalendar,
      }
    : null;
  for (;;) {
    const offered =
      model?.row.online_booking_enabled &&
      modelSlots(model, {
        from: input.start,
        to: new Date(input.start.getTime() + 1),
        now: input.now,
      }).find((g) => g.start.getTime() === input.start.getTime());
    const counters = model && offered ? countersFor(model, input) : null;
    if (!model || !counters) {
      if (model && !refreshed) {
        refreshed = true;
        model = await reloadModel(database, input.scheduleId);
        continue;
      }
      return { ok: false, reason: 'not_a_slot' };
    }
    // A reason longer than the grid is held only where the whole visit fits (issue 30, item 11); a visit of one
    // grid step reads nothing here, so the hot path stays one statement.
    if (
      !(await visitFits(database, model, {
        start: input.start,
        now: input.now,
        serviceTypeId: input.serviceTypeId,
      }))
    )
      return { ok: false, reason: 'full' };
    const eventId = randomUUID();
    const id = slotId(input.scheduleId, input.start);
    // A long visit takes a place in every grid slot it covers too, in the same statement (issue 30, item 11).
    const covered = coveredStarts(model, input.start, visitMinutes(model, reasonOf(input.serviceTypeId)));
    const attempt = await store.holdInOneStatement(database, {
      lockKeys: [
        ...holderLockKeys(input),
        store.slotLockKey(input.scheduleId, input.start),
        ...covered.map((c) => store.slotLockKey(input.scheduleId, c)),
        ...(guest ? [`guest-hold-address:${guest.address}`, `guest-hold-calendar:${input.scheduleId}`] : []),
      ],
      scheduleId: input.scheduleId,
      version: model.row.version,
      start: input.start,
      counters,
      ceiling: model.row.capacity,
      holdId,
      sessionId: input.sessionId,
      patientId: input.patientId,
      now: input.now,
      expiresAt,
      maxActive: MAX_ACTIVE_HOLDS,
      guest,
      eventId,
      slotId: id,
      payload: {
        kind: 'taken',
        scheduleId: input.scheduleId,
        start: input.start.toISOString(),
      } satisfies SlotChangedPayload,
      routing: routingOf(input.consumersOf),
      covered,
    });
    switch (attempt.status) {
      case 'stale':
        if (refreshed) return { ok: false, reason: 'not_a_slot' };
        refreshed = true;
        model = await reloadModel(database, input.scheduleId);
        continue;
      case 'guest_limit':
        return { ok: false, reason: 'guest_hold_limit' };
      case 'too_many_holds':
        return { ok: false, reason: 'too_many_holds' };
      case 'full':
        return { ok: false, reason: 'full' };
      case 'held': {
        const counts = attempt.counts;
        const whole = shapeSlot(model, input.start, (categoryId) => counts[categoryId] ?? 0);
        const slot =
          input.serviceTypeId && !ALL_REASONS.has(input.serviceTypeId)
            ? narrowSlot(whole, input.serviceTypeId)
            : whole;
        return { ok: true, holdId, slot, whole, expiresAt, eventId, version: Number(attempt.version) };
      }
    }
  }
}

/**
 * The capacity a booking needs, inside the booking's transaction. The session's live hold on the slot hands
 * its capacity over (the hold row goes, the count stays); without one, a place is taken the way a hold takes
 * it, only while capacity is left (`taken < capacity`, and the check constraint): the category of the
 * booking's reason when it names one the schedule offers, else the first counter with room. Null when the
 * time is not one of the schedule's slots or no capacity is left, so two bookings can never share the last
 * place. `categoryId` is the counter whose place was taken (the nil uuid for a slot counted as one): the
 * appointment keeps it, so a cancellation gives back that very place (returnBookedPlace).
 */
export async function takeSlotForBooking(
  tx: Connection,
  input: {
    scheduleId: string;
    start: Date;
    sessionId: string | null;
    now: Date;
    /** The booking's reason, when it names one. */ serviceTypeId?: string | null | undefined;
  },
): Promise<{ slot: Slot; fromHold: boolean; categoryId: string; end: Date } | null> {
  const [model] = await currentModels(tx, [input.scheduleId]);
  if (!model) return null;
  const offered = modelSlots(model, {
    from: input.start,
    to: new Date(input.start.getTime() + 1),
    now: input.now,
  });
  if (offered.length !== 1 || offered[0]!.start.getTime() !== input.start.getTime()) return null;
  // A reason longer than the grid books only where the whole visit fits (issue 30, item 11).
  if (!(await visitFits(tx, model, input))) return null;
  // A long visit takes a place in every grid slot it covers (issue 30, item 11): none is left for a shorter visit.
  const minutes = visitMinutes(model, reasonOf(input.serviceTypeId));
  const covered = coveredStarts(model, input.start, minutes);
  await store.releaseExpiredHolds(tx, input.now, { scheduleId: input.scheduleId, start: input.start });
  const held = input.sessionId
    ? await store.consumeHold(tx, input.scheduleId, input.start, input.sessionId, input.now)
    : null;
  let categoryId = held?.categoryId ?? null;
  const fromHold = held !== null;
  if (!fromHold || held.covered < covered.length)
    await store.lockKeys(tx, [
      store.slotLockKey(input.scheduleId, input.start),
      ...covered.map((c) => store.slotLockKey(input.scheduleId, c)),
    ]);
  if (!fromHold) {
    const counters =
      (input.serviceTypeId ? countersFor(model, { serviceTypeId: input.serviceTypeId }) : null) ??
      model.counters;
    for (const counter of counters) {
      if ((await store.takePlace(tx, input.scheduleId, input.start, counter, model.row.capacity)) !== null) {
        categoryId = counter.categoryId;
        break;
      }
    }
    if (categoryId === null) return null;
  }
  // A hold took the covered places already; a booking without one (or a hold older than this rule) takes them.
  if (!fromHold || held.covered < covered.length) {
    const counter = model.counters.find((c) => c.categoryId === categoryId) ?? {
      categoryId: categoryId!,
      capacity: model.row.capacity,
    };
    for (const start of covered.slice(held?.covered ?? 0)) {
      await store.releaseExpiredHolds(tx, input.now, { scheduleId: input.scheduleId, start });
      if ((await store.takePlace(tx, input.scheduleId, start, counter, model.row.capacity)) === null)
        return null;
    }
  }
  const slot = await currentSlot(tx, input.scheduleId, input.start);
  const end = new Date(input.start.getTime() + minutes * 60_000);
  return slot && categoryId !== null ? { slot, fromHold, categoryId, end } : null;
}

/**
 * Gives back the place a booked appointment held (it was rejected, cancelled, entered in error or moved),
 * inside the caller's transaction. Never below zero. With the counter the booking took (`categoryId`, kept on
 * the appointment) exactly that counter's place comes back; without it (older bookings) any counter with a
 * place taken. True when a place came back; the caller announces it with publishSlotChanges once the
 * transaction has committed.
 */
export async function returnBookedPlace(
  tx: Connection,
  input: {
    scheduleId: string;
    start: Date;
    /** The counter (service category, or the nil uuid) the booking took, when known. */ categoryId?:
      string | null;
    /** The visit's end: a visit longer than the grid gives back the place of every slot it covers too. */
    end?: Date | string | null;
  },
): Promise<boolean> {
  const rows = await store.returnPlace(tx, input.scheduleId, input.start, input.categoryId ?? null);
  const end = input.end ? new Date(input.end).getTime() : 0;
  const [model] = end > input.start.getTime() ? await currentModels(tx, [input.scheduleId]) : [];
  if (model) {
    const minutes = Math.round((end - input.start.getTime()) / 60_000);
    for (const start of coveredStarts(model, input.start, minutes))
      await store.returnPlace(tx, input.scheduleId, start, input.categoryId ?? null);
  }
  return rows.length === 1;
}

/** Gives back the capacity of expired holds (of one slot, or all). Returns the slots that changed. */
export function releaseExpired(db: Connection, now: Date, only?: { scheduleId: string; start: Date }) {
  return store.releaseExpiredHolds(db, now, only);
}

/** Releases the session's holds on the given slots (one statement). Returns the slots whose capacity came back. */
export async function releaseSlots(
  db: Connection,
  input: { slotIds: string[]; sessionId: string },
): Promise<{ scheduleId: string; start: Date }[]> {
  const slots = input.slotIds
    .map(parseSlotId)
    .filter((p): p is { scheduleId: string; start: Date } => p !== null);
  return store.releaseSessionHolds(db, slots, input.sessionId);
}

/**
 * A guest who signs in or registers keeps the times they held (patient-booking.md §4.8 steps 5 and 8, the
 * pending slot hand-off): the guest session's live holds become the signed-in session's, expiry unchanged.
 */
export async function handOverHolds(
  database: Database,
  input: { fromSession: string; toSession: string; now: Date },
): Promise<number> {
  if (input.fromSession === input.toSession) return 0;
  // Under both holders' locks, and no more than the signed-in session has room for (MAX_ACTIVE_HOLDS): one
  // statement (store.handOverInOneStatement).
  return store.handOverInOneStatement(database, {
    lockKeys: [
      ...holderLockKeys({ sessionId: input.fromSession }),
      ...holderLockKeys({ sessionId: input.toSession }),
    ],
    from: input.fromSession,
    to: input.toSession,
    now: input.now,
    maxActive: MAX_ACTIVE_HOLDS,
  });
}

/** A slot as it stands now (capacity left after holds and bookings), whether or not search would show it. */
export async function currentSlot(db: Connection, scheduleId: string, start: Date): Promise<Slot | null> {
  const model = await cachedModel(db, scheduleId);
  if (!model) return null;
  const counts = await store.slotCounts(db, scheduleId, start);
  return shapeSlot(model, start, (categoryId) => counts.get(categoryId) ?? 0);
}

// ---------- use cases: every change of a slot's capacity goes out on the calendar hub ----------

export interface SchedulingDeps {
  database: Database;
  realtime: SlotEventPublisher;
  events: Pick<DomainEvents, 'flush'> & Partial<Pick<DomainEvents, 'consumersOf'>>;
}

export type SlotChange =
  | { kind: SlotChangeKind; scheduleId: string; start: Date }
  /** The hold of a slot now names its patient (update-reserved-slot): ReservedSlotUpdated, ids and expiry only. */
  | { kind: 'hold-updated'; scheduleId: string; start: Date; expiresAt: Date };

/**
 * The one place a slot change is recorded (docs/decisions/0046): domain events inside the caller's
 * transaction, so they exist exactly when the change commits. One event per slot (aggregate `slot`) for a
 * change of a single slot of a schedule (a hold, a booking, a cancellation); one event per schedule
 * (aggregate `schedule`, `schedule.slots-changed`) when a change touches several slots of it at once (a
 * schedule edit can touch thousands). The calendar-hub consumer (realtime.ts) announces them; ids and
 * times only.
 */
export async function recordSlotChanges(tx: Connection, changes: SlotChange[]): Promise<void> {
  if (changes.length === 0) return;
  const bySchedule = new Map<string, SlotChange[]>();
  for (const change of changes)
    bySchedule.set(change.scheduleId, [...(bySchedule.get(change.scheduleId) ?? []), change]);
  const events: NewDomainEvent<object>[] = [];
  for (const [scheduleId, group] of bySchedule) {
    const single = group.filter((c) => group.length === 1 || c.kind === 'hold-updated');
    for (const change of single) {
      events.push({
        aggregateType: 'slot',
        aggregateId: slotId(scheduleId, change.start),
        type: SLOT_CHANGED,
        payload: {
          kind: change.kind,
          scheduleId,
          start: change.start.toISOString(),
          ...(change.kind === 'hold-updated' ? { expiresAt: change.expiresAt.toISOString() } : {}),
        } satisfies SlotChangedPayload,
      });
    }
    const many = group.filter((c) => !single.includes(c));
    if (many.length === 0) continue;
    const startsOf = (kind: SlotChangeKind) =>
      many.filter((c) => c.kind === kind).map((c) => c.start.toISOString());
    events.push({
      aggregateType: 'schedule',
      aggregateId: scheduleId,
      type: SCHEDULE_SLOTS_CHANGED,
      payload: {
        scheduleId,
        taken: startsOf('taken'),
        returned: startsOf('returned'),
        removed: startsOf('removed'),
      } satisfies ScheduleSlotsChangedPayload,
    });
  }
  await appendEvents(tx, events);
}

/**
 * Records slot changes made outside a transaction of the caller's (a release, a sweep) and delivers them at
 * once; the calendar hub hears SlotAdded/SlotUpdated/SlotDeleted and their reason-based variants.
 */
export async function publishSlotChanges(deps: SchedulingDeps, changes: SlotChange[]): Promise<void> {
  if (changes.length === 0) return;
  await deps.database.transaction((tx) => recordSlotChanges(tx, changes));
  await deps.events.flush();
}

/**
 * The calendar hub's side of a slot change (the consumer of `slot.changed`): the slot as it stands when the
 * event is delivered, so a late or repeated delivery still shows the current capacity.
 */
export async function announceSlotChange(
  deps: Omit<SchedulingDeps, 'events'>,
  change: SlotChange,
): Promise<void> {
  if (change.kind === 'hold-updated') {
    emitReservedSlotUpdated(deps.realtime, {
      slotId: slotId(change.scheduleId, change.start),
      scheduleId: change.scheduleId,
      expiresAt: change.expiresAt,
    });
    return;
  }
  if (change.kind === 'removed') {
    emitSlotDeleted(deps.realtime, {
      SlotIds: [slotId(change.scheduleId, change.start)],
      ScheduleId: change.scheduleId,
      Start: change.start.toISOString(),
    });
    return;
  }
  const slot = await currentSlot(deps.database, change.scheduleId, change.start);
  if (slot) emitSlotChange(deps.realtime, change.kind, slot, narrowSlot);
}

/**
 * The consumer of `schedule.slots-changed`: SlotDeleted for the slots that went, and the slots that came back
 * or changed as they stand now (one read of the schedule's taken places for the whole range).
 */
export async function announceScheduleSlots(
  deps: Omit<SchedulingDeps, 'events'>,
  payload: ScheduleSlotsChangedPayload,
): Promise<void> {
  const { scheduleId } = payload;
  for (const start of payload.removed) {
    emitSlotDeleted(deps.realtime, {
      SlotIds: [slotId(scheduleId, new Date(start))],
      ScheduleId: scheduleId,
      Start: start,
    });
  }
  const present = [
    ...payload.taken.map((s) => ({ kind: 'taken' as const, start: new Date(s) })),
    ...payload.returned.map((s) => ({ kind: 'returned' as const, start: new Date(s) })),
  ];
  if (present.length === 0) return;
  const [model] = await currentModels(deps.database, [scheduleId]);
  if (!model) return;
  const times = present.map((p) => p.start.getTime());
  const taken = await store.takenCounts(
    deps.database,
    [scheduleId],
    new Date(Math.min(...times)),
    new Date(Math.max(...times) + 1),
  );
  const takenAt = new Map(taken.map((r) => [`${new Date(r.start_at).getTime()}|${r.category_id}`, r.taken]));
  for (const { kind, start } of present) {
    const at = start.getTime();
    emitSlotChange(
      deps.realtime,
      kind,
      shapeSlot(model, start, (c) => takenAt.get(`${at}|${c}`) ?? 0),
      narrowSlot,
    );
  }
}

/**
 * The newest event version of each slot announced by this instance in process, so an older state that
 * loses a race to the publish never replaces a newer one on open calendars (versions follow commit order).
 */
const announcedVersions = new Map<string, number>();
function announceInProcess(
  realtime: SlotEventPublisher,
  kind: 'taken' | 'returned',
  slot: Slot,
  event: { id: string; version: number },
): void {
  const id = slot.SlotIds[0]!;
  if ((announcedVersions.get(id) ?? 0) >= event.version) return;
  if (announcedVersions.size >= 10_000) announcedVersions.clear();
  announcedVersions.set(id, event.version);
  emitSlotChange(publisherFor(realtime, event.id), kind, slot, narrowSlot);
}

/**
 * Holds a slot and tells open calendars its capacity went down: one statement (holdSlot) records the hold and
 * its event, delivered to the calendar hub here, after the commit, from what the statement answered (decision
 * 0101); a crash in between loses only the live hint, which a calendar's refetch repairs.
 */
export async function reserveSlot(
  deps: SchedulingDeps,
  input: HoldInput & { guest?: GuestAdmission },
): Promise<Admitted<HoldResult>> {
  const result = await holdSlot(deps.database, { ...input, consumersOf: deps.events.consumersOf });
  if (result.ok && result.eventId)
    announceInProcess(deps.realtime, 'taken', result.whole, {
      id: result.eventId,
      version: result.version ?? 0,
    });
  return result;
}

/** Releases the session's holds and tells open calendars the capacity is back, in one statement. Returns how many. */
export async function releaseHeldSlots(
  deps: SchedulingDeps,
  input: { slotIds: string[]; sessionId: string },
): Promise<number> {
  const slots = input.slotIds
    .map(parseSlotId)
    .filter((p): p is { scheduleId: string; start: Date } => p !== null)
    .map((p) => ({ ...p, slotId: slotId(p.scheduleId, p.start) }));
  const released = await store.releaseInOneStatement(
    deps.database,
    slots,
    input.sessionId,
    routingOf(deps.events.consumersOf),
  );
  for (const r of released) {
    const start = new Date(r.start);
    const model = await cachedModel(deps.database, r.scheduleId);
    if (!model) continue;
    announceInProcess(
      deps.realtime,
      'returned',
      shapeSlot(model, start, (categoryId) => r.counts[categoryId] ?? 0),
      { id: r.eventId, version: Number(r.version) },
    );
  }
  return released.length;
}

/** Releases every live hold of the session and tells open calendars the capacity is back. Returns how many. */
export async function releaseAllHolds(
  deps: SchedulingDeps,
  input: { sessionId: string; now: Date },
): Promise<number> {
  const held = await store.sessionHeldSlots(deps.database, input.sessionId, input.now);
  return releaseHeldSlots(deps, {
    slotIds: held.map((h) => slotId(h.scheduleId, h.start)),
    sessionId: input.sessionId,
  });
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
    // The claim and its event commit together; the calendar hub hears ReservedSlotUpdated from the consumer.
    const claimed = await deps.database.transaction(async (tx) => {
      const rows = await store.claimSessionHold(
        tx,
        parsed.scheduleId,
        parsed.start,
        input.sessionId,
        input.patientId,
        input.now,
      );
      if (!rows[0]) return null;
      const expiresAt = new Date(rows[0].expires_at);
      await recordSlotChanges(tx, [
        { kind: 'hold-updated', scheduleId: parsed.scheduleId, start: parsed.start, expiresAt },
      ]);
      return expiresAt;
    });
    if (!claimed) continue;
    await deps.events.flush();
    const slot = await currentSlot(deps.database, parsed.scheduleId, parsed.start);
    if (!slot) continue;
    return { slot, expiresAt: claimed };
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
    const rows = await store.countSessionHolds(
      db,
      parsed.scheduleId,
      parsed.start,
      input.sessionId,
      input.now,
      input.patientId,
    );
    if ((rows[0]?.n ?? 0) > 0) return true;
  }
  return false;
}
