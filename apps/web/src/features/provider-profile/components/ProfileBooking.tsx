import { useCallback, useMemo, useState } from 'react';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../shared/ui/LazySelect';
import {
  ALL_REASONS_ID,
  type CalendarSlotData,
  type PageProfile,
  type PageProfileCalendar,
  type PageProfileLocation,
  type Slot,
  type SlotHoldInfo,
} from '@careslot/contracts';
import { useCatalogNames } from '../../../shared/i18n/catalogNames';
import { useContinueToBooking } from '../../../shared/slots/continueToBooking';
import { dayKeyOf, zoneAbbreviation, type DayKey } from '../../../shared/slots/slotDates';
import { TimeZoneDialog } from '../../../shared/slots/TimeZoneDialog';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import { useWeekSlots, type WeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekScroller } from '../../../shared/slots/WeekScroller';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';

const ALL = String(ALL_REASONS_ID);

const offers = (slot: Slot, reason: string) => (slot.ServiceType ?? []).some((type) => type.Id === reason);

/** The week with only the slots that offer the reason. */
function forReason(week: WeekSlots, reason: string): WeekSlots {
  const slots = week.slots.filter((slot) => offers(slot, reason));
  const slotsByDay = new Map(
    [...week.slotsByDay].map(([day, daySlots]) => [day, daySlots.filter((slot) => offers(slot, reason))]),
  );
  return {
    ...week,
    slots,
    slotsByDay,
    noAvailability:
      week.noAvailability || (!week.isLoading && slots.length === 0 && week.nextAvailableDay === null),
  };
}

/**
 * 4.3 step 2: with the reason 'All' the held slot carries no service category or type; with a reason, only
 * that type and its category.
 */
export function narrowToReason(slot: Slot, reason: string): Slot {
  if (reason === ALL) return { ...slot, ServiceCategory: [], ServiceType: [] };
  const types = (slot.ServiceType ?? []).filter((type) => type.Id === reason);
  const categoryIds = new Set(types.map((type) => type.ServiceCategoryId));
  return {
    ...slot,
    ServiceType: types,
    ServiceCategory: (slot.ServiceCategory ?? []).filter((category) => categoryIds.has(category.Id)),
  };
}

/**
 * The profile's booking calendar: which provider (on a practice page) and which facility, the reason for
 * the visit ('All' by default), and the live week of open times of that calendar.
 */
export function ProfileBooking({ profile }: { profile: PageProfile }) {
  const { t } = useTranslation('providerProfile');
  const catalog = useCatalogNames();
  const calendars = profile.Calendars;
  const onPracticePage = profile.Entity.Type === 'Organization';
  const entities = useMemo(
    () => [...new Map(calendars.map((c) => [c.EntityId, c.EntityName])).entries()],
    [calendars],
  );
  const [entityId, setEntityId] = useState<string | null>(entities[0]?.[0] ?? null);
  const ofEntity = calendars.filter((c) => c.EntityId === entityId);
  const [scheduleId, setScheduleId] = useState<string | null>(null);
  const calendar = ofEntity.find((c) => c.ScheduleId === scheduleId) ?? ofEntity[0] ?? null;
  const [reason, setReason] = useState(ALL);
  const locationName = (c: PageProfileCalendar) =>
    profile.Locations.find((l) => l.Id === c.LocationId)?.Name ??
    t('locationN', { n: ofEntity.indexOf(c) + 1 });

  if (!calendar) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz={20} mb="xs">
          {t('bookOnline')}
        </Title>
        <Text c="dimmed">
          {onPracticePage
            ? t('noOnlineBookingPractice')
            : profile.Entity.Type === 'HealthCareService'
              ? t('noOnlineBookingService')
              : t('noOnlineBooking')}
        </Text>
      </Card>
    );
  }

  const reasons = calendar.Reasons;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('bookOnline')}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          {t('bookOnline')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, xs: (onPracticePage ? 1 : 0) + (ofEntity.length > 1 ? 1 : 0) + 1 }}
          spacing="sm"
        >
          {onPracticePage && entities.length > 0 ? (
            <LazySelect
              label={t('chooseProvider')}
              data={entities.map(([value, label]) => ({ value, label }))}
              value={entityId}
              onChange={(value) => {
                setEntityId(value);
                setScheduleId(null);
                setReason(ALL);
              }}
              allowDeselect={false}
              searchable
            />
          ) : null}
          {ofEntity.length > 1 ? (
            <LazySelect
              label={t('chooseLocation')}
              data={ofEntity.map((c) => ({ value: c.ScheduleId, label: locationName(c) }))}
              value={calendar.ScheduleId}
              onChange={(value) => setScheduleId(value)}
              allowDeselect={false}
            />
          ) : null}
          <LazySelect
            label={t('reason')}
            data={[
              { value: ALL, label: t('allReasons') },
              ...reasons.map((r) => ({ value: r.Id, label: catalog.reason(r.Name) })),
            ]}
            value={reason}
            onChange={(value) => setReason(value ?? ALL)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <CalendarWeek
          key={`${calendar.ScheduleId}|${reason}`}
          calendar={calendar}
          location={profile.Locations.find((l) => l.Id === calendar.LocationId) ?? null}
          reason={reason}
          practicePage={onPracticePage}
        />
      </Stack>
    </Card>
  );
}

