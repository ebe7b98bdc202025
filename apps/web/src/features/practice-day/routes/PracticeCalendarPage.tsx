import { Alert, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { Role } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import { readCalendarAppointment, type CalendarAppointment } from '../../../shared/navigation/calendarLinks';
import { hasRole } from '../../../shared/session/session';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { usePracticeDayLive } from '../api/live';
import { PageHeading } from '../components/PageHeading';
import { PracticeCalendar } from '../components/PracticeCalendar';
import { PracticeGate } from '../components/PracticeGate';

const ROLE_OF = {
  provider: ['provider'],
  staff: ['staff'],
  admin: ['practiceadmin'],
} as const satisfies Record<string, readonly Role[]>;

function CalendarScreen({
  context,
  initialProviderIds,
  initialAppointment,
  onAppointmentClosed,
  canBlock,
}: {
  context: Parameters<typeof PracticeCalendar>[0]['context'];
  initialProviderIds: string[];
  initialAppointment: CalendarAppointment | null;
  onAppointmentClosed: () => void;
  canBlock: boolean;
}) {
  const { t } = useTranslation('practiceDay');
  const live = usePracticeDayLive(context.Schedules.map((s) => s.Id));
  return (
    <Stack gap="lg">
      <PageHeading
        title={t('calendar.title')}
        lead={t('calendar.lead', { practice: context.OrganizationName })}
        timeZone={context.TimeZone}
        live={live}
      />
      <PracticeCalendar
        context={context}
        today={dayKeyOf(new Date(), context.TimeZone)}
        initialProviderIds={initialProviderIds}
        initialAppointment={initialAppointment}
        onAppointmentClosed={onAppointmentClosed}
        canBlock={canBlock}
      />
    </Stack>
  );
}

/**
 * The practice calendar at /providers/{userId}/calendar, /staff-member/calendar and /practice-admin/calendar.
 * The global disable_calendar flag (DISABLE_CALENDAR) turns it off for everyone. `?date=&appointment=&provider=`
 * (shared/navigation/calendarLinks) opens one appointment's details on its day.
 */
export function PracticeCalendarPage({ variant }: { variant: keyof typeof ROLE_OF }) {
  const { t } = useTranslation('practiceDay');
  const { userId } = useParams();
  const [search, setSearch] = useSearchParams();
  const linked = readCalendarAppointment(search);
  const config = useAppConfig();
  // Closing the linked appointment's details drops it from the address, so a reload does not open it again.
  const closeLinked = () => setSearch({}, { replace: true });
  const providersOf = (context: Parameters<typeof PracticeCalendar>[0]['context']): string[] => {
    if (variant !== 'provider') return [];
    // A provider's calendar shows their own column, or the linked visit's provider's when a link names one.
    const own = [linked?.providerId, userId].find((id) => !!id && context.Providers.some((p) => p.Id === id));
    return own ? [own] : [];
  };
  return (
    <Container size={1600} py="xl">
      <title>{t('calendar.pageTitle')}</title>
      {config.data?.calendarDisabled ? (
        <Alert color="gray" role="status" title={t('calendar.disabledTitle')}>
          {t('calendar.disabled')}
        </Alert>
      ) : (
        <PracticeGate roles={[...ROLE_OF[variant]]}>
          {({ context, user }) => (
            <CalendarScreen
              context={context}
              canBlock={hasRole(user, 'staff', 'practiceadmin')}
              initialProviderIds={providersOf(context)}
              initialAppointment={linked}
              onAppointmentClosed={closeLinked}
            />
          )}
        </PracticeGate>
      )}
    </Container>
  );
}
