import { useId, useMemo, useState } from 'react';
import { Chip, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { addDays, formatSlotTime, startOfDayIn, type DayKey } from '../../../shared/slots/slotDates';
import { useOpenSlots } from '../api/practiceDay';

export interface OpenTimesPickerProps {
  /** The calendar whose open times are offered; null asks for none. */
  calendarId: string | null;
  /** The calendar's zone: days and times are read and written in it. */
  zone: string;
  /** The day shown first. */
  initialDay: DayKey;
  /** The picked time (a slot's Start), or null. */
  value: string | null;
  onChange: (start: string | null) => void;
  dateLabel: string;
  timeLabel: string;
  /** A time not to offer (the visit's own, when moving it). */
  excludeStart?: string;
  /** Said under the times (a form error). */
  error?: string | undefined;
}

/**
 * A day and the calendar's open times that day, one to pick: booking on behalf of a patient and moving a visit.
 * Changing the day clears the pick.
 */
export function OpenTimesPicker({
  calendarId,
  zone,
  initialDay,
  value,
  onChange,
  dateLabel,
  timeLabel,
  excludeStart,
  error,
}: OpenTimesPickerProps) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const labelId = useId();
  const [day, setDay] = useState<DayKey>(initialDay);
  const range = useMemo(
    () => (day ? { from: startOfDayIn(day, zone), to: startOfDayIn(addDays(day, 1), zone) } : null),
    [day, zone],
  );
  const slots = useOpenSlots(calendarId, range?.from ?? null, range?.to ?? null);
  const open = (slots.data?.Data ?? []).filter((s) => s.Start !== excludeStart);

  return (
    <Stack gap="xs">
      <TextInput
        label={dateLabel}
        type="date"
        value={day}
        onChange={(e) => {
          setDay(e.currentTarget.value);
          onChange(null);
        }}
        maw={220}
      />
      <Text size="sm" fw={500} id={labelId}>
        {timeLabel}
      </Text>
      {slots.isFetching && !slots.data ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('book.noSlots')}
        </Text>
      ) : (
        <Chip.Group value={value ?? ''} onChange={(v) => onChange(typeof v === 'string' ? v : null)}>
          <Group gap={6} role="radiogroup" aria-labelledby={labelId}>
            {open.map((s) => (
              <Chip key={s.Start} value={s.Start} size="sm" radius="sm" variant="outline">
                {formatSlotTime(s.Start, zone, locale)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
