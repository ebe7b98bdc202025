import { useMemo, useState } from 'react';
import { Button, Chip, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PORTAL_ACTIVE_STATUSES, type PracticeAppointment } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { addDays, dayKeyOf, formatSlotTime, startOfDayIn, type DayKey } from '../../../shared/slots/slotDates';
import { toast } from '../../../shared/ui/toast';
import { useMoveVisit, useOpenSlots } from '../api/practiceDay';

const MOVABLE = new Set<string>(PORTAL_ACTIVE_STATUSES);

/** A booked visit that has not begun may move to another open time of its calendar (PUT appointments/{id}). */
export function canMoveVisit(appointment: Pick<PracticeAppointment, 'Status' | 'ScheduleType'>): boolean {
  return appointment.ScheduleType !== 'Walk-In' && MOVABLE.has(appointment.Status);
}

/** The drawer's 'Move to another time': a day, the calendar's open times that day, and the move. */
export function MoveVisit({ appointment, zone }: { appointment: PracticeAppointment; zone: string }) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const showError = useShowApiError();
  const move = useMoveVisit();
  const [date, setDate] = useState<DayKey>(() => dayKeyOf(appointment.StartTime, zone));
  const [slot, setSlot] = useState<string | null>(null);
  const range = useMemo(() => (date ? { from: startOfDayIn(date, zone), to: startOfDayIn(addDays(date, 1), zone) } : null), [date, zone]);
  const slots = useOpenSlots(appointment.CalendarId, range?.from ?? null, range?.to ?? null);
  const open = (slots.data?.Data ?? []).filter((s) => s.Start !== appointment.StartTime);

  if (!canMoveVisit(appointment)) {
    return (
      <Text size="xs" c="dimmed">
        {t('drawer.notMovable')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <TextInput
        label={t('drawer.newDate')}
        type="date"
        value={date}
        onChange={(e) => {
          setDate(e.currentTarget.value);
          setSlot(null);
        }}
        maw={220}
      />
      <Text size="sm" fw={500} id="move-slot-label">
        {t('drawer.newTime')}
      </Text>
      {slots.isFetching && !slots.data ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('book.noSlots')}
        </Text>
      ) : (
        <Chip.Group value={slot ?? ''} onChange={(v) => setSlot(typeof v === 'string' ? v : null)}>
          <Group gap={6} role="radiogroup" aria-labelledby="move-slot-label">
            {open.map((s) => (
              <Chip key={s.Start} value={s.Start} size="sm" radius="sm" variant="outline">
                {formatSlotTime(s.Start, zone, locale)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconCalendarTime size={16} aria-hidden />}
          disabled={!slot}
          loading={move.isPending}
          onClick={() =>
            slot &&
            move.mutate(
              { id: appointment.Id, CalendarId: appointment.CalendarId, StartTime: slot },
              {
                onSuccess: () => {
                  toast.success(t('drawer.rescheduled', { time: formatSlotTime(slot, zone, locale) }));
                  setSlot(null);
                },
                onError: showError,
              },
            )
          }
        >
          {t('drawer.moveVisit')}
        </Button>
      </Group>
    </Stack>
  );
}
