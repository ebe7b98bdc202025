import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalAppointment } from '@careslot/contracts';
import { showsVisitTime } from '@careslot/domain';
import { useCatalogNames } from '../../../shared/i18n/catalogNames';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { zoneAbbreviation } from '../../../shared/slots/slotDates';
import { inZone, localDateFormats } from '../appointmentDates';

/** Who and when: the provider (or facility) with photo, and the date and time in the facility's zone. */
export function AppointmentSummary({
  appointment,
  size = 'md',
  ownPatientId = null,
}: {
  appointment: PortalAppointment;
  size?: 'md' | 'lg';
  /** The signed-in patient: a visit of someone they book for is marked with that person's name (issue 30). */
  ownPatientId?: string | null;
}) {
  const { t, i18n } = useTranslation('portal');
  const locale = dateLocale(i18n.language);
  const catalog = useCatalogNames();
  const formats = localDateFormats(t);
  const who = appointment.Provider?.DisplayName ?? appointment.Facility?.Name ?? '';
  const walkIn = !showsVisitTime(appointment);
  const when = walkIn
    ? inZone(appointment.StartTime, appointment.TimeZone, formats.longDay, locale)
    : `${inZone(appointment.StartTime, appointment.TimeZone, formats.dayAndTime, locale)} ${zoneAbbreviation(appointment.StartTime, appointment.TimeZone)}`;
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={appointment.Provider?.Photo ?? null}
        alt=""
        size={size === 'lg' ? 72 : 56}
        radius="xl"
        color="brand"
      >
        {who.charAt(0)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={700} size={size === 'lg' ? 'xl' : 'md'} data-testid="appointment-when">
          {when}
        </Text>
        <Text fw={600}>{who}</Text>
        {ownPatientId && appointment.Patient.Id !== ownPatientId ? (
          <Text size="sm" fw={600} c="grape.9" data-testid="appointment-patient">
            {t('list.forPatient', {
              name: `${appointment.Patient.FirstName} ${appointment.Patient.LastName}`.trim(),
            })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {[
            appointment.Provider?.Speciality ? catalog.specialty(appointment.Provider.Speciality) : null,
            t(`types.${appointment.AppointmentType}`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Group>
  );
}
