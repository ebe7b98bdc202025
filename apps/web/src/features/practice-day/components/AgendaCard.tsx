import type { ReactNode } from 'react';
import { Button, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PracticeAppointment, PracticeCalendarContext } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatSlotTime } from '../../../shared/slots/slotDates';
import { useChangeStatus } from '../api/practiceDay';
import { useTeleVisitStatuses } from '../api/teleVisits';
import { canMoveTo, patientName } from '../calendarModel';
import { StatusBadge } from './StatusBadge';
import { VideoVisitBadge } from './VideoVisitBadge';

/**
 * A day's appointments as a table: time, patient, provider, visit type, reason, status, and a one-click
 * check-in for the front desk. A row opens the appointment's details.
 */
export function AgendaCard({
  title,
  appointments,
  context,
  onOpen,
  showProvider,
  quickCheckIn,
  empty,
  actions,
}: {
  title: string;
  appointments: PracticeAppointment[];
  context: PracticeCalendarContext;
  onOpen: (id: string) => void;
  showProvider: boolean;
  quickCheckIn: boolean;
  empty: string;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const change = useChangeStatus();
  const video = useTeleVisitStatuses(appointments);
  const showError = useShowApiError();
  const zone = context.TimeZone;
  const providerName = (id: string | null) => context.Providers.find((p) => p.Id === id)?.Name ?? '';

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {actions}
      </Group>
      {appointments.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={520} type="auto">
          <Table highlightOnHover verticalSpacing="xs" aria-label={title} data-testid="agenda">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('agenda.time')}</Table.Th>
                <Table.Th>{t('agenda.patient')}</Table.Th>
                {showProvider ? <Table.Th>{t('agenda.provider')}</Table.Th> : null}
                <Table.Th>{t('agenda.type')}</Table.Th>
                <Table.Th>{t('agenda.status')}</Table.Th>
                {quickCheckIn ? <Table.Th>{t('agenda.action')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((a) => (
                <Table.Tr key={a.Id} data-appointment={a.Id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>
                      {formatSlotTime(a.StartTime, zone, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={4}
                      onClick={() => onOpen(a.Id)}
                      aria-label={t('agenda.open', { name: patientName(a) })}
                    >
                      {patientName(a)}
                    </Button>
                    {a.ReasonsText ? (
                      <Text size="xs" c="dimmed" px={4} lineClamp={1}>
                        {a.ReasonsText}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {showProvider ? (
                    <Table.Td>
                      <Text size="sm">{providerName(a.ProviderId)}</Text>
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Text size="sm">
                      {a.ScheduleType === 'Walk-In' ? t('type.walkIn') : t(`type.${a.AppointmentType}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <StatusBadge status={a.Status} />
                      <VideoVisitBadge state={video.get(a.Id)} />
                    </Group>
                  </Table.Td>
                  {quickCheckIn ? (
                    <Table.Td>
                      {canMoveTo(a.Status, 'Checked-In') ? (
                        <Button
                          size="compact-sm"
                          variant="filled"
                          leftSection={<IconCheck size={14} aria-hidden />}
                          loading={change.isPending && change.variables?.id === a.Id}
                          onClick={() =>
                            change.mutate(
                              {
                                id: a.Id,
                                status: 'Checked-In',
                                telehealth: a.AppointmentType === 'TeleHealth',
                              },
                              { onError: showError },
                            )
                          }
                          aria-label={t('agenda.checkIn', { name: patientName(a) })}
                        >
                          {t('actions.CheckedIn')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
