import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging, IconWalk } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { initials } from '@careslot/domain';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatSlotTime } from '../../../shared/slots/slotDates';
import { toast } from '../../../shared/ui/toast';
import { useCallNextWalkIn, useWalkInQueue } from '../api/practiceDay';
import { toneText } from '../calendarModel';

/** The provider's walk-in queue, live: who waits in arrival order, who is being seen, and 'Call next patient'. */
export function WalkInQueueCard({
  providerId,
  timeZone,
  canCall,
}: {
  providerId: string;
  timeZone: string;
  canCall: boolean;
}) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const queue = useWalkInQueue(providerId);
  const callNext = useCallNextWalkIn(providerId);
  const showError = useShowApiError();
  const data = queue.data;

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="walk-in-heading">
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconWalk size={20} aria-hidden />
          <Title order={2} fz="lg" id="walk-in-heading" style={{ whiteSpace: 'nowrap' }}>
            {t('queue.title')}
          </Title>
          <Badge
            color="orange"
            variant="light"
            styles={{
              root: { flexShrink: 0, overflow: 'visible' },
              label: { color: toneText('orange'), overflow: 'visible' },
            }}
            aria-live="polite"
            data-testid="queue-count"
          >
            {t('queue.waiting', { count: data?.Count ?? 0 })}
          </Badge>
        </Group>
        {canCall ? (
          <Button
            size="sm"
            leftSection={<IconBellRinging size={16} aria-hidden />}
            disabled={!data?.Count}
            loading={callNext.isPending}
            onClick={() =>
              callNext.mutate(undefined, {
                onSuccess: (next) => {
                  const p = next.InProgress?.Patient;
                  if (p) toast.success(t('queue.called', { name: `${p.FirstName} ${p.LastName}` }));
                },
                onError: showError,
              })
            }
          >
            {t('queue.callNext')}
          </Button>
        ) : null}
      </Group>
      {data?.InProgress ? (
        <Paper radius="md" p="sm" mb="sm" bg="violet.0" data-testid="queue-in-progress">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="xs" c="violet.8" fw={600} tt="uppercase">
                {t('queue.nowSeeing')}
              </Text>
              <Text
                fw={600}
              >{`${data.InProgress.Patient.FirstName} ${data.InProgress.Patient.LastName}`}</Text>
            </Stack>
            <Text size="sm" c="dimmed">
              {data.InProgress.ReasonsText}
            </Text>
          </Group>
        </Paper>
      ) : null}
      {!data || data.Data.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {t('queue.empty')}
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('queue.title')}
          data-testid="queue-list"
        >
          {data.Data.map((entry) => (
            <Group
              key={entry.AppointmentId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              p={8}
              style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
            >
              <Group gap="sm" wrap="nowrap">
                <Badge
                  circle
                  size="lg"
                  variant="filled"
                  styles={{ root: { background: toneText('orange') } }}
                  aria-label={t('queue.position', { position: entry.Position })}
                >
                  {entry.Position}
                </Badge>
                <Avatar size={32} radius="xl" color="brand" aria-hidden>
                  {initials({
                    firstName: entry.Patient.FirstName,
                    lastName: entry.Patient.LastName,
                    preferredName: null,
                  })}
                </Avatar>
                <Stack gap={0}>
                  <Text
                    fw={600}
                    size="sm"
                    data-testid="queue-name"
                  >{`${entry.Patient.FirstName} ${entry.Patient.LastName}`}</Text>
                  <Text size="xs" c="dimmed">
                    {entry.ReasonsText || t('queue.noReason')}
                  </Text>
                </Stack>
              </Group>
              <Text size="xs" c="dimmed">
                {t('queue.joined', { time: formatSlotTime(entry.JoinedAt, timeZone, locale) })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