const addressOf = (l: PageProfileLocation) =>
  `${l.Address1}${l.Address2 ? `, ${l.Address2}` : ''}, ${l.City}, ${l.State} ${l.ZipCode}`;

function CalendarWeek({
  calendar,
  location,
  reason,
  practicePage,
}: {
  calendar: PageProfileCalendar;
  /** The office whose times the calendar lists (issue 17: a calendar names its office). */
  location: PageProfileLocation | null;
  reason: string;
  practicePage: boolean;
}) {
  const { t: ts } = useTranslation('slots');
  const timeZone = calendar.TimeZone;
  const today = useMemo(() => dayKeyOf(new Date(), timeZone), [timeZone]);
  const [startDay, setStartDay] = useState<DayKey>(today);
  const scheduleIds = useMemo(() => [calendar.ScheduleId], [calendar.ScheduleId]);
  const all = useWeekSlots({
    scheduleIds,
    timeZone,
    startDay,
    reasonBased: reason !== ALL,
    reasonId: reason === ALL ? null : reason,
  });
  // A chosen reason shows only the slots that offer it.
  const week = useMemo(() => (reason === ALL ? all : forReason(all, reason)), [all, reason]);
  const slotData = useCallback(
    (slot: Slot, hold: SlotHoldInfo): CalendarSlotData => ({
      calendarId: calendar.ScheduleId,
      facilityId: calendar.LocationId,
      time_slot: narrowToReason(slot, reason),
      entity: {
        Id: calendar.EntityId,
        Type: calendar.EntityType,
        Name: calendar.EntityName,
        Speciality: calendar.EntitySpeciality,
        Photo: calendar.EntityPhoto,
      },
      selectedReason: reason === ALL ? ALL_REASONS_ID : reason,
      actorLocationCalendars: [calendar.ScheduleId],
      // 4.3 step 6: a pick from a practice profile with a reason is PRACTICE_PROFILE; otherwise PROVIDER_PROFILE.
      workflow: practicePage && reason !== ALL ? 'PRACTICE_PROFILE' : 'PROVIDER_PROFILE',
      expiresAt: hold.ExpiresAt,
      ...(location ? { facility: { Name: location.Name, Address: addressOf(location) } } : {}),
    }),
    [calendar, reason, practicePage, location],
  );
  const picker = useSlotPicker({ timeZone, removeSlot: week.removeSlot, slotData });
  // 4.3 step 8: a held time goes on to the booking form, or a guest to registration first.
  useContinueToBooking(picker.held !== null && picker.timeZoneQuestion === null);
  return (
    <Stack gap="md">
      {location ? (
        <Text size="sm" data-testid="calendar-office">
          <Text span size="sm" fw={600}>
            {location.Name}:
          </Text>{' '}
          {addressOf(location)}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {ts('timesIn', { abbr: zoneAbbreviation(new Date(), timeZone) })}
      </Text>
      <WeekScroller startDay={startDay} fromDay={today} onChange={setStartDay} />
      <WeekSlotCalendar
        week={week}
        onPick={picker.pick}
        onJump={setStartDay}
        pendingSlotId={picker.pending?.SlotIds[0] ?? null}
        heldSlotId={picker.held?.slot.SlotIds[0] ?? null}
      />
      <TimeZoneDialog
        question={picker.timeZoneQuestion}
        onYes={picker.confirmTimeZone}
        onNo={picker.declineTimeZone}
      />
    </Stack>
  );
}
