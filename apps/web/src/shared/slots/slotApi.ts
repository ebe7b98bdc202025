import { queryOptions } from '@tanstack/react-query';
import type { Slot, SlotHoldInfo } from '@careslot/contracts';
import { apiRequest } from '../api/client';
// Not slotDates: the shell reaches this file (holds), and the zone library stays with the pages that need it.
import { toUtcQueryDate } from './queryDate';

const CALENDAR = '/careslot-calendar/api/v2';

export interface SlotList {
  Data: Slot[];
  Total: number;
}

/** POST slot/advance-search for a range; EndDate null asks for the next availability (4.4). */
function advanceSearch(
  scheduleIds: readonly string[],
  from: Date,
  to: Date | null,
  reasonId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest<SlotList>(`${CALENDAR}/slot/advance-search`, {
    method: 'POST',
    body: {
      ScheduleIds: scheduleIds,
      StartDate: toUtcQueryDate(from),
      EndDate: to ? toUtcQueryDate(to) : null,
      IsAvailable: true,
      // A chosen reason: its own places, and only the starts where its whole visit fits (issue 30, item 11).
      ...(reasonId ? { ServiceTypeId: reasonId } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

export const slotKeys = {
  all: ['slots'] as const,
  range: (scheduleIds: readonly string[], from: Date, to: Date, reasonId: string | null = null) =>
    [
      'slots',
      'range',
      [...scheduleIds].sort().join(','),
      from.toISOString(),
      to.toISOString(),
      reasonId ?? 'all',
    ] as const,
  next: (scheduleIds: readonly string[], from: Date, reasonId: string | null = null) =>
    ['slots', 'next', [...scheduleIds].sort().join(','), from.toISOString(), reasonId ?? 'all'] as const,
};

export const slotRangeQuery = (
  scheduleIds: readonly string[],
  from: Date,
  to: Date,
  reasonId: string | null = null,
) =>
  queryOptions({
    queryKey: slotKeys.range(scheduleIds, from, to, reasonId),
    queryFn: ({ signal }) => advanceSearch(scheduleIds, from, to, reasonId, signal),
    // Live events keep the list current; a refetch would only race them.
    staleTime: Infinity,
  });

export const nextAvailabilityQuery = (
  scheduleIds: readonly string[],
  from: Date,
  reasonId: string | null = null,
) =>
  queryOptions({
    queryKey: slotKeys.next(scheduleIds, from, reasonId),
    queryFn: async ({ signal }) =>
      (await advanceSearch(scheduleIds, from, null, reasonId, signal)).Data[0] ?? null,
    staleTime: 60_000,
  });

/** POST slot/reserve?patientId=: holds the slot for this browser session (and patient, when known). */
export function reserveSlot(slot: Pick<Slot, 'SlotIds'>, patientId?: string | null) {
  return apiRequest<SlotHoldInfo>(`${CALENDAR}/slot/reserve`, {
    method: 'POST',
    query: { patientId: patientId ?? undefined },
    body: { SlotIds: slot.SlotIds },
  });
}

/** POST slot/release with the slot's SlotIds. */
export function releaseSlot(slot: Pick<Slot, 'SlotIds'>) {
  return apiRequest<{ Released: number }>(`${CALENDAR}/slot/release`, {
    method: 'POST',
    body: { SlotIds: slot.SlotIds },
  });
}

/** POST slot/release-all: every live hold of this browser's token. */
export function releaseAllHolds() {
  return apiRequest<{ Released: number }>(`${CALENDAR}/slot/release-all`, { method: 'POST' });
}
