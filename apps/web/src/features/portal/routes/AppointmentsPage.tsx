import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { portalDetailsPath } from '@careslot/domain';
import { useSession } from '../../../shared/session/session';
import { appointmentsQuery } from '../api';
import { AppointmentSummary } from '../components/AppointmentSummary';
import { StatusBadge } from '../components/StatusBadge';

/** /portal: the patient's upcoming visits (soonest first) and past ones (latest first). */
export function AppointmentsPage() {
  const { t } = useTranslation('portal');
  const { user } = useSession();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const patientId = user?.userId ?? '';
  const list = useQuery({ ...appointmentsQuery(patientId, when), enabled: !!patientId });

  return (
    <Stack gap="md">
      <SegmentedControl
        value={when}
        onChange={(value) => setWhen(value)}
        data={[
          { value: 'upcoming', label: t('list.upcoming') },
          { value: 'past', label: t('list.past') },
        ]}
        aria-label={t('list.which')}
        w={{ base: '100%', sm: 320 }}
      />
      {!patientId && (
        <Alert color="yellow" role="alert">
          {t('list.notPatient')}
        </Alert>
      )}
      {list.isPending && patientId && <Skeleton height={120} radius="md" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t('list.loadFailed')}
        </Alert>
      )}
      {list.isSuccess && list.data.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>{when === 'upcoming' ? t('list.noneUpcoming') : t('list.nonePast')}</Text>
            <Button component={Link} to="/">
              {t('list.findCare')}
            </Button>
          </Stack>
        </Paper>
      )}
      {list.data?.map((appointment) => (
        <Paper
          key={appointment.Id}
          withBorder
          radius="md"
          p="md"
          component="article"
          data-testid="portal-appointment"
        >
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <AppointmentSummary appointment={appointment} ownPatientId={patientId} />
              {appointment.DeclineReason && (
                <Text size="sm" data-testid="decline-reason">
                  {t('details.declineReason')}: {appointment.DeclineReason}
                </Text>
              )}
            </Stack>
            <Stack gap="xs" align="flex-end">
              <StatusBadge status={appointment.Status} />
              <Button
                component={Link}
                to={portalDetailsPath(appointment.Id, appointment.AppointmentType, false)}
                variant="light"
                size="sm"
              >
                {t('list.details')}
              </Button>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
