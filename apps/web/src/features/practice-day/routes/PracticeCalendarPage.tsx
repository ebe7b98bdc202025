import { Alert, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Role } from '@careslot/contracts';
import { useAppConfig } from '../../../shared/config/appConfig';
import { hasRole } from '../../../shared/session/session';
import { dayKeyOf } from '../../../shared/slots/slotDates';
import { usePracticeDayLive } from '../api/live';
import { PageHeading } from '../components/PageHeading';
import { PracticeCalendar } from '../components/PracticeCalendar';
import { PracticeGate } from '../components/PracticeGate';

const ROLE_OF = { provider: ['provider'], staff: ['staff'], admin: ['practiceadmin'] } as const satisfies Record<string, readonly Role[]>;

function CalendarScreen({ context, initialProviderIds, canBlock }: { context: Parameters<typeof PracticeCalendar>[0]['context']; initialProviderIds: string[]; canBlock: boolean }) {
  const { t } = useTranslation('practiceDay');
  const live = usePracticeDayLive(context.Schedules.map((s) => s.Id));
  return (
    <Stack gap="lg">
      <PageHeading title={t('calendar.title')} lead={t('calendar.lead', { practice: context.OrganizationName })} timeZone={context.TimeZone} live={live} />
      <PracticeCalendar context={context} today={dayKeyOf(new Date(), context.TimeZone)} initialProviderIds={initialProviderIds} canBlock={canBlock} />
    </Stack>
  );
}

/**
 * The practice calendar at /providers/{userId}/calendar, /staff-member/calendar and /practice-admin/calendar.
 * The global disable_calendar flag (DISABLE_CALENDAR) turns it off for everyone.
 */
export function PracticeCalendarPage({ variant }: { variant: keyof typeof ROLE_OF }) {
  const { t } = useTranslation('practiceDay');
  const { userId } = useParams();
  const config = useAppConfig();
  return (
    <Container size={1600} py="xl">
      <title>{t('calendar.pageTitle')}</title>
      {config.data?.calendarDisabled ? (
        <Alert color="gray" role="status" title={t('calendar.disabledTitle')}>
          {t('calendar.disabled')}
        </Alert>
      ) : (
        <PracticeGate roles={[...ROLE_OF[variant]]}>
          {({ context, user }) => <CalendarScreen context={context} canBlock={hasRole(user, 'staff', 'practiceadmin')} initialProviderIds={variant === 'provider' && userId && context.Providers.some((p) => p.Id === userId) ? [userId] : []} />}
        </PracticeGate>
      )}
    </Container>
  );
}
