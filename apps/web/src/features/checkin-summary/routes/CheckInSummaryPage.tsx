import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { CHECK_IN_STAGES, checkInStage, type CheckInStage } from '@careslot/domain';
import { calendarAppointmentUrl, calendarPathFor } from '../../../shared/navigation/calendarLinks';
import { useHeaderState } from '../../../shared/navigation/headerState';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { usePractice } from '../../../shared/session/practice';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { DigitalCheckInCell } from '../components/DigitalCheckIn';
import { useDigitalStatuses } from '../api/digitalCheckIn';
import { useCheckInList, useCheckInLive } from '../api/checkInList';

const STAGE_COLOR: Record<CheckInStage, string> = {
  expected: 'gray',
  checkedIn: 'blue',
  waiting: 'yellow',
  inVisit: 'grape',
  done: 'teal',
};

function CheckInSummary({ timeZone, calendarPath }: { timeZone: string; calendarPath: string | null }) {
  const { t, i18n } = useTranslation('checkinSummary');
  const { t: td } = useTranslation('checkinDetails');
  const practice = usePractice();
  const live = useCheckInLive();
  const [date, setDate] = useState('');
  const [providerId, setProviderId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [stage, setStage] = useState<CheckInStage | null>(null);
  const list = useCheckInList({ date: date || null, providerId, locationId }, true);

  const providerName = (id: string | null) => {
    const p = practice.practitioners.find((x) => x.Id === id)?.Name[0];
    return p ? [...p.Prefix, ...p.Given, p.Family].filter(Boolean).join(' ') : '';
  };
  const locationName = (id: string | null) => practice.locations.find((l) => l.Id === id)?.Name ?? '';
  const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone });
  const rows = (list.data?.Data ?? [])
    .map((a) => ({ ...a, stage: checkInStage(a.Status) }))
    .filter((a) => a.stage && (!stage || a.stage === stage));
  const digital = useDigitalStatuses(rows.map((a) => a.Id));
  const counts = CHECK_IN_STAGES.map((s) => ({
    stage: s,
    count: (list.data?.Data ?? []).filter((a) => checkInStage(a.Status) === s).length,
  }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('heading')}
        </Title>
        <Badge
          variant="dot"
          color={live === 'connected' ? 'teal' : live === 'disconnected' ? 'red' : 'yellow'}
          role="status"
          aria-label={t(`live.${live}`)}
        >
          {t(`live.${live}`)}
        </Badge>
      </Group>
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('filters')}>
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={t('provider')}
            placeholder={t('all')}
            clearable
            data={practice.practitioners.map((p) => ({ value: p.Id, label: providerName(p.Id) }))}
            value={providerId}
            onChange={setProviderId}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('location')}
            placeholder={t('all')}
            clearable
            data={practice.locations.map((l) => ({ value: l.Id, label: l.Name }))}
            value={locationId}
            onChange={setLocationId}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('status')}
            placeholder={t('all')}
            clearable
            data={CHECK_IN_STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) }))}
            value={stage}
            onChange={(value) => setStage(value)}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
      </Paper>
      <Group gap="sm" wrap="wrap" aria-label={t('countsLabel')} role="group">
        {counts.map((c) => (
          <Badge key={c.stage} color={STAGE_COLOR[c.stage]} variant="light" c="dark.7" size="lg">
            {t(`stages.${c.stage}`)}: {c.count}
          </Badge>
        ))}
      </Group>
      {list.error ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <LoadingSpinner />
      ) : rows.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Paper withBorder radius="lg" p="xs">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('time')}</Table.Th>
                  <Table.Th scope="col">{t('patient')}</Table.Th>
                  <Table.Th scope="col">{t('provider')}</Table.Th>
                  <Table.Th scope="col">{t('location')}</Table.Th>
                  <Table.Th scope="col">{t('reason')}</Table.Th>
                  <Table.Th scope="col">{t('status')}</Table.Th>
                  <Table.Th scope="col">{td('column')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.Id}>
                    <Table.Td>{time.format(new Date(a.StartTime))}</Table.Td>
                    <Table.Th scope="row" fw={500}>
                      {/* The row opens the appointment's details on the practice calendar (its day, its provider's column). */}
                      {calendarPath ? (
                        <Anchor
                          component={Link}
                          to={calendarAppointmentUrl(calendarPath, {
                            id: a.Id,
                            day: dayKeyOf(a.StartTime, timeZone),
                            providerId: a.ProviderId,
                          })}
                          aria-label={t('openAppointment', {
                            patient: `${a.Patient.LastName}, ${a.Patient.FirstName}`,
                            time: time.format(new Date(a.StartTime)),
                          })}
                          fw={500}
                        >
                          {a.Patient.LastName}, {a.Patient.FirstName}
                        </Anchor>
                      ) : (
                        <>
                          {a.Patient.LastName}, {a.Patient.FirstName}
                        </>
                      )}
                    </Table.Th>
                    <Table.Td>{providerName(a.ProviderId)}</Table.Td>
                    <Table.Td>{locationName(a.LocationId)}</Table.Td>
                    <Table.Td>{a.ReasonsText}</Table.Td>
                    <Table.Td>
                      <Badge color={STAGE_COLOR[a.stage!]} variant="light" c="dark.7">
                        {t(`stages.${a.stage!}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <DigitalCheckInCell
                        appointmentId={a.Id}
                        patient={`${a.Patient.LastName}, ${a.Patient.FirstName}`}
                        status={digital.data?.find((d) => d.AppointmentId === a.Id)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The Check-In Summary (practice-portal.md §2.12, §6): the practice's visits of a day and where each stands
 * (expected, checked in, waiting, in visit, done), by provider and location, live through the appointments hub.
 * /practice-admin/, /providers/ and /staff-member/digital-checkin.
 */
export function CheckInSummaryPage() {
  const { t } = useTranslation('checkinSummary');
  const { user } = useSession();
  const practice = usePractice();
  const { features } = useHeaderState();
  const { pathname } = useLocation();
  if (!user) return <Navigate to="/login" replace />;
  const allowed =
    hasRole(user, 'practiceadmin', 'provider', 'staff') &&
    !!user.organizationId &&
    (!features || features.has('checkInSummary'));
  if (!allowed)
    return (
      <Container size="xl" py="xl">
        <Alert color="red" role="alert" title={t('forbiddenTitle')}>
          {t('forbidden')}
        </Alert>
      </Container>
    );
  return (
    <Container size="xl" py="lg" component="section">
      <CheckInSummary
        timeZone={practice.organization?.TimeZone ?? 'America/New_York'}
        calendarPath={calendarPathFor(pathname, user.userId)}
      />
    </Container>
  );
}
