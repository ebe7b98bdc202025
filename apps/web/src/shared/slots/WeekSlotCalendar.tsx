import { useState } from 'react';
import { Anchor, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SLOT, type Slot } from '@careslot/contracts';
import { dateLocale } from './dateLocale';
import { formatDay, formatSlotTime, type DayKey } from './slotDates';
import type { WeekSlots } from './useWeekSlots';
import classes from './WeekSlotCalendar.module.css';

export interface WeekSlotCalendarProps {
  week: WeekSlots;
  /** 'list': inside a provider list, 3 slots a day instead of 5 (patient-booking.md §2.6, §9). */
  mode?: 'week' | 'list';
  onPick: (slot: Slot) => void;
  /** Jumps to the next availability's day. */
  onJump: (day: DayKey) => void;
  /** The slot being held right now (shown busy). */
  pendingSlotId?: string | null;
  /** The slot this page holds (shown selected while it has capacity left for others). */
  heldSlotId?: string | null;
  /**
   * The week holds only the first slots of each day (a search result) but there are more: 'More appointments'
   * shows, and pressing it calls onMore (which loads the whole week) as well as showing every slot.
   */
  moreHint?: boolean;
  onMore?: () => void;
}

/**
 * The week slot calendar of §2.6: 5 days, each slot as 'h:mm am' in the facility's zone, at most 5 a day
 * (3 in a list) until 'More appointments'; an empty week offers 'Next Availability is {EEE}, {MMM d}' or
 * says 'No availability.'; a skeleton while loading. Live changes arrive through the week (useWeekSlots).
 */
export function WeekSlotCalendar({
  week,
  mode = 'week',
  onPick,
  onJump,
  pendingSlotId,
  heldSlotId,
  moreHint = false,
  onMore,
}: WeekSlotCalendarProps) {
  const { t, i18n } = useTranslation('slots');
  const locale = dateLocale(i18n.language);
  const [expanded, setExpanded] = useState(false);
  const limit = mode === 'list' ? SLOT.perDayInList : SLOT.perDay;
  const hasMore =
    (moreHint && !expanded) || [...week.slotsByDay.values()].some((slots) => slots.length > limit);
  const empty = !week.isLoading && !week.isError && week.slots.length === 0;

  return (
    <Stack
      gap="sm"
      aria-label={t('calendarLabel')}
      role="region"
      aria-busy={week.isLoading}
      data-live={week.live ? 'connected' : 'offline'}
    >
      <div className={classes.grid} data-days={week.days.length}>
        {week.days.map((day) => (
          <div key={day} className={classes.day} data-testid="slot-day" data-day={day}>
            <div className={classes.dayHead}>
              <Text fw={700} size="sm" className={classes.weekday}>
                {formatDay(day, 'EEE', locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDay(day, 'MMM d', locale)}
              </Text>
            </div>
            {week.isLoading ? (
              <Stack gap={6} aria-hidden>
                {Array.from({ length: mode === 'list' ? 3 : 4 }, (_, i) => (
                  <Skeleton key={i} height={32} radius="md" />
                ))}
              </Stack>
            ) : empty ? null : (
              <DaySlots
                slots={week.slotsByDay.get(day) ?? []}
                limit={expanded ? Infinity : limit}
                timeZone={week.timeZone}
                dayLabel={formatDay(day, 'EEEE, MMMM d', locale)}
                onPick={onPick}
                pendingSlotId={pendingSlotId ?? null}
                heldSlotId={heldSlotId ?? null}
              />
            )}
          </div>
        ))}
      </div>
      {week.isError ? (
        <Text c="red.8" size="sm" ta="center" role="alert">
          {t('loadFailed')}
        </Text>
      ) : null}
      {empty ? (
        <Box ta="center" py="md" className={classes.empty}>
          {week.nextAvailableDay ? (
            <Button variant="light" onClick={() => onJump(week.nextAvailableDay!)}>
              {t('nextAvailability', {
                day: formatDay(week.nextAvailableDay, 'EEE', locale),
                date: formatDay(week.nextAvailableDay, 'MMM d', locale),
              })}
            </Button>
          ) : (
            <Text c="dimmed">{t('noAvailability')}</Text>
          )}
        </Box>
      ) : null}
      {hasMore && !week.isLoading ? (
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            onClick={() => {
              if (!expanded) onMore?.();
              setExpanded((v) => !v);
            }}
            aria-expanded={expanded}
          >
            {expanded ? t('fewerAppointments') : t('moreAppointments')}
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}

function DaySlots(props: {
  slots: Slot[];
  limit: number;
  timeZone: string;
  dayLabel: string;
  onPick: (slot: Slot) => void;
  pendingSlotId: string | null;
  heldSlotId: string | null;
}) {
  const { t, i18n } = useTranslation('slots');
  const locale = dateLocale(i18n.language);
  if (props.slots.length === 0) {
    return (
      <Text size="xs" c="dimmed" ta="center" className={classes.none}>
        {t('noSlotsThatDay')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {props.slots.slice(0, props.limit).map((slot) => {
        const time = formatSlotTime(slot.Start, props.timeZone, locale);
        const id = slot.SlotIds[0]!;
        return (
          <Button
            key={id}
            size="compact-sm"
            classNames={{ root: classes.slot, label: classes.slotLabel }}
            variant={props.heldSlotId === id ? 'filled' : 'light'}
            aria-pressed={props.heldSlotId === id}
            data-slot-id={id}
            aria-label={t('slotLabel', { time, day: props.dayLabel })}
            loading={props.pendingSlotId === id}
            onClick={() => props.onPick(slot)}
          >
            {time}
          </Button>
        );
      })}
    </Stack>
  );
}
