import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PORTAL_ACTIVE_STATUSES, type PracticeAppointment } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { dayKeyOf, formatSlotTime } from '../../../shared/slots/slotDates';
import { toast } from '../../../shared/ui/toast';
import { useMoveVisit } from '../api/practiceDay';
import { OpenTimesPicker } from './OpenTimesPicker';

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
  const [slot, setSlot] = useState<string | null>(null);

  if (!canMoveVisit(appointment)) {
    return (
      <Text size="xs" c="dimmed">
        {t('drawer.notMovable')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <OpenTimesPicker
        calendarId={appointment.CalendarId}
        zone={zone}
        initialDay={dayKeyOf(appointment.StartTime, zone)}
        value={slot}
        onChange={setSlot}
        dateLabel={t('drawer.newDate')}
        timeLabel={t('drawer.newTime')}
        excludeStart={appointment.StartTime}
      />
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
