import { Avatar, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarSlotData } from '@careslot/contracts';
import { useCatalogNames } from '../../../shared/i18n/catalogNames';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { zoneAbbreviation } from '../../../shared/slots/slotDates';
import { appointmentDate } from '../appointmentDate';
import { isWalkInSlot } from '../visitKind';

interface BookingHeaderProps {
  slot: CalendarSlotData;
  /** The facility's IANA zone; null while it loads. */
  timeZone: string | null;
  walkIn?: boolean;
  now?: Date;
}

/** The book-appointment header (2.9): heading, who the visit is with, and when in the facility's zone. */
export function BookingHeader({
  slot,
  timeZone,
  walkIn = isWalkInSlot(slot),
  now = new Date(),
}: BookingHeaderProps) {
  const { t, i18n } = useTranslation('booking');
  const catalog = useCatalogNames();
  const start = slot.time_slot.Start;
  const when = timeZone
    ? appointmentDate(start, timeZone, now, { walkIn, locale: dateLocale(i18n.language) })
    : null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('header.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={slot.entity.Photo} alt="" size={64} radius="xl" color="brand">
            {slot.entity.Name.charAt(0)}
          </Avatar>
          <Stack gap={2}>
            <Text fw={700} size="lg" data-testid="booking-entity-name">
              {slot.entity.Name}
            </Text>
            {slot.entity.Speciality && (
              <Text size="sm" c="dimmed">
                {catalog.specialty(slot.entity.Speciality)}
              </Text>
            )}
            {slot.facility ? (
              <Text size="sm" data-testid="booking-facility">
                {slot.facility.Name}, {slot.facility.Address}
              </Text>
            ) : null}
            {when ? (
              <Text size="sm" fw={600} data-testid="booking-date">
                {[
                  when.relative ? t(`header.${when.relative}`) : null,
                  when.text,
                  walkIn ? null : zoneAbbreviation(start, timeZone!),
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
            ) : (
              <Skeleton height={16} width={200} />
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
