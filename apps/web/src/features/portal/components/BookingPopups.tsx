import {
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck, IconHourglassHigh, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PortalAppointment } from '@careslot/contracts';
import { showsVisitTime } from '@careslot/domain';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { zoneAbbreviation } from '../../../shared/slots/slotDates';
import { inZone, localDateFormats } from '../appointmentDates';

/** What the popups need besides the appointment: who is signed in. */
export interface PopupViewer {
  firstName: string;
  /** The signed-in user's own patient id (a different Patient participant means a family member). */
  patientId: string | null;
}

/** The provider as the popups name it: '{title} {given} {family}' (title falls back to the name prefix). */
export function providerTitleName(provider: NonNullable<PortalAppointment['Provider']>): string {
  return [provider.Title ?? provider.Prefix, provider.Given, provider.Family]
    .filter((p) => p && p.trim())
    .join(' ');
}

const VENDOR = 'CareSlot';

/**
 * The confirmation popup of §2.9 (width 800): '{name}, Your appointment [for {patientName}] has been
 * scheduled', with whom or for what and when (in the facility's zone), and two cards: 'Manage your
 * appointment' and 'Find other doctors'.
 */
export function ConfirmationPopup({
  appointment,
  viewer,
  onManage,
  onFindOther,
}: {
  appointment: PortalAppointment;
  viewer: PopupViewer;
  onManage: () => void;
  onFindOther: () => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const locale = dateLocale(i18n.language);
  const formats = localDateFormats(t);
  const zone = appointment.TimeZone;
  const forOther = viewer.patientId !== appointment.Patient.Id;
  const patientName = `${appointment.Patient.FirstName} ${appointment.Patient.LastName}`.trim();
  const time = inZone(appointment.StartTime, zone, formats.time, locale);
  const heading = forOther
    ? t('confirmation.titleFor', { name: viewer.firstName, patientName })
    : t('confirmation.title', { name: viewer.firstName });
  // A walk-in is announced on its day, without a time (issue 30 item 7).
  const timed = showsVisitTime(appointment);
  const date = inZone(appointment.StartTime, zone, formats.longDay, locale);
  const detail = appointment.Provider
    ? timed
      ? t('confirmation.withProvider', { provider: providerTitleName(appointment.Provider), date, time })
      : t('confirmation.withProviderWalkIn', { provider: providerTitleName(appointment.Provider), date })
    : timed
      ? t('confirmation.forReason', {
          reason: appointment.ReasonsText,
          facility: appointment.Facility?.Name ?? '',
          date,
          time,
          tz: zoneAbbreviation(appointment.StartTime, zone),
        })
      : t('confirmation.forReasonWalkIn', {
          reason: appointment.ReasonsText,
          facility: appointment.Facility?.Name ?? '',
          date,
        });
  return (
    <Modal
      opened
      onClose={onManage}
      size={800}
      yOffset={30}
      radius="lg"
      padding="xl"
      withCloseButton
      // The dialog and its close button have names (issue 30 item 9): the modal's own title, read by assistive
      // technology, names the dialog; the heading below is what everyone sees.
      title={<VisuallyHidden>{heading}</VisuallyHidden>}
      closeButtonProps={{ 'aria-label': t('confirmation.close') }}
    >
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={40} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" id="confirmation-title" data-testid="confirmation-title">
          {heading}
        </Title>
        <Text size="lg" data-testid="confirmation-detail">
          {detail}
        </Text>
        {timed ? <PopupZone appointment={appointment} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" w="100%">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm" align="center" h="100%">
              <IconCalendarCheck size={32} aria-hidden color="var(--mantine-color-brand-6)" />
              <Text fw={700}>{t('confirmation.manageTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('confirmation.manageBody')}
              </Text>
              <Button mt="auto" onClick={onManage}>
                {t('confirmation.manageButton')}
              </Button>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm" align="center" h="100%">
              <IconStethoscope size={32} aria-hidden color="var(--mantine-color-brand-6)" />
              <Text fw={700}>{t('confirmation.findTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('confirmation.findBody')}
              </Text>
              <Button mt="auto" variant="default" onClick={onFindOther}>
                {t('confirmation.findButton')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
        <Text hidden data-testid="confirmation-vendor">
          {t('confirmation.vendor', {
            provider: appointment.Provider
              ? providerTitleName(appointment.Provider)
              : (appointment.Facility?.Name ?? ''),
            vendor: VENDOR,
          })}
        </Text>
      </Stack>
    </Modal>
  );
}

/**
 * The pending popup of §2.9: 'Appointment request sent!', '{patientName}, your {appointmentType} visit with
 * {provider or resource} on {EEE, LLLL d} at {h:mm a} is pending confirmation.' (facility zone), who will
 * confirm by e-mail, and 'Continue'.
 */
export function PendingPopup({
  appointment,
  onContinue,
}: {
  appointment: PortalAppointment;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const locale = dateLocale(i18n.language);
  const formats = localDateFormats(t);
  const zone = appointment.TimeZone;
  const resource = appointment.AppointmentType === 'Resource';
  const provider = appointment.Provider;
  const withWhom = provider ? provider.DisplayName : (appointment.Facility?.Name ?? '');
  const office = resource
    ? t('pending.officePractice')
    : provider && !provider.HidePublicProfile
      ? t('pending.officeProvider', { provider: provider.DisplayName })
      : t('pending.officeFacility', { facility: appointment.Facility?.Name ?? '' });
  return (
    <Modal
      opened
      onClose={onContinue}
      size={550}
      radius="lg"
      padding="xl"
      title={<VisuallyHidden>{t('pending.title')}</VisuallyHidden>}
      withCloseButton={false}
    >
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="yellow" variant="light">
          <IconHourglassHigh size={40} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" id="pending-title" data-testid="pending-title">
          {t('pending.title')}
        </Title>
        <Text data-testid="pending-detail">
          {t('pending.detail', {
            patientName: appointment.Patient.FirstName,
            appointmentType: t(`types.${appointment.AppointmentType}`),
            withWhom,
            day: inZone(appointment.StartTime, zone, formats.pendingDay, locale),
            time: inZone(appointment.StartTime, zone, formats.time, locale),
          })}
        </Text>
        <PopupZone appointment={appointment} />
        <Text c="dimmed" data-testid="pending-office">
          {office}
        </Text>
        <Group justify="center">
          <Button size="md" onClick={onContinue}>
            {t('pending.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Which zone a popup's time is in (issue 17: every time shown says its zone), under the spec's own sentence. */
function PopupZone({ appointment }: { appointment: PortalAppointment }) {
  const { t } = useTranslation('slots');
  return (
    <Text size="sm" c="dimmed" data-testid="popup-zone">
      {t('timesIn', { abbr: zoneAbbreviation(appointment.StartTime, appointment.TimeZone) })}
    </Text>
  );
}
