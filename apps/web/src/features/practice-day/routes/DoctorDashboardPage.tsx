import { useEffect, useMemo, useState } from 'react';
import { Button, Container, Grid, SimpleGrid, Stack } from '@mantine/core';
import {
  IconCalendarTime,
  IconCalendarWeek,
  IconCircleCheck,
  IconClockHour4,
  IconWalk,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PracticeCalendarContext } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import { setHeaderState } from '../../../shared/navigation/headerState';
import type { SessionUser } from '../../../shared/session/session';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { useAppointments, useProviderCounts, useWalkInQueue } from '../api/practiceDay';
import { usePracticeDayLive } from '../api/live';
import { rangeOf } from '../calendarModel';
import { dayStats } from '../dayStats';
import { AgendaCard } from '../components/AgendaCard';
import { AppointmentDrawer } from '../components/AppointmentDrawer';
import { HotlistCard } from '../components/HotlistCard';
import { PageHeading } from '../components/PageHeading';
import { PracticeGate } from '../components/PracticeGate';
import { StatCard } from '../components/StatCard';
import { WalkInQueueCard } from '../components/WalkInQueueCard';

function DoctorDashboard({ context, user }: { context: PracticeCalendarContext; user: SessionUser }) {
  const { t } = useTranslation('practiceDay');
  const config = useAppConfig();
  const providerId = user.userId!;
  const live = usePracticeDayLive();
  const today = dayKeyOf(new Date(), context.TimeZone);
  const range = useMemo(() => rangeOf([today], context.TimeZone), [today, context.TimeZone]);
  const appointments = useAppointments({ ...range, providerIds: [providerId] });
  const counts = useProviderCounts(providerId);
  const queue = useWalkInQueue(providerId);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = appointments.data?.Data ?? [];
  const stats = dayStats(list);

  // Walk-in queue tracking is for providers only (§6): the logout dialog of §2.7 reads this count.
  const waiting = queue.data?.Count;
  useEffect(() => {
    if (waiting !== undefined) setHeaderState({ patientsInProviderQueue: waiting });
  }, [waiting]);

  return (
    <Container size="xl" py="xl">
      <title>{t('doctor.pageTitle')}</title>
      <Stack gap="lg">
        <PageHeading
          title={t('doctor.title', { name: user.lastName || user.name })}
          lead={t('doctor.lead', { practice: context.OrganizationName })}
          timeZone={context.TimeZone}
          live={live}
          actions={
            config.data?.calendarDisabled ? null : (
              <Button
                component={Link}
                to={`/providers/${providerId}/calendar`}
                variant="default"
                leftSection={<IconCalendarWeek size={16} aria-hidden />}
              >
                {t('openCalendar')}
              </Button>
            )
          }
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <StatCard
            label={t('counts.scheduled')}
            value={counts.data?.ScheduledCount ?? '–'}
            icon={<IconCalendarTime size={22} />}
            color="blue"
            hint={t('counts.scheduledHint')}
            testId="count-scheduled"
          />
          <StatCard
            label={t('counts.walkin')}
            value={counts.data?.WalkinCount ?? '–'}
            icon={<IconWalk size={22} />}
            color="orange"
            hint={t('counts.walkinHint')}
            testId="count-walkin"
          />
          <StatCard
            label={t('kpi.checkedIn')}
            value={appointments.data ? stats.checkedIn + stats.inVisit : '–'}
            icon={<IconCircleCheck size={22} />}
            color="teal"
            hint={t('counts.checkedInHint')}
            testId="count-checked-in"
          />
          <StatCard
            label={t('counts.pending')}
            value={counts.data?.PendingCount ?? '–'}
            icon={<IconClockHour4 size={22} />}
            color="yellow"
            hint={t('counts.pendingHint')}
            testId="count-pending"
          />
        </SimpleGrid>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <AgendaCard
              title={t('doctor.today')}
              appointments={list}
              context={context}
              onOpen={setOpenId}
              showProvider={false}
              quickCheckIn={false}
              empty={t('doctor.noneToday')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <WalkInQueueCard providerId={providerId} timeZone={context.TimeZone} canCall />
              <HotlistCard providerId={providerId} timeZone={context.TimeZone} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AppointmentDrawer
        appointment={list.find((a) => a.Id === openId) ?? null}
        context={context}
        onClose={() => setOpenId(null)}
      />
    </Container>
  );
}

/** The provider dashboard (/dashboard/doctor, practice-portal.md §2.6). */
export function DoctorDashboardPage() {
  return <PracticeGate roles={['provider']}>{(input) => <DoctorDashboard {...input} />}</PracticeGate>;
}
