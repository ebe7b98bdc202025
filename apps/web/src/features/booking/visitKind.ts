import type { CalendarSlotData } from '@careslot/contracts';
import { ALL_REASONS_ID } from '@careslot/contracts';
import { scheduleTypeFor, type VisitKindFacts } from '@careslot/domain';

/** The reason (service type) the patient chose before picking the slot, as the held slot carries it; null for 'All'. */
export function chosenReason(slot: CalendarSlotData) {
  const id = String(slot.selectedReason);
  if (id === String(ALL_REASONS_ID) || id === 'All') return null;
  return slot.time_slot.ServiceType?.find((type) => type.Id === id) ?? null;
}

/** What decides the visit's kind: the chosen reason, the search's visit-type filter, the slot's schedule. */
export function visitFactsOf(slot: CalendarSlotData): VisitKindFacts {
  return {
    entityType: slot.entity.Type,
    reasonVisitType: chosenReason(slot)?.VisitType ?? null,
    chosenVisitType: slot.visitType ?? null,
    scheduleVisitTypes: slot.time_slot.SlotVisitType ?? [],
  };
}

/** The held time is a walk-in: the booking screens show its day, never a time (issue 30 item 7). */
export const isWalkInSlot = (slot: CalendarSlotData) => scheduleTypeFor(visitFactsOf(slot)) === 'Walk-In';
