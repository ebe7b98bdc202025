import { Suspense, useContext, useState } from 'react';
import { Button, Divider, Drawer, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCheck,
  IconDoorEnter,
  IconDoorExit,
  IconHeartbeat,
  IconUserOff,
  IconUserPlus,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  VISIT_STATUS_ACTIONS,
  type PracticeAppointment,
  type PracticeCalendarContext,
  type VisitStatusAction,
} from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatSlotTime, dayKeyOf } from '../../../shared/slots/slotDates';
import { PatientChartSlot } from '../../../shared/ui/patientChartSlot';
import { toast } from '../../../shared/ui/toast';
import { useAddParticipant, useChangeStatus } from '../api/practiceDay';
import { useTeleVisitStatuses } from '../api/teleVisits';
import { canMoveTo, formatLongDay, patientName } from '../calendarModel';
import { CancelVisitDialog } from './CancelVisitDialog';
import { MoveVisit } from './MoveVisit';
import { StatusBadge } from './StatusBadge';
import { VideoVisitBadge } from './VideoVisitBadge';

const ACTION_ICON: Record<VisitStatusAction, typeof IconCheck> = {
  Arrived: IconDoorEnter,
  'Checked-In': IconCheck,
  'Checked-Out': IconDoorExit,
  'No-Show': IconUserOff,
  Canceled: IconX,
};
const ACTION_COLOR: Record<VisitStatusAction, string> = {
  Arrived: 'orange',
  'Checked-In': 'teal',
  'Checked-Out': 'gray',
  'No-Show': 'red',
  Canceled: 'red',
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

/** An appointment's details and the status moves of a visit (Arrived, Checked-In, Checked-Out, No-Show, Canceled). */
export function AppointmentDrawer({
  appointment,
  context,
  onClose,
}: {
  appointment: PracticeAppointment | null;
  context: PracticeCalendarContext;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('practiceDay');
  const { t: tc } = useTranslation('clinicalRecord');
  const locale = dateLocale(i18n.language);
  const change = useChangeStatus();
  const add = useAddParticipant();
  const showError = useShowApiError();
  const [participant, setParticipant] = useState<string | null>(null);
  const [chartOpen, setChartOpen] = useState(false);
  const renderChart = useContext(PatientChartSlot);
  const zone = context.TimeZone;
  const a = appointment;
  const video = useTeleVisitStatuses(a ? [a] : []);
  const videoState = a ? video.get(a.Id) : undefined;
  const providerName = (id: string | null) => context.Providers.find((p) => p.Id === id)?.Name ?? '';
  const locationName = context.Locations.find((l) => l.Id === a?.LocationId)?.Name ?? '';

  const [cancelling, setCancelling] = useState(false);
  const move = (status: VisitStatusAction, reason?: string) => {
    if (!a) return;
    // Cancelling asks first, with the reason the patient's message carries (issue 30, item 18).
    if (status === 'Canceled' && !reason) {
      setCancelling(true);
      return;
    }
    change.mutate(
      { id: a.Id, status, telehealth: a.AppointmentType === 'TeleHealth', ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setCancelling(false);
          toast.success(t('drawer.moved', { status: t(`status.${status.replace(/[^A-Za-z]/g, '')}`) }));
        },
        onError: showError,
      },
    );
  };
  const taking = new Set(a?.Participants.map((p) => p.ParticipantId) ?? []);
  const candidates = context.Providers.filter((p) => !taking.has(p.Id)).map((p) => ({
    value: p.Id,
    label: p.Name,
  }));

  return (
    <Drawer
      opened={!!a}
      onClose={onClose}
      position="right"
      size={440}
      title={
        <Title order={2} fz="lg">
          {t('drawer.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {a ? (
        <Stack gap="md">
          {cancelling ? (
            <CancelVisitDialog
              opened
              patient={patientName(a)}
              pending={change.isPending}
              onConfirm={(reason) => move('Canceled', reason)}
              onClose={() => setCancelling(false)}
            />
          ) : null}
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={700} fz="xl" data-testid="drawer-patient">
                {patientName(a)}
              </Text>
              <Text size="sm" c="dimmed">
                {a.Patient.BirthDate
                  ? t('drawer.born', { date: formatLongDay(a.Patient.BirthDate, 'PP', locale) })
                  : ''}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <StatusBadge status={a.Status} size="md" />
              <VideoVisitBadge state={videoState} size="md" />
            </Stack>
          </Group>
          {a.AppointmentType === 'TeleHealth' &&
          videoState?.Status !== 'Ended' &&
          videoState?.Status !== 'Expired' &&
          a.Status !== 'Canceled' ? (
            <Group>
              <Button
                component={Link}
                to={`/validate?aptId=${encodeURIComponent(a.Id)}`}
                leftSection={<IconVideo size={16} aria-hidden />}
              >
                {t('video.join')}
              </Button>
            </Group>
          ) : null}
          {renderChart ? (
            <Group>
              <Button
                variant="light"
                leftSection={<IconHeartbeat size={16} aria-hidden />}
                onClick={() => setChartOpen(true)}
              >
                {tc('openChart')}
              </Button>
            </Group>
          ) : null}
          {renderChart && chartOpen ? (
            <Suspense fallback={null}>
              {renderChart({
                patientId: a.Patient.Id,
                patientName: patientName(a),
                appointmentId: a.Id,
                onClose: () => setChartOpen(false),
              })}
            </Suspense>
          ) : null}
          <SimpleGrid cols={2} spacing="sm">
            <Field
              label={t('drawer.when')}
              value={`${formatLongDay(dayKeyOf(a.StartTime, zone), 'PPP', locale)} · ${formatSlotTime(a.StartTime, zone, locale)} – ${formatSlotTime(a.EndTime, zone, locale)}`}
            />
            <Field
              label={t('drawer.type')}
              value={a.ScheduleType === 'Walk-In' ? t('type.walkIn') : t(`type.${a.AppointmentType}`)}
            />
            <Field label={t('drawer.provider')} value={providerName(a.ProviderId)} />
            <Field label={t('drawer.location')} value={locationName} />
            <Field label={t('drawer.reason')} value={a.ReasonsText} />
            <Field
              label={t('drawer.bookedBy')}
              value={
                a.Workflow === 'Practice_Staff_Appointment_Web' ? t('drawer.byPractice') : t('drawer.online')
              }
            />
          </SimpleGrid>
          <Divider />
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('drawer.moveTo')}
            </Text>
            <Group gap="xs">
              {VISIT_STATUS_ACTIONS.map((status) => {
                const Icon = ACTION_ICON[status];
                return (
                  <Button
                    key={status}
                    size="xs"
                    variant={status === 'Checked-In' ? 'filled' : 'default'}
                    leftSection={
                      <Icon
                        size={14}
                        aria-hidden
                        color={
                          status === 'Checked-In'
                            ? undefined
                            : `var(--mantine-color-${ACTION_COLOR[status]}-8)`
                        }
                      />
                    }
                    disabled={!canMoveTo(a.Status, status) || change.isPending}
                    loading={change.isPending && change.variables?.status === status}
                    onClick={() => move(status)}
                  >
                    {t(`actions.${status.replace(/[^A-Za-z]/g, '')}`)}
                  </Button>
                );
              })}
            </Group>
            {VISIT_STATUS_ACTIONS.every((s) => !canMoveTo(a.Status, s)) ? (
              <Text size="xs" c="dimmed">
                {t('drawer.final')}
              </Text>
            ) : null}
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('drawer.reschedule')}
            </Text>
            <MoveVisit key={a.Id} appointment={a} zone={zone} />
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('drawer.participants')}
            </Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={t('drawer.addProvider')}
                placeholder={t('drawer.chooseProvider')}
                data={candidates}
                value={participant}
                onChange={setParticipant}
                searchable
                flex={1}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                variant="default"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                disabled={!participant}
                loading={add.isPending}
                onClick={() =>
                  participant &&
                  add.mutate(
                    { appointmentId: a.Id, Type: 'Practitioner', ParticipantId: participant },
                    {
                      onSuccess: () => {
                        setParticipant(null);
                        toast.success(t('drawer.added'));
                      },
                      onError: showError,
                    },
                  )
                }
              >
                {t('drawer.add')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {a.Participants.filter((p) => p.Type !== 'Patient')
                .map((p) => providerName(p.ParticipantId) || t(`participant.${p.Type}`))
                .join(' · ')}
            </Text>
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}
