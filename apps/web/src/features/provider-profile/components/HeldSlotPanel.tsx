import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_TICK_MS } from '@careslot/contracts';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { formatDay, dayKeyOf, formatSlotTime, zoneAbbreviation } from '../../../shared/slots/slotDates';
import type { HeldSlot } from '../../../shared/slots/useSlotPicker';

/** Whole minutes left on a hold, rounded up; 0 once it has expired. */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/**
 * The slot this page holds, with the time left on the hold (ticking every 60 s, patient-booking.md §9) and
 * a button to give it back. The booking screens take over from here once they exist.
 */
export function HeldSlotPanel({
  held,
  timeZone,
  onRelease,
}: {
  held: HeldSlot;
  timeZone: string;
  onRelease: () => void;
}) {
  const { t, i18n } = useTranslation('providerProfile');
  const locale = dateLocale(i18n.language);
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = held.hold.ExpiresAt;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    // The minute ticks rarely fall on the expiry itself: one more tick then shows it has run out.
    const untilExpiry = Date.parse(expiresAt) - Date.now();
    const atExpiry = untilExpiry > 0 ? setTimeout(() => setNow(Date.now()), untilExpiry + 50) : undefined;
    return () => {
      clearInterval(timer);
      clearTimeout(atExpiry);
    };
  }, [expiresAt]);
  const left = minutesLeft(expiresAt, now);
  const start = held.slot.Start;
  const when = `${formatDay(dayKeyOf(start, timeZone), 'EEE, MMM d', locale)} - ${formatSlotTime(start, timeZone, locale)} ${zoneAbbreviation(start, timeZone)}`;
  return (
    <Alert
      variant="light"
      color={left > 0 ? 'brand' : 'orange'}
      radius="md"
      icon={<IconClockHour4 aria-hidden />}
      title={t('held.title')}
      data-testid="held-slot"
    >
      <Stack gap="xs">
        <Text fw={700} data-testid="held-slot-time">
          {when}
        </Text>
        <Text size="sm">{left > 0 ? t('held.minutesLeft', { count: left }) : t('held.expired')}</Text>
        <Group>
          <Button variant="default" size="xs" onClick={onRelease}>
            {left > 0 ? t('held.release') : t('held.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
