import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SEARCH_WEEK_DAYS,
  type FindCareResult,
  type FindCareSearch,
  type SlotDeletedEvent,
  type SlotEvent,
} from '@careslot/contracts';
import { useSession } from '../../shared/session/session';
import { followSchedules } from '../../shared/slots/calendarHub';
import { slotQueryRange } from '../../shared/slots/slotDates';
import {
  applySlotEvent,
  PLAIN_SLOT_EVENTS,
  SLOT_EVENT_KINDS,
  type SlotEventKind,
} from '../../shared/slots/slotEvents';
import { findCareQuery } from './api/findCare';

/** After a slot leaves a card, the page asks the search again this much later to fill the day back up to 3. */
const REFILL_DELAY_MS = 1500;

/**
 * One slot event applied to a page of results (patient-booking.md §4.4): the card of the provider whose
 * schedule it concerns drops a taken slot, or shows a returned one when it falls in the card's week.
 * `removed` tells whether a card lost a slot. The same result is returned when nothing changed.
 */
export function applyEventToResults(
  result: FindCareResult,
  kind: SlotEventKind,
  event: SlotEvent | SlotDeletedEvent,
  now: Date,
): { result: FindCareResult; removed: boolean } {
  let changed = false;
  let removed = false;
  const providers = result.providers.map((provider) => {
    if (!provider.schedule_id || provider.schedule_id !== event.ScheduleId) return provider;
    const range = slotQueryRange({
      startDay: result.date,
      now,
      timeZone: provider.location.iana_time_zone,
      rangeDays: SEARCH_WEEK_DAYS - 1,
    });
    const slots = applySlotEvent(provider.slots, kind, event, {
      scheduleIds: [provider.schedule_id],
      from: range.from,
      to: range.to,
    });
    if (slots === provider.slots) return provider;
    changed = true;
    if (slots.length < provider.slots.length) removed = true;
    return { ...provider, slots };
  });
  return { result: changed ? { ...result, providers } : result, removed };
}

/**
 * Keeps the result cards' week slot calendars live: one calendar-hub connection follows the schedules of
 * the page's providers and applies their slot events to the cached search, so a slot held or booked in
 * another browser leaves the page at once. Returns whether events are flowing.
 */
export function useLiveResults(body: FindCareSearch | null, result: FindCareResult | undefined): boolean {
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  const [live, setLive] = useState(false);
  const bodyKey = body ? JSON.stringify(body) : '';
  const idsKey = [
    ...new Set((result?.providers ?? []).flatMap((p) => (p.schedule_id ? [p.schedule_id] : []))),
  ]
    .sort()
    .join(',');

  useEffect(() => {
    if (!bodyKey || !idsKey || !accessToken) return;
    const key = findCareQuery(JSON.parse(bodyKey) as FindCareSearch).queryKey;
    let refill: ReturnType<typeof setTimeout> | undefined;
    const follow = followSchedules(
      idsKey.split(','),
      PLAIN_SLOT_EVENTS,
      (event, message) => {
        let removed = false;
        queryClient.setQueryData<FindCareResult>(key, (old) => {
          if (!old) return old;
          const next = applyEventToResults(
            old,
            SLOT_EVENT_KINDS[event],
            message.data as unknown as SlotEvent | SlotDeletedEvent,
            new Date(),
          );
          removed = next.removed;
          return next.result;
        });
        if (removed) {
          clearTimeout(refill);
          refill = setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
            REFILL_DELAY_MS,
          );
        }
      },
      () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
      (state) => setLive(state === 'connected'),
    );
    return () => {
      clearTimeout(refill);
      follow.stop();
      setLive(false);
    };
  }, [bodyKey, idsKey, accessToken, queryClient]);

  return live && Boolean(idsKey);
}
