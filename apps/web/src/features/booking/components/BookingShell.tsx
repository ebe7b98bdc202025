import { useEffect, type ReactNode } from 'react';
import { Container, Stack, Title, Text, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { STORAGE_KEYS, type CalendarSlotData } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { BookingHeader } from './BookingHeader';
import { NoHeldSlot } from './NoHeldSlot';

interface BookingShellProps {
  held: CalendarSlotData | null;
  timeZone: string | null;
  /** The screen's own heading (h2 under the booking header). */
  title: string;
  intro?: ReactNode;
  /** The booking call's dialogs (reschedule, 4.7), from the submission hook. */
  dialogs?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every booking screen: the booking-flow guard of 2.2 (a signed-in user, else /login and back
 * here afterwards; a held slot, else a way back to find care), the book-appointment header and the screen.
 */
export function BookingShell({ held, timeZone, title, intro, dialogs, children }: BookingShellProps) {
  const { t } = useTranslation('booking');
  const { user } = useSession();
  const location = useLocation();

  useEffect(() => {
    document.title = `${title} | ${t('header.title')} | CareSlot`;
  }, [t, title]);

  if (!user) {
    sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, location.pathname);
    return <Navigate to="/login" replace />;
  }

  if (!held) return <NoHeldSlot />;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <BookingHeader slot={held} timeZone={timeZone} />
        {/* Field errors and placeholders darker than Mantine's defaults, which fall short of WCAG AA contrast on white. */}
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'xl' }}
          style={{
            '--mantine-color-error': 'var(--mantine-color-red-9)',
            '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h3">
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
            {children}
          </Stack>
        </Paper>
      </Stack>
      {dialogs}
    </Container>
  );
}
