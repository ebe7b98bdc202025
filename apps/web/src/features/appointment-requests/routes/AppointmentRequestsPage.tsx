import { useEffect, useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarCheck,
  IconCheck,
  IconClipboardList,
  IconForms,
  IconMapPin,
  IconVideo,
  IconX,
  IconBuildingHospital,
  IconStethoscope,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppointmentRequest, RequestActivity } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { useHeaderState } from '../../../shared/navigation/headerState';
import { hasRole, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import {
  ACTIVITY_PAGE_SIZE,
  REQUESTS_PAGE_SIZE,
  useAppointmentRequests,
  useDecision,
  useRequestActivity,
} from '../api/appointmentRequests';
import { DeclineDialog } from '../components/DeclineDialog';
import classes from './AppointmentRequestsPage.module.css';

const fullName = (name: { first_name: string; last_name: string } | null) =>
  name ? `${name.first_name} ${name.last_name}`.trim() : '';

function useFormats() {
  const { i18n } = useTranslation();
  return {
    /** The visit's time where it happens (the facility's zone), with the zone's short name. */
    visit: (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat(i18n.language, {
        weekday: 'short',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(new Date(iso)),
    moment: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    birthDate: (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)),
  };
}

const VISIT_ICON = {
  Office: IconBuildingHospital,
  TeleHealth: IconVideo,
  Resource: IconStethoscope,
} as const;

function RequestCard({
  request,
  busy,
  onAccept,
  onDecline,
}: {
  request: AppointmentRequest;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation('appointmentRequests');
  const formats = useFormats();
  const patient = fullName(request.Patient.name);
  const provider = request.Provider.name
    ? t('doctor', { first: request.Provider.name.first_name, last: request.Provider.name.last_name })
    : null;
  const VisitIcon = VISIT_ICON[request.AppointmentType];
  const headingId = `request-${request.Id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar radius="xl" color="brand" aria-hidden>
              {`${request.Patient.name.first_name.charAt(0)}${request.Patient.name.last_name.charAt(0)}`.toUpperCase()}
            </Avatar>
            <div>
              <Title order={2} size="h5" id={headingId}>
                {patient}
              </Title>
              <Text size="xs" c="dimmed">
                {[
                  request.Patient.BirthDate
                    ? t('born', { date: formats.birthDate(request.Patient.BirthDate) })
                    : null,
                  request.Patient.Gender ? t(`gender.${request.Patient.Gender}`) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
          </Group>
          <Badge variant="filled" color="yellow.4" autoContrast size="lg">
            {t('pending')}
          </Badge>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          <Field icon={<IconCalendarCheck size={16} aria-hidden />} label={t('fields.time')}>
            {formats.visit(request.StartTime, request.TimeZone)}
          </Field>
          <Field icon={<IconClipboardList size={16} aria-hidden />} label={t('fields.reason')}>
            {request.ReasonsText === 'N/A' ? t('noReason') : request.ReasonsText}
          </Field>
          <Field icon={<VisitIcon size={16} aria-hidden />} label={t('fields.visitType')}>
            {t(`visitType.${request.AppointmentType}`)}
          </Field>
          <Field icon={<IconForms size={16} aria-hidden />} label={t('fields.forms')}>
            {request.FormsAnswered.length ? request.FormsAnswered.join(', ') : t('noForms')}
          </Field>
        </SimpleGrid>

        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconMapPin size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {[provider, request.LocationName].filter(Boolean).join(' · ')}
              {' · '}
              {t('requestedOn', { date: formats.moment(request.RequestedOn) })}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={onDecline}
              disabled={busy}
              aria-label={t('declineFor', { name: patient })}
            >
              {t('decline.action')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={onAccept}
              loading={busy}
              aria-label={t('acceptFor', { name: patient })}
            >
              {t('accept')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function Field({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <ThemeIcon size={22} variant="light" radius="sm" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {label}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {children}
      </Text>
    </div>
  );
}

function ActivityLog() {
  const { t } = useTranslation('appointmentRequests');
  const formats = useFormats();
  const [page, setPage] = useState(1);
  const activity = useRequestActivity(page);
  const rows: RequestActivity[] = activity.data?.Data ?? [];
  const pages = Math.max(1, Math.ceil((activity.data?.Total ?? 0) / ACTIVITY_PAGE_SIZE));
  return (
    // Not a named landmark itself: the scrolling table below is the region of that name (two would repeat it).
    <Paper component="section" withBorder radius="md" p="md">
      <Title order={2} size="h4" id="request-activity" mb="sm">
        {t('activity.title')}
      </Title>
      {activity.isPending ? (
        <Skeleton height={120} />
      ) : activity.isError ? (
        <Alert color="red" role="alert">
          {t('activity.failed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('activity.empty')}
        </Text>
      ) : (
        <Box className={classes.scroll} tabIndex={0} role="region" aria-label={t('activity.title')}>
          <Table striped highlightOnHover verticalSpacing="xs" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('activity.when')}</Table.Th>
                <Table.Th scope="col">{t('activity.patient')}</Table.Th>
                <Table.Th scope="col">{t('activity.appointment')}</Table.Th>
                <Table.Th scope="col">{t('activity.decision')}</Table.Th>
                <Table.Th scope="col">{t('activity.by')}</Table.Th>
                <Table.Th scope="col">{t('activity.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.Id}>
                  <Table.Td>{formats.moment(row.ChangedOn)}</Table.Td>
                  <Table.Td>{fullName(row.PatientName)}</Table.Td>
                  <Table.Td>{formats.moment(row.AppointmentTime)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="filled"
                      color={row.ToStatus === 'Rejected' || row.ToStatus === 'Canceled' ? 'red.9' : 'teal.9'}
                    >
                      {t(
                        `activity.outcome.${row.ToStatus === 'Rejected' ? 'declined' : row.ToStatus === 'Canceled' ? 'withdrawn' : 'accepted'}`,
                      )}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.ChangedBy.name ? fullName(row.ChangedBy.name) : t('activity.patientSelf')}
                  </Table.Td>
                  <Table.Td>{row.Reason ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {pages > 1 ? (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
        />
      ) : null}
    </Paper>
  );
}

/**
 * The appointment requests screen (practice-portal.md §2.5): the practice's pending appointments with
 * patient, time, reason, visit type and forms answered; accept (→ Scheduled) or decline with a reason; the
 * Requests badge follows the list; the decisions taken so far below.
 */
export function AppointmentRequestsPage() {
  const { t } = useTranslation('appointmentRequests');
  const { user } = useSession();
  const allowed = hasRole(user, 'provider', 'staff', 'practiceadmin');
  const [page, setPage] = useState(1);
  const requests = useAppointmentRequests(page);
  const decision = useDecision();
  const showError = useShowApiError();
  const client = useQueryClient();
  const [declining, setDeclining] = useState<AppointmentRequest | null>(null);
  const { requestCount } = useHeaderState();
  const total = requests.data?.Total;

  // A request arrived or was decided elsewhere (the header's live count moved): read the list again.
  useEffect(() => {
    if (total !== undefined && requestCount !== total)
      void client.invalidateQueries({ queryKey: ['appointment-requests'] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestCount]);

  if (!allowed) {
    return (
      <Container size="lg" py="xl">
        <title>{t('title')}</title>
        <Title order={1}>{t('heading')}</Title>
        <Alert color="red" role="alert" mt="md">
          {t('forbidden')}
        </Alert>
      </Container>
    );
  }

  const list = requests.data?.Data ?? [];
  const pages = Math.max(1, Math.ceil((total ?? 0) / REQUESTS_PAGE_SIZE));
  const busyId = decision.isPending ? decision.variables.request.Id : null;

  const accept = (request: AppointmentRequest) =>
    decision.mutate(
      { request, decision: { kind: 'accept' } },
      {
        onSuccess: () => void toast.success(t('accepted', { name: fullName(request.Patient.name) })),
        onError: showError,
      },
    );
  const decline = (request: AppointmentRequest, reason: string) =>
    decision.mutate(
      { request, decision: { kind: 'decline', reason } },
      {
        onSuccess: () => {
          setDeclining(null);
          void toast.success(t('declined', { name: fullName(request.Patient.name) }));
        },
        onError: showError,
      },
    );

  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t('heading')}</Title>
            <Text c="dimmed">{t('lead')}</Text>
          </div>
          {total !== undefined ? (
            <Badge
              size="xl"
              variant="filled"
              color={total > 0 ? 'yellow.4' : 'gray.2'}
              autoContrast
              aria-live="polite"
            >
              {t('waiting', { count: total })}
            </Badge>
          ) : null}
        </Group>

        <section aria-label={t('listLabel')}>
          {requests.isPending ? (
            <Stack>
              <Skeleton height={150} radius="md" />
              <Skeleton height={150} radius="md" />
            </Stack>
          ) : requests.isError ? (
            <Alert color="red" role="alert">
              {t('failed')}
            </Alert>
          ) : list.length === 0 ? (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Stack align="center" gap="xs">
                <ThemeIcon size={56} radius="xl" variant="light" color="teal">
                  <IconCalendarCheck size={30} aria-hidden />
                </ThemeIcon>
                <Text fw={600}>{t('empty')}</Text>
                <Text size="sm" c="dimmed" maw={420}>
                  {t('emptyHint')}
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm">
              {list.map((request) => (
                <RequestCard
                  key={request.Id}
                  request={request}
                  busy={busyId === request.Id}
                  onAccept={() => accept(request)}
                  onDecline={() => setDeclining(request)}
                />
              ))}
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
                />
              ) : null}
            </Stack>
          )}
        </section>

        <ActivityLog />
      </Stack>
      {declining ? (
        <DeclineDialog
          opened
          patientName={fullName(declining.Patient.name)}
          busy={decision.isPending}
          onCancel={() => setDeclining(null)}
          onDecline={(reason) => decline(declining, reason)}
        />
      ) : null}
    </Container>
  );
}
