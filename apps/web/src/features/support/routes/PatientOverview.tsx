import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortalAppointment } from '@careslot/contracts';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { usePatientOverview } from '../api/patientSearch';

function AppointmentTable({ caption, rows }: { caption: string; rows: PortalAppointment[] }) {
  const { t, i18n } = useTranslation('support');
  if (rows.length === 0) return <Text size="sm">{t('overview.none', { what: caption })}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('overview.when')}</Table.Th>
            <Table.Th>{t('overview.provider')}</Table.Th>
            <Table.Th>{t('overview.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.Id}>
              <Table.Td>
                {new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: row.TimeZone,
                }).format(new Date(row.StartTime))}
              </Table.Td>
              <Table.Td>{row.Provider?.DisplayName ?? '—'}</Table.Td>
              <Table.Td>{row.Status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A found patient's appointments and account state, read with the agent's stated purpose (audited each time). */
export function PatientOverview({
  patientId,
  name,
  purpose,
}: {
  patientId: string;
  name: string;
  purpose: string;
}) {
  const { t, i18n } = useTranslation('support');
  const overview = usePatientOverview(patientId, purpose);
  const flag = (on: boolean, yes: string, no: string, color: string) => (
    // Filled in the darkest shade when on: the light variant's teal text misses the 4.5:1 contrast.
    <Badge color={on ? `${color}.9` : 'gray'} variant={on ? 'filled' : 'light'} tt="none">
      {on ? yes : no}
    </Badge>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="patient-overview-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="patient-overview-heading">
          {t('overview.heading', { name })}
        </Title>
        {overview.isPending ? (
          <LoadingSpinner />
        ) : overview.error ? (
          <Alert color="red" role="alert">
            {overview.error.message}
          </Alert>
        ) : (
          <>
            <Title order={3} size="h5">
              {t('overview.account')}
            </Title>
            {overview.data.Account.Exists ? (
              <Group gap="xs">
                {flag(overview.data.Account.Locked, t('overview.locked'), t('overview.notLocked'), 'red')}
                {flag(
                  overview.data.Account.EmailVerified,
                  t('overview.emailVerified'),
                  t('overview.emailNotVerified'),
                  'teal',
                )}
                {flag(
                  overview.data.Account.MobileVerified,
                  t('overview.mobileVerified'),
                  t('overview.mobileNotVerified'),
                  'teal',
                )}
                <Text size="sm">
                  {overview.data.Account.LastSignInAt
                    ? t('overview.lastSignIn', {
                        when: new Intl.DateTimeFormat(i18n.language, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        }).format(new Date(overview.data.Account.LastSignInAt)),
                      })
                    : t('overview.neverSignedIn')}
                </Text>
              </Group>
            ) : (
              <Text size="sm">{t('overview.noAccount')}</Text>
            )}
            <Title order={3} size="h5">
              {t('overview.upcoming')}
            </Title>
            <AppointmentTable caption={t('overview.upcoming')} rows={overview.data.Upcoming} />
            <Title order={3} size="h5">
              {t('overview.past')}
            </Title>
            <AppointmentTable caption={t('overview.past')} rows={overview.data.Past} />
            <Text size="xs" c="dimmed">
              {t('overview.audited', { purpose })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
