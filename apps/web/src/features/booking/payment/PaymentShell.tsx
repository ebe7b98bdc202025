import { useEffect, useState, type ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { STORAGE_KEYS, type CalendarSlotData } from '@careslot/contracts';
import { useSession, type SessionUser } from '../../../shared/session/session';
import { readHeldSlot } from '../bookingState';
import { BookingHeader } from '../components/BookingHeader';
import { NoHeldSlot } from '../components/NoHeldSlot';

export interface PaymentShellProps {
  /** This page's path, to come back to after sign-in. */
  path: string;
  timeZone: string | null;
  held: CalendarSlotData | null;
  children: (ctx: { user: SessionUser; held: CalendarSlotData }) => ReactNode;
}

/** The held slot of this page, read once. */
export function useHeldSlot() {
  const [held] = useState(() => readHeldSlot());
  return held;
}

/**
 * The frame of the payment stages: the booking-flow guard of 2.2 (a signed-in user, else /login and back
 * here afterwards; a held slot, else a way back to find care), the book-appointment header, the page below.
 */
export function PaymentShell({ path, timeZone, held, children }: PaymentShellProps) {
  const { t: tp } = useTranslation('bookingPayment');
  const { user } = useSession();
  useEffect(() => {
    document.title = `${tp('documentTitle')} | CareSlot`;
  }, [tp]);

  if (!user) {
    sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, path);
    return <Navigate to="/login" replace />;
  }
  if (!held) return <NoHeldSlot />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <BookingHeader slot={held} timeZone={timeZone} />
        {children({ user, held })}
      </Stack>
    </Container>
  );
}
