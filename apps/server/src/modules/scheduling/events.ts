import {
  REASON_BASED_SLOT_EVENTS,
  scheduleReasonsRoom,
  scheduleRoom,
  SLOT_EVENTS,
  type Slot,
  type SlotDeletedEvent,
  type SlotEvent,
} from '@careslot/contracts';
import type { Realtime } from '../../platform/realtime';

/**
 * How a slot changed. `taken`: a hold or a booking took capacity. `returned`: a release, an expired hold or
 * a cancellation gave capacity back. `removed`: the slot no longer exists (a schedule edit).
 */
export type SlotChangeKind = 'taken' | 'returned' | 'removed';

export type SlotEventPublisher = Pick<Realtime, 'publish'>;

/**
 * The domain event of one slot changing (aggregate `slot`, id = the slot id): a hold, booking, release or
 * cancellation; `hold-updated` (the hold's patient was set) carries the hold's expiry.
 */
export const SLOT_CHANGED = 'slot.changed';
/** The calendar hub's consumer of slot changes (realtime.ts); a hold or release announces its own in process. */
export const CALENDAR_HUB_CONSUMER = 'scheduling.calendar-hub';
export interface SlotChangedPayload {
  kind: SlotChangeKind | 'hold-updated';
  scheduleId: string;
  start: string;
  expiresAt?: string;
}

/**
 * The domain event of many slots of one schedule changing at once (aggregate `schedule`, id = the schedule
 * id): a schedule edit (hours, time off, reasons, capacity) or a sweep. Starts are ISO instants per kind.
 */
export const SCHEDULE_SLOTS_CHANGED = 'schedule.slots-changed';
export interface ScheduleSlotsChangedPayload {
  scheduleId: string;
  taken: string[];
  returned: string[];
  removed: string[];
}

/**
 * Tells every open calendar of the schedule (calendar hub, room schedule:<id>) what happened to a slot,
 * with the spec's events and their reason-based variants (patient-booking.md 4.4, practice-portal.md 4.7):
 * - taken → SlotUpdated: clients refresh it and drop it once CapacityAvailable is 0;
 * - returned → SlotAdded: "insert, or replace a slot sharing an id", so a client that dropped the slot at 0
 *   shows it again and one that still shows it refreshes it;
 * - removed → SlotDeleted.
 * Messages carry ids, times, capacities and the slot's reasons, never who holds or booked the slot. The
 * plain event carries the whole slot to the schedule's room; the reason-based variant goes to the
 * schedule's reasons room once per reason (service type), the slot narrowed to that reason and its
 * category's places, for calendars showing one reason (a slot with no reasons sends it once, whole).
 */
export function emitSlotChange(
  realtime: SlotEventPublisher,
  kind: 'taken' | 'returned',
  slot: Slot,
  narrow: (slot: Slot, typeId: string) => Slot,
): void {
  const id = slot.SlotIds[0]!;
  const room = scheduleRoom(slot.ScheduleId);
  const reasonsRoom = scheduleReasonsRoom(slot.ScheduleId);
  const [plain, reasonBased] =
    kind === 'taken'
      ? [SLOT_EVENTS.updated, REASON_BASED_SLOT_EVENTS.updated]
      : [SLOT_EVENTS.added, REASON_BASED_SLOT_EVENTS.added];
  realtime.publish({
    hub: 'calendar',
    event: plain,
    rooms: [room],
    data: { ...slot, Id: id, SlotId: id } satisfies SlotEvent,
  });
  const perReason = slot.ServiceType?.length ? slot.ServiceType.map((type) => narrow(slot, type.Id)) : [slot];
  for (const narrowed of perReason) {
    realtime.publish({
      hub: 'calendar',
      event: reasonBased,
      rooms: [reasonsRoom],
      data: { ...narrowed, Id: id, SlotId: id } satisfies SlotEvent,
    });
  }
}

export function emitSlotDeleted(
  realtime: SlotEventPublisher,
  deleted: Omit<SlotDeletedEvent, 'Id' | 'SlotId'>,
): void {
  const id = deleted.SlotIds[0]!;
  const data: SlotDeletedEvent = { ...deleted, Id: id, SlotId: id };
  realtime.publish({
    hub: 'calendar',
    event: SLOT_EVENTS.deleted,
    rooms: [scheduleRoom(deleted.ScheduleId)],
    data,
  });
  realtime.publish({
    hub: 'calendar',
    event: REASON_BASED_SLOT_EVENTS.deleted,
    rooms: [scheduleReasonsRoom(deleted.ScheduleId)],
    data,
  });
}

/** The hold of a slot changed (its patient was set): ids and expiry only. */
export function emitReservedSlotUpdated(
  realtime: SlotEventPublisher,
  input: { slotId: string; scheduleId: string; expiresAt: Date },
): void {
  realtime.publish({
    hub: 'calendar',
    event: 'ReservedSlotUpdatedEvent',
    rooms: [scheduleRoom(input.scheduleId), scheduleReasonsRoom(input.scheduleId)],
    data: {
      SlotId: input.slotId,
      SlotIds: [input.slotId],
      ScheduleId: input.scheduleId,
      ExpiresAt: input.expiresAt.toISOString(),
    },
  });
}
