import { useMemo, useState } from 'react';
import type { SearchOffice, SearchProvider, Slot, VisitType } from '@careslot/contracts';
import { useContinueToBooking } from '../../../shared/slots/continueToBooking';
import { dayKeyOf, daysFrom, type DayKey } from '../../../shared/slots/slotDates';
import { TimeZoneDialog } from '../../../shared/slots/TimeZoneDialog';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import { useWeekSlots, type WeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekScroller } from '../../../shared/slots/WeekScroller';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';

/**
 * The week the search returned for one provider (5 days from the search date, at most 3 open slots a day),
 * shaped for the shared week slot calendar, so a results page stays one call however many providers it
 * shows; live slot events reach it through the cached search. A slot whose hold fails leaves the page.
 */
export function searchWeek(
  provider: SearchProvider,
  startDay: DayKey,
  removed: ReadonlySet<string>,
  live = false,
): Omit<WeekSlots, 'removeSlot'> {
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

/** The office a card shows: the search's own, or another of the provider's offices the patient chose. */
export function officeOf(provider: SearchProvider, officeId: string): SearchOffice {
  const own: SearchOffice = {
    ...provider.location,
    distance: provider.distance,
    schedule_id: provider.schedule_id,
  };
  return provider.other_offices.find((office) => office.id === officeId) ?? own;
}

/** One line of an office's address, as the card and the booking header write it. */
export function officeAddress(
  office: Pick<SearchOffice, 'address1' | 'address2' | 'city' | 'state' | 'zip_code'>,
): string {
  return `${office.address1}${office.address2 ? `, ${office.address2}` : ''}, ${office.city}, ${office.state} ${office.zip_code}`;
}

/**
 * A provider card's week slot calendar at one office, in that office's zone: the search's week until the
 * patient moves it, asks for 'More appointments' or picks another office; then that office's schedule is
 * read (and followed live) for the week shown. Picking a slot holds it, then a signed-in user goes on to the
 * booking form and a guest to registration at the identity provider (4.3 step 8).
 */
export function ProviderWeek({
  provider,
  office,
  startDay,
  live,
  onJump,
  visitType = null,
}: {
  provider: SearchProvider;
  office: SearchOffice;
  startDay: DayKey;
  live: boolean;
  onJump: (day: DayKey) => void;
  visitType?: VisitType | null;
}) {
  const ownOffice = office.id === provider.location.id;
  // null: the search's own week; otherwise the first day of the week this card moved to.
  const [page, setPage] = useState<DayKey | null>(ownOffice ? null : startDay);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const removeFromSearch = (slot: Pick<Slot, 'SlotIds'>) =>
    setRemoved((old) => new Set([...old, slot.SlotIds[0]!]));
  const timeZone = office.iana_time_zone;
  const loaded = useWeekSlots({
    scheduleIds: page !== null && office.schedule_id ? [office.schedule_id] : [],
    timeZone,
    startDay: page ?? startDay,
  });
  const fromSearch = useMemo(
    () => ({ ...searchWeek(provider, startDay, removed, live), removeSlot: removeFromSearch }),
    [provider, startDay, removed, live],
  );
  const week = page === null ? fromSearch : loaded;
  const picker = useSlotPicker({
    timeZone,
    removeSlot: week.removeSlot,
    slotData: (slot, hold) => ({
      calendarId: slot.ScheduleId,
      facilityId: office.id,
      time_slot: slot,
      entity: {
        Id: provider.practitioner_id,
        Type: 'Provider',
        Name: provider.display_name,
        Speciality: provider.specialties[0]?.Display ?? null,
        Photo: provider.photo_url,
      },
      selectedReason: 'All',
      actorLocationCalendars: office.schedule_id ? [office.schedule_id] : [],
      workflow: 'PROVIDER_SEARCH',
      expiresAt: hold.ExpiresAt,
      facility: { Name: office.name, Address: officeAddress(office) },
      ...(visitType ? { visitType } : {}),
    }),
  });
  useContinueToBooking(picker.held !== null && picker.timeZoneQuestion === null);

  return (
    <>
      <WeekScroller startDay={page ?? startDay} fromDay={startDay} onChange={setPage} />
      <WeekSlotCalendar
        week={week}
        mode="list"
        onPick={picker.pick}
        // In the search's week the next availability moves the whole search; in a week of its own, this card.
        onJump={page === null ? onJump : setPage}
        pendingSlotId={picker.pending?.SlotIds[0] ?? null}
        moreHint={page === null && provider.more_slots}
        onMore={() => setPage(startDay)}
      />
      <TimeZoneDialog
        question={picker.timeZoneQuestion}
        onYes={picker.confirmTimeZone}
        onNo={picker.declineTimeZone}
      />
    </>
  );
}
