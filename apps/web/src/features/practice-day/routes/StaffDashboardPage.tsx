import { useMemo, useState } from 'react';
import { Button, Container, Grid, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCalendarTime,
  IconCalendarWeek,
  IconCircleCheck,
  IconDoorEnter,
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
import { dayStats } from '../dayStats';
import { AgendaCard } from '../components/AgendaCard';
import { AppointmentDrawer } from '../components/AppointmentDrawer';
import { BookOnBehalfModal } from '../components/BookOnBehalfModal';
import { PageHeading } from '../components/PageHeading';
import { PracticeGate } from '../components/PracticeGate';
import { StatCard } from '../components/StatCard';
import { WalkInQueueCard } from '../components/WalkInQueueCard';

function StaffDashboard({ context }: { context: PracticeCalendarContext }) {
  const { t } = useTranslation('practiceDay');
  const config = useAppConfig();
  const live = usePracticeDayLive();
  const today = dayKeyOf(new Date(), context.TimeZone);
  const range = useMemo(() => rangeOf([today], context.TimeZone), [today, context.TimeZone]);
  const appointments = useAppointments(range);
  const list = appointments.data?.Data ?? [];
  const stats = dayStats(list);
  const [openId, setOpenId] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const [chosenQueue, setQueueOf] = useState<string | null>(null);
  // Until the desk picks one, the queue shown is that of a provider with walk-ins today.
  const queueOf =
    chosenQueue ??
    list.find((a) => a.ScheduleType === 'Walk-In' && a.ProviderId)?.ProviderId ??
    context.Providers[0]?.Id ??
    null;

  return (
    <Container size="xl" py="xl">
      <title>{t('staff.pageTitle')}</title>
      <Stack gap="lg">
        <PageHeading
          title={t('staff.title')}
          lead={t('staff.lead', { practice: context.OrganizationName })}
          timeZone={context.TimeZone}
          live={live}
          actions={
            <>
              <Button
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={() => setBooking(true)}
              >
                {t('calendar.book')}
              </Button>
              {config.data?.calendarDisabled ? null : (
                <Button
                  component={Link}
                  to="/staff-member/calendar"
                  variant="default"
                  leftSection={<IconCalendarWeek size={16} aria-hidden />}
                >
                  {t('openCalendar')}
                </Button>
              )}
            </>
          }
        />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <StatCard
            label={t('kpi.visits')}
            value={stats.total}
            icon={<IconCalendarTime size={22} />}
            color="blue"
            testId="kpi-visits"
          />
          <StatCard
            label={t('kpi.arrived')}
            value={stats.arrived}
            icon={<IconDoorEnter size={22} />}
            color="orange"
            testId="kpi-arrived"
          />
          <StatCard
            label={t('kpi.checkedIn')}
            value={stats.checkedIn + stats.inVisit}
            icon={<IconCircleCheck size={22} />}
            color="teal"
            testId="kpi-checked-in"
          />
          <StatCard
            label={t('kpi.walkIns')}
            value={stats.walkIns}
            icon={<IconWalk size={22} />}
            color="grape"
            testId="kpi-walk-ins"
          />
        </SimpleGrid>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <AgendaCard
              title={t('staff.today')}
              appointments={list}
              context={context}
              onOpen={setOpenId}
              showProvider
              quickCheckIn
              empty={t('staff.noneToday')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="sm">
              <Select
                label={t('staff.queueOf')}
                data={context.Providers.map((p) => ({ value: p.Id, label: p.Name }))}
                value={queueOf}
                onChange={setQueueOf}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {queueOf ? (
                <WalkInQueueCard providerId={queueOf} timeZone={context.TimeZone} canCall={false} />
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <AppointmentDrawer
        appointment={list.find((a) => a.Id === openId) ?? null}
        context={context}
        onClose={() => setOpenId(null)}
      />
      {booking ? (
        <BookOnBehalfModal opened onClose={() => setBooking(false)} context={context} day={today} />
      ) : null}
    </Container>
  );
}

/** The practice-staff dashboard (/dashboard/practice-staff): the front desk's day at the practice. */
export function StaffDashboardPage() {
  return (
    <PracticeGate roles={['staff']}>{({ context }) => <StaffDashboard context={context} />}</PracticeGate>
  );
}
