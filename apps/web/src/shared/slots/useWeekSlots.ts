import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SLOT,
  SLOT_RESPONSE_TEXTS,
  type Slot,
  type SlotDeletedEvent,
  type SlotEvent,
} from '@careslot/contracts';
import { ApiError } from '../api/client';
import { useSession } from '../session/session';
import { followSchedules } from './calendarHub';
import { nextAvailabilityQuery, slotKeys, slotRangeQuery, type SlotList } from './slotApi';
import { dayKeyOf, daysFrom, slotQueryRange, type DayKey } from './slotDates';
import {
  applySlotEvent,
  isForReason,
  PLAIN_SLOT_EVENTS,
  REASON_BASED_SLOT_EVENTS,
  SLOT_EVENT_KINDS,
  withoutSlot,
  type SlotWindow,
} from './slotEvents';

export interface UseWeekSlotsInput {
  scheduleIds: readonly string[];
  /** The facility's IANA zone: days and times are read in it. */
  timeZone: string;
  /** The first day of the page (a past day moves to today). */
  startDay: DayKey;
  /** Days shown: 5 for a week, 4 in the reschedule dialog. */
  days?: number;
  /** Listen to the reason-based variants (a reason other than 'All' is chosen). */
  reasonBased?: boolean;
  /** The chosen reason (service type id): only its reason-based events are applied. */
  reasonId?: string | null;
}

export interface WeekSlots {
  days: DayKey[];
  slotsByDay: Map<DayKey, Slot[]>;
  slots: Slot[];
  isLoading: boolean;
  isError: boolean;
  /** The day of the next open slot when this page has none; null when there is none at all (or not asked). */
  nextAvailableDay: DayKey | null;
  /** The page is empty and nothing opens later either: 'No availability.'. */
  noAvailability: boolean;
  timeZone: string;
  /** Live updates are flowing (the calendar hub is connected). */
  live: boolean;
  /** Takes a slot off the page (its hold failed: 4.3 step 4). */
  removeSlot: (slot: Pick<Slot, 'SlotIds'>) => void;
}

/** How long a reason's calendar waits after a live event before it asks for its slots again. */
const REFETCH_AFTER_MS = 300;

/** 'Calendar Reason is null' from availability is ignored (patient-booking.md §8): an empty week. */
function isIgnorable(error: unknown) {
  return error instanceof ApiError && error.message.includes(SLOT_RESPONSE_TEXTS.calendarReasonNull);
}

/**
 * A page of a schedule's open slots, kept live: the availability query of 4.4 (today from now + 30 min,
 * a past day moved to today, 4 days after the first), the next availability (EndDate null) when the page
 * is empty, and the calendar hub's events applied as they arrive.
 */
export function useWeekSlots({
  scheduleIds,
  timeZone,
  startDay,
  days = SLOT.weekDays,
  reasonBased = false,
  reasonId = null,
}: UseWeekSlotsInput): WeekSlots {
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  // "now" is read when the page changes, so the query key stays stable while the page is open.
  const [clock, setClock] = useState(() => ({ day: startDay, now: new Date() }));
  if (clock.day !== startDay) setClock({ day: startDay, now: new Date() });
  const now = clock.now;
  const range = useMemo(
    () => slotQueryRange({ startDay, now, timeZone, rangeDays: days - 1 }),
    [startDay, now, timeZone, days],
  );
  const idsKey = scheduleIds.join(',');
  const ids = useMemo(() => (idsKey ? idsKey.split(',') : []), [idsKey]);
  const enabled = ids.length > 0;

  const [live, setLive] = useState(false);
  // A chosen reason is asked of the server: its places, and its visit's length on the grid (issue 30, item 11).
  const reason = reasonBased ? reasonId : null;
  const week = useQuery({ ...slotRangeQuery(ids, range.from, range.to, reason), enabled });
  const data = week.data?.Data;
  const slots = useMemo(() => (data ?? []).filter((s) => s.CapacityAvailable > 0), [data]);
  const empty = enabled && week.isSuccess && slots.length === 0;
  const next = useQuery({ ...nextAvailabilityQuery(ids, range.from, reason), enabled: empty });

  useEffect(() => {
    if (!enabled || !accessToken) return;
    const window: SlotWindow = { scheduleIds: ids, from: range.from, to: range.to };
    const key = slotKeys.range(ids, range.from, range.to, reason);
    // A reason's calendar asks the server again shortly after its events: a hold, a booking or a saved
    // duration changes where the reason's whole visit fits, which one slot's event cannot say (issue 30,
    // item 17). Events in a burst (a saved reason announces every slot) make one request.
    let refetch: ReturnType<typeof setTimeout> | null = null;
    const refetchSoon = () => {
      if (refetch) clearTimeout(refetch);
      refetch = setTimeout(() => {
        refetch = null;
        void queryClient.invalidateQueries({ queryKey: key });
      }, REFETCH_AFTER_MS);
    };
    const follow = followSchedules(
      ids,
      reasonBased ? REASON_BASED_SLOT_EVENTS : PLAIN_SLOT_EVENTS,
      (event, message) => {
        const kind = SLOT_EVENT_KINDS[event];
        if (reasonBased && reasonId && !isForReason(message.data, reasonId)) return;
        if (reason) {
          refetchSoon();
          // An added slot may not fit the reason's visit: the refetch brings the ones that do.
          if (kind === 'added') return;
        }
        queryClient.setQueryData<SlotList>(key, (old) => {
          if (!old) return old;
          const nextSlots = applySlotEvent(
            old.Data,
            kind,
            message.data as unknown as SlotEvent | SlotDeletedEvent,
            window,
          );
          return nextSlots === old.Data ? old : { Data: nextSlots, Total: nextSlots.length };
        });
        // A page that was empty may have a new next availability, or none.
        void queryClient.invalidateQueries({ queryKey: ['slots', 'next'] });
      },
      () => void queryClient.invalidateQueries({ queryKey: slotKeys.all }),
      (state) => setLive(state === 'connected'),
    );
    return () => {
      if (refetch) clearTimeout(refetch);
      follow.stop();
    };
  }, [enabled, accessToken, ids, range.from, range.to, reasonBased, reasonId, reason, queryClient]);

  const removeSlot = useCallback(
    (slot: Pick<Slot, 'SlotIds'>) =>
      queryClient.setQueryData<SlotList>(slotKeys.range(ids, range.from, range.to, reason), (old) => {
        if (!old) return old;
        const nextSlots = withoutSlot(old.Data, slot);
        return nextSlots === old.Data ? old : { Data: nextSlots, Total: nextSlots.length };
      }),
    [queryClient, ids, range.from, range.to, reason],
  );

  const pageDays = useMemo(() => daysFrom(range.startDay, days), [range.startDay, days]);
  const slotsByDay = useMemo(() => {
    const map = new Map<DayKey, Slot[]>(pageDays.map((d) => [d, []]));
    for (const slot of slots) map.get(dayKeyOf(slot.Start, timeZone))?.push(slot);
    return map;
  }, [pageDays, slots, timeZone]);

  const nextSlot = next.data ?? null;
  const weekError = week.isError && !isIgnorable(week.error);
  return {
    days: pageDays,
    slotsByDay,
    slots,
    isLoading: enabled && (week.isPending || (empty && next.isPending)),
    isError: weekError,
    nextAvailableDay: empty && nextSlot ? dayKeyOf(nextSlot.Start, timeZone) : null,
    noAvailability:
      (empty && next.isSuccess && !nextSlot) || (week.isError && isIgnorable(week.error)) || !enabled,
    timeZone,
    live,
    removeSlot,
  };
}
