import { useCallback, useMemo, useState } from 'react';
import { Card, Container, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ALL_REASONS_ID, type CalendarSlotData, type Slot, type SlotHoldInfo } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { dayKeyOf, zoneAbbreviation, type DayKey } from '../../../shared/slots/slotDates';
import { TimeZoneDialog } from '../../../shared/slots/TimeZoneDialog';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import { useWeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekScroller } from '../../../shared/slots/WeekScroller';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';
import { useProviderProfile, type ProfilePlace } from '../api/providerProfile';
import { HeldSlotPanel } from '../components/HeldSlotPanel';
import { ProviderHeader } from '../components/ProviderHeader';
import { practitionerDisplayName } from '../profileText';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /providers/:id: who the provider is, where they practise, and their live week of open times. */
export function ProviderProfilePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('providerProfile');
  const valid = UUID.test(id);
  const profile = useProviderProfile(id, valid);
  const [placeIndex, setPlaceIndex] = useState(0);

  if (!valid || (profile.isError && profile.error instanceof ApiError && profile.error.status === 404)) {
    return (
      <Container size="md" py="xl">
        <Title order={1} fz={24}>
          {t('notFound')}
        </Title>
      </Container>
    );
  }
  if (profile.isError) {
    return (
      <Container size="md" py="xl">
        <Text role="alert">{t('loadFailed')}</Text>
      </Container>
    );
  }
  if (!profile.data) return <LoadingSpinner />;

  const { practitioner, places } = profile.data;
  const place = places[Math.min(placeIndex, places.length - 1)] ?? null;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <ProviderHeader practitioner={practitioner} place={place} />
        {places.length > 1 ? (
          <SegmentedControl
            aria-label={t('chooseLocation')}
            value={String(placeIndex)}
            onChange={(v) => setPlaceIndex(Number(v))}
            data={places.map((p, i) => ({
              value: String(i),
              label: p.location?.Name ?? t('locationN', { n: i + 1 }),
            }))}
          />
        ) : null}
        {place ? (
          <ScheduleCard
            key={place.schedule.Id}
            place={place}
            entity={{
              Id: practitioner.Id,
              Type: 'Practitioner',
              Name: practitionerDisplayName(practitioner),
              Speciality: practitioner.Specialities[0]?.Name ?? null,
              Photo: practitioner.Photos[0]?.Url ?? null,
            }}
          />
        ) : (
          <Card withBorder radius="lg" padding="lg">
            <Text c="dimmed">{t('noOnlineBooking')}</Text>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

function ScheduleCard({ place, entity }: { place: ProfilePlace; entity: CalendarSlotData['entity'] }) {
  const { t } = useTranslation('providerProfile');
  const { t: ts } = useTranslation('slots');
  const timeZone = place.schedule.TimeZone;
  const today = useMemo(() => dayKeyOf(new Date(), timeZone), [timeZone]);
  const [startDay, setStartDay] = useState<DayKey>(today);
  const scheduleIds = useMemo(() => [place.schedule.Id], [place.schedule.Id]);
  const week = useWeekSlots({ scheduleIds, timeZone, startDay });
  const slotData = useCallback(
    (slot: Slot, hold: SlotHoldInfo): CalendarSlotData => ({
      calendarId: place.schedule.Id,
      facilityId: place.location?.Id ?? null,
      time_slot: slot,
      entity,
      selectedReason: ALL_REASONS_ID,
      actorLocationCalendars: [place.schedule.Id],
      // A pick from a provider's own page (4.3 step 6).
      workflow: 'PROVIDER_PROFILE',
      expiresAt: hold.ExpiresAt,
    }),
    [place, entity],
  );
  const picker = useSlotPicker({ timeZone, removeSlot: week.removeSlot, slotData });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz={20}>
            {t('bookOnline')}
          </Title>
          <Text size="sm" c="dimmed">
            {ts('timesIn', { abbr: zoneAbbreviation(new Date(), timeZone) })}
          </Text>
        </div>
        {picker.held ? (
          <HeldSlotPanel held={picker.held} timeZone={timeZone} onRelease={() => void picker.release()} />
        ) : null}
        <WeekScroller startDay={startDay} fromDay={today} onChange={setStartDay} />
        <WeekSlotCalendar
          week={week}
          onPick={picker.pick}
          onJump={setStartDay}
          pendingSlotId={picker.pending?.SlotIds[0] ?? null}
          heldSlotId={picker.held?.slot.SlotIds[0] ?? null}
        />
      </Stack>
      <TimeZoneDialog
        question={picker.timeZoneQuestion}
        onYes={picker.confirmTimeZone}
        onNo={picker.declineTimeZone}
      />
    </Card>
  );
}
