import type { RealtimeEvent, Slot, SlotDeletedEvent, SlotEvent } from '@careslot/contracts';

export type SlotEventKind = 'added' | 'updated' | 'deleted';

/** The calendar hub's slot events and what each does to a list (4.4); reason-based variants alike (4.7). */
export const SLOT_EVENT_KINDS = {
  SlotAdded: 'added',
  SlotUpdated: 'updated',
  SlotDeleted: 'deleted',
  ReasonBasedSlotAdded: 'added',
  ReasonBasedSlotUpdated: 'updated',
  ReasonBasedSlotDeleted: 'deleted',
} as const satisfies Partial<Record<RealtimeEvent, SlotEventKind>>;

export type SlotEventName = keyof typeof SLOT_EVENT_KINDS;
export const PLAIN_SLOT_EVENTS: SlotEventName[] = ['SlotAdded', 'SlotUpdated', 'SlotDeleted'];
export const REASON_BASED_SLOT_EVENTS: SlotEventName[] = [
  'ReasonBasedSlotAdded',
  'ReasonBasedSlotUpdated',
  'ReasonBasedSlotDeleted',
];

/** The slots a list shows: its schedules, in its range; an added slot outside it is not this list's. */
export interface SlotWindow {
  scheduleIds: readonly string[];
  from: Date;
  to: Date;
}

function idsOf(event: Partial<SlotDeletedEvent>): Set<string> {
  const ids = new Set(event.SlotIds ?? []);
  if (event.Id) ids.add(event.Id);
  if (event.SlotId) ids.add(event.SlotId);
  return ids;
}

const sharesId = (slot: Slot, ids: Set<string>) => slot.SlotIds.some((id) => ids.has(id));

function slotOf(event: SlotEvent): Slot {
  return {
    ScheduleId: event.ScheduleId,
    Status: event.Status,
    Start: event.Start,
    End: event.End,
    Capacity: event.Capacity,
    CapacityAvailable: event.CapacityAvailable,
    SlotIds: event.SlotIds.length ? event.SlotIds : [event.SlotId ?? event.Id],
    // A reason-based event's slot keeps its reason, so a calendar showing only that reason still shows it
    // (issue 30, item 17: an update once dropped every slot of a reason's calendar).
    ...(event.ServiceType ? { ServiceType: event.ServiceType } : {}),
    ...(event.ServiceCategory ? { ServiceCategory: event.ServiceCategory } : {}),
    ...(event.SlotVisitType ? { SlotVisitType: event.SlotVisitType } : {}),
  };
}

const byStart = (a: Slot, b: Slot) => Date.parse(a.Start) - Date.parse(b.Start);

function inWindow(slot: Slot, window: SlotWindow | undefined): boolean {
  if (!window) return true;
  const start = Date.parse(slot.Start);
  return (
    window.scheduleIds.includes(slot.ScheduleId) &&
    start >= window.from.getTime() &&
    start < window.to.getTime()
  );
}

/**
 * One live event applied to a list of shown slots (patient-booking.md 4.4, practice-portal.md 4.7):
 * - added: insert, or replace a slot sharing an id; keep the list sorted by start;
 * - updated: refresh the slot; remove it when CapacityAvailable becomes 0;
 * - deleted: remove the ids from the slot; drop the slot when no ids remain.
 * A slot with no capacity is never shown (4.4), so an added one with none only removes. The same list is
 * returned when nothing changed.
 */
export function applySlotEvent(
  slots: Slot[],
  kind: SlotEventKind,
  event: SlotEvent | SlotDeletedEvent,
  window?: SlotWindow,
): Slot[] {
  const ids = idsOf(event);
  if (kind === 'deleted') {
    let changed = false;
    const next: Slot[] = [];
    for (const slot of slots) {
      if (!sharesId(slot, ids)) {
        next.push(slot);
        continue;
      }
      changed = true;
      const left = slot.SlotIds.filter((id) => !ids.has(id));
      if (left.length) next.push({ ...slot, SlotIds: left });
    }
    return changed ? next : slots;
  }

  const incoming = slotOf(event as SlotEvent);
  const index = slots.findIndex((slot) => sharesId(slot, ids));
  if (kind === 'updated') {
    if (index < 0) return slots;
    if (incoming.CapacityAvailable <= 0) return slots.filter((_, i) => i !== index);
    const next = slots.slice();
    next[index] = incoming;
    return next.sort(byStart);
  }

  // added
  if (incoming.CapacityAvailable <= 0 || !inWindow(incoming, window)) {
    return index < 0 ? slots : slots.filter((_, i) => i !== index);
  }
  const next = index < 0 ? [...slots, incoming] : slots.map((slot, i) => (i === index ? incoming : slot));
  return next.sort(byStart);
}

/** Takes a slot off a list (a hold that failed: 4.3 step 4). */
export function withoutSlot(slots: Slot[], slot: Pick<Slot, 'SlotIds'>): Slot[] {
  const ids = new Set(slot.SlotIds);
  const next = slots.filter((s) => !sharesId(s, ids));
  return next.length === slots.length ? slots : next;
}

/**
 * Is a reason-based event for this calendar's reason? Each reason's variant carries the slot narrowed to
 * that reason (its category's places), so a calendar showing one reason applies only its own; an event
 * naming no reason concerns every reason. 'All' (-1) or no reason takes the plain events instead.
 */
export function isForReason(
  event: { ServiceType?: { Id: string }[] | undefined },
  reasonId: string,
): boolean {
  return !event.ServiceType?.length || event.ServiceType.some((type) => type.Id === reasonId);
}
