import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SLOT } from '@careslot/contracts';
import { dateLocale } from './dateLocale';
import { addDays, formatDay, pageContaining, scrollerPages, type DayKey } from './slotDates';

export interface WeekScrollerProps {
  /** The first day of the page shown. */
  startDay: DayKey;
  /** Where the scroller starts: today in the facility's zone, or the search's start date. */
  fromDay: DayKey;
  onChange: (day: DayKey) => void;
  days?: number;
}

/** The week scroller of §2.6: 5-day pages spanning 24 months from today or from the start date. */
export function WeekScroller({ startDay, fromDay, onChange, days = SLOT.weekDays }: WeekScrollerProps) {
  const { t, i18n } = useTranslation('slots');
  const locale = dateLocale(i18n.language);
  const pages = scrollerPages(fromDay, SLOT.scrollerMonths, days);
  const current = pageContaining(pages, startDay < fromDay ? fromDay : startDay);
  const index = pages.indexOf(current);
  const last = addDays(current, days - 1);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('previousWeek')}
        disabled={index <= 0}
        onClick={() => onChange(pages[index - 1]!)}
      >
        <IconChevronLeft size={20} aria-hidden />
      </ActionIcon>
      <Text fw={600} size="sm" aria-live="polite">
        {t('weekRange', {
          from: formatDay(current, 'MMM d', locale),
          to: formatDay(last, 'MMM d, yyyy', locale),
        })}
      </Text>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('nextWeek')}
        disabled={index < 0 || index >= pages.length - 1}
        onClick={() => onChange(pages[index + 1]!)}
      >
        <IconChevronRight size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
