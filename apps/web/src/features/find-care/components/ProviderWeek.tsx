import { useMemo, useState } from 'react';
import type { SearchProvider, Slot } from '@careslot/contracts';
import { useContinueToBooking } from '../../../shared/slots/continueToBooking';
import { dayKeyOf, daysFrom, type DayKey } from '../../../shared/slots/slotDates';
import { TimeZoneDialog } from '../../../shared/slots/TimeZoneDialog';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import type { WeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';

/**
 * The week the search returned for one provider (5 days from the search date, at most 3 open slots a day),
 * shaped for the shared week slot calendar, so a results page stays one call however many providers it
 * shows; live slot events reach it through the cached search. A slot whose hold fails leaves the page.
 */
export function searchWeek(provider: SearchProvider, startDay: DayKey, removed: ReadonlySet<string>, live = false): Omit<WeekSlots, 'removeSlot'> {
  const timeZone = provider.location.iana_time_zone;
  const days = daysFrom(startDay);
  const slots = provider.slots.filter((slot) => !removed.has(slot.SlotIds[0]!));
  const slotsByDay = new Map<DayKey, Slot[]>(days.map((day) => [day, []]));
  for (const slot of slots) slotsByDay.get(dayKeyOf(slot.Start, timeZone))?.push(slot);
  const next = provider.next_availability;
  return {
    days,
    slotsByDay,
    slots,
    isLoading: false,
    isError: false,
    nextAvailableDay: slots.length === 0 && next ? dayKeyOf(next, timeZone) : null,
    noAvailability: slots.length === 0 && !next,
    timeZone,
    // The results page applies the calendar hub's events to the search's week (useLiveResults).
    live,
  };
}

/**
 * A provider card's week slot calendar: picking a slot holds it, then a signed-in user goes on to the booking
 * form and a guest to registration at the identity provider (4.3 step 8).
 */
export function ProviderWeek({ provider, startDay, live, onJump }: { provider: SearchProvider; startDay: DayKey; live: boolean; onJump: (day: DayKey) => void }) {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const removeSlot = (slot: Pick<Slot, 'SlotIds'>) => setRemoved((old) => new Set([...old, slot.SlotIds[0]!]));
  const week = useMemo(() => ({ ...searchWeek(provider, startDay, removed, live), removeSlot }), [provider, startDay, removed, live]);
  const picker = useSlotPicker({
    timeZone: provider.location.iana_time_zone,
    removeSlot,
    slotData: (slot, hold) => ({
      calendarId: slot.ScheduleId,
      facilityId: provider.location.id,
      time_slot: slot,
      entity: {
        Id: provider.practitioner_id,
        Type: 'Provider',
        Name: provider.display_name,
        Speciality: provider.specialties[0]?.Display ?? null,
        Photo: provider.photo_url,
      },
      selectedReason: 'All',
      actorLocationCalendars: provider.schedule_id ? [provider.schedule_id] : [],
      workflow: 'PROVIDER_SEARCH',
      expiresAt: hold.ExpiresAt,
    }),
  });
  useContinueToBooking(picker.held !== null && picker.timeZoneQuestion === null);

  return (
    <>
      <WeekSlotCalendar week={week} mode="list" onPick={picker.pick} onJump={onJump} pendingSlotId={picker.pending?.SlotIds[0] ?? null} />
      <TimeZoneDialog question={picker.timeZoneQuestion} onYes={picker.confirmTimeZone} onNo={picker.declineTimeZone} />
    </>
  );
}
