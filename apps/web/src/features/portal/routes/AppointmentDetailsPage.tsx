import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime, IconMapPin, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { STORAGE_KEYS, type PortalAppointment } from '@careslot/contracts';
import { bookingPopup, FIND_OTHER_DOCTORS_PATH } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { appointmentQuery, downloadCalendarFile, portalKeys } from '../api';
import { AppointmentSummary } from '../components/AppointmentSummary';
import { ConfirmationPopup, PendingPopup } from '../components/BookingPopups';
import { CancelAppointmentDialog } from '../components/CancelAppointmentDialog';
import { RescheduleAppointmentDialog } from '../components/RescheduleAppointmentDialog';
import { StatusBadge } from '../components/StatusBadge';

/** Which popup the booking flow asked for (?showConfirmationMessage=true), by the rule of §4.5. */
function popupFor(appointment: PortalAppointment) {
  return bookingPopup({ ...appointment, Participants: [{ Type: 'Patient' }] });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * /portal/health/appointments/{office|telehealth}/details/{id}: one visit, with add to calendar, directions,
 * reschedule and cancel; arriving from a booking (?showConfirmationMessage=true) it shows the confirmation
 * or pending popup of §2.9 once.
 */
export function AppointmentDetailsPage() {
  const { t, i18n } = useTranslation('portal');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const appointment = useQuery(appointmentQuery(id));
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const showPopup = params.get('showConfirmationMessage') === 'true';

  const dismissPopup = () => {
    localStorage.removeItem(STORAGE_KEYS.local.showPopup);
    setParams(
      (p) => {
        p.delete('showConfirmationMessage');
        return p;
      },
      { replace: true },
    );
  };

  if (appointment.isPending) return <Skeleton height={360} radius="md" />;
  if (appointment.isError) {
    const missing = appointment.error instanceof ApiError && appointment.error.status === 404;
    return (
      <Stack gap="md">
        <Alert color={missing ? 'yellow' : 'red'} role="alert">
          {missing ? t('details.notFound') : t('details.loadFailed')}
        </Alert>
        <Group>
          <Button component={Link} to="/portal">
            {t('details.back')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const item = appointment.data;
  const popup = showPopup ? popupFor(item) : null;
  const directions = item.Facility?.AddressLines.length
    ? `https://www.openstreetmap.org/search?query=${encodeURIComponent([item.Facility.Name, ...item.Facility.AddressLines].join(', '))}`
    : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: portalKeys.all });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Anchor component={Link} to="/portal" size="sm">
          {t('details.back')}
        </Anchor>
        <StatusBadge status={item.Status} />
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Title order={2} size="h3">
            {t('details.title')}
          </Title>
          <AppointmentSummary appointment={item} size="lg" ownPatientId={user?.userId ?? null} />
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Row label={t('details.patient')}>
              <Text>{`${item.Patient.FirstName} ${item.Patient.LastName}`.trim()}</Text>
            </Row>
            <Row label={t('details.reason')}>
              <Text>{item.ReasonsText}</Text>
            </Row>
            {item.Facility && (
              <Row label={item.AppointmentType === 'TeleHealth' ? t('details.practice') : t('details.where')}>
                <Text fw={600}>{item.Facility.Name}</Text>
                {item.AppointmentType !== 'TeleHealth' &&
                  item.Facility.AddressLines.map((line) => <Text key={line}>{line}</Text>)}
                {item.Facility.Phone && <Text>{item.Facility.Phone}</Text>}
              </Row>
            )}
            {item.Payment && (
              <Row label={t('details.payment')}>
                <Text>
                  {t('details.paymentLine', {
                    amount: new Intl.NumberFormat(i18n.language, {
                      style: 'currency',
                      currency: 'USD',
                    }).format(item.Payment.PaidAmount),
                    status: t(`paymentStatus.${item.Payment.Status}`, { defaultValue: item.Payment.Status }),
                  })}
                </Text>
                {item.Payment.CardDetails && (
                  <Text size="sm" c="dimmed" ff="monospace">
                    {item.Payment.CardDetails}
                  </Text>
                )}
              </Row>
            )}
            {item.CancelReason && (
              <Row label={t('details.cancelReason')}>
                <Text>{item.CancelReason}</Text>
              </Row>
            )}
            {item.DeclineReason && (
              <Row label={t('details.declineReason')}>
                <Text data-testid="decline-reason">{item.DeclineReason}</Text>
              </Row>
            )}
          </SimpleGrid>
          <Divider />
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              onClick={() =>
                void downloadCalendarFile(item.Id).catch(() => toast.error(t('details.calendarFailed')))
              }
            >
              {t('details.addToCalendar')}
            </Button>
            {directions && item.AppointmentType !== 'TeleHealth' && (
              <Button
                component="a"
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconMapPin size={18} aria-hidden />}
              >
                {t('details.directions')}
              </Button>
            )}
            {item.CanReschedule && (
              <Button
                variant="light"
                leftSection={<IconCalendarTime size={18} aria-hidden />}
                onClick={() => setDialog('reschedule')}
              >
                {t('details.reschedule')}
              </Button>
            )}
            {item.CanCancel && (
              <Button
                variant="outline"
                color="red.9"
                leftSection={<IconX size={18} aria-hidden />}
                onClick={() => setDialog('cancel')}
              >
                {t('details.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {dialog === 'cancel' && (
        <CancelAppointmentDialog
          appointment={item}
          onClose={() => setDialog(null)}
          onCanceled={(updated) => {
            queryClient.setQueryData(portalKeys.one(item.Id), updated);
            refresh();
            setDialog(null);
          }}
        />
      )}
      {dialog === 'reschedule' && (
        <RescheduleAppointmentDialog
          appointment={item}
          onClose={() => setDialog(null)}
          onRescheduled={() => {
            refresh();
            setDialog(null);
          }}
        />
      )}
      {popup === 'confirmation' && (
        <ConfirmationPopup
          appointment={item}
          viewer={{ firstName: user?.firstName ?? item.Patient.FirstName, patientId: user?.userId ?? null }}
          onManage={dismissPopup}
          onFindOther={() => {
            localStorage.removeItem(STORAGE_KEYS.local.showPopup);
            void navigate(FIND_OTHER_DOCTORS_PATH);
          }}
        />
      )}
      {popup === 'pending' && <PendingPopup appointment={item} onContinue={dismissPopup} />}
    </Stack>
  );
}
