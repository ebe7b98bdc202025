import { useMemo, useState } from 'react';
import {
  Button,
  Container,
  Grid,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconCalendarWeek,
  IconCircleCheck,
  IconClockHour4,
  IconUserOff,
  IconWalk,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PracticeCalendarContext } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { useAppointments } from '../api/practiceDay';
import { usePracticeDayLive } from '../api/live';
import { rangeOf } from '../calendarModel';
import { dayStats, statsBy, type DayStats } from '../dayStats';
import { AgendaCard } from '../components/AgendaCard';
import { AppointmentDrawer } from '../components/AppointmentDrawer';
import { PageHeading } from '../components/PageHeading';
import { PracticeGate } from '../components/PracticeGate';
import { StatCard } from '../components/StatCard';

function Breakdown({
  title,
  rows,
  label,
}: {
  title: string;
  rows: { key: string; stats: DayStats }[];
  label: (key: string) => string;
}) {
  const { t } = useTranslation('practiceDay');
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('admin.noneToday')}
        </Text>
      ) : (
        // On a phone the table scrolls sideways inside its card rather than widening the page.
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.name')}</Table.Th>
                <Table.Th ta="right">{t('kpi.visits')}</Table.Th>
                <Table.Th ta="right">{t('kpi.checkedIn')}</Table.Th>
                <Table.Th ta="right">{t('kpi.done')}</Table.Th>
                <Table.Th ta="right">{t('kpi.noShows')}</Table.Th>
                <Table.Th w="28%">{t('admin.progress')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ key, stats }) => {
                const done = stats.checkedOut + stats.noShows;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {label(key)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{stats.total}</Table.Td>
                    <Table.Td ta="right">{stats.checkedIn + stats.inVisit}</Table.Td>
                    <Table.Td ta="right">{stats.checkedOut}</Table.Td>
                    <Table.Td ta="right">{stats.noShows}</Table.Td>
                    <Table.Td>
                      <Progress
                        value={stats.total ? (done / stats.total) * 100 : 0}
                        size="md"
                        radius="xl"
                        aria-label={t('admin.progressOf', { name: label(key), done, total: stats.total })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function AdminDashboard({ context }: { context: PracticeCalendarContext }) {
  const { t, i18n } = useTranslation('practiceDay');
  const config = useAppConfig();
  const live = usePracticeDayLive();
  const today = dayKeyOf(new Date(), context.TimeZone);
  const range = useMemo(() => rangeOf([today], context.TimeZone), [today, context.TimeZone]);
  const appointments = useAppointments(range);
  const list = appointments.data?.Data ?? [];
  const stats = dayStats(list);
  const [openId, setOpenId] = useState<string | null>(null);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <Container size="xl" py="xl">
      <title>{t('admin.pageTitle')}</title>
      <Stack gap="lg">
        <PageHeading
          title={t('admin.title', { practice: context.OrganizationName })}
          lead={t('admin.lead', { providers: context.Providers.length, locations: context.Locations.length })}
          timeZone={context.TimeZone}
          live={live}
          actions={
            config.data?.calendarDisabled ? null : (
              <Button
                component={Link}
                to="/practice-admin/calendar"
                variant="default"
                leftSection={<IconCalendarWeek size={16} aria-hidden />}
              >
                {t('openCalendar')}
              </Button>
            )
          }
        />
        <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="md">
          <StatCard
            label={t('kpi.visits')}
            value={stats.total}
            icon={<IconCalendarTime size={22} />}
            color="blue"
            testId="kpi-visits"
          />
          <StatCard
            label={t('kpi.checkedIn')}
            value={stats.checkedIn + stats.inVisit}
            icon={<IconCircleCheck size={22} />}
            color="teal"
          />
          <StatCard
            label={t('kpi.done')}
            value={stats.checkedOut}
            icon={<IconCircleCheck size={22} />}
            color="gray"
          />
          <StatCard
            label={t('kpi.walkIns')}
            value={stats.walkIns}
            icon={<IconWalk size={22} />}
            color="grape"
          />
          <StatCard
            label={t('kpi.pending')}
            value={stats.pending}
            icon={<IconClockHour4 size={22} />}
            color="yellow"
          />
          <StatCard
            label={t('kpi.noShowRate')}
            value={percent.format(stats.noShowRate)}
            icon={<IconUserOff size={22} />}
            color="red"
            hint={t('kpi.canceled', { count: stats.canceled })}
          />
        </SimpleGrid>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Breakdown
              title={t('admin.byProvider')}
              rows={statsBy(list, (a) => a.ProviderId)}
              label={(id) => context.Providers.find((p) => p.Id === id)?.Name ?? t('admin.unknown')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Breakdown
              title={t('admin.byLocation')}
              rows={statsBy(list, (a) => a.LocationId)}
              label={(id) => context.Locations.find((l) => l.Id === id)?.Name ?? t('admin.unknown')}
            />
          </Grid.Col>
        </Grid>
        <AgendaCard
          title={t('admin.today')}
          appointments={list}
          context={context}
          onOpen={setOpenId}
          showProvider
          quickCheckIn
          empty={t('admin.noneToday')}
        />
      </Stack>
      <AppointmentDrawer
        appointment={list.find((a) => a.Id === openId) ?? null}
        context={context}
        onClose={() => setOpenId(null)}
      />
    </Container>
  );
}

/** The practice-admin dashboard (/practice-admin/dashboard): the day across providers and locations, with KPIs. */
export function PracticeAdminDashboardPage() {
  return (
    <PracticeGate roles={['practiceadmin']}>
      {({ context }) => <AdminDashboard context={context} />}
    </PracticeGate>
  );
}
