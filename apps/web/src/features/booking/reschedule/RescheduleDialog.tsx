import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarSlotData, Slot, SlotHoldInfo } from '@careslot/contracts';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { dayKeyOf, formatSlotTime, zoneAbbreviation, type DayKey } from '../../../shared/slots/slotDates';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import { useWeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekScroller } from '../../../shared/slots/WeekScroller';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';
import { useSchedule } from '../api/schedule';
import type { BookingApi } from '../submit/api';
import { CONFIRM_THROTTLE_MS, RESCHEDULE_WINDOW_DAYS } from '../submit/constants';
import type { BookingSubmission } from '../submit/submitBooking';

export interface RescheduleDialogProps {
  /** The booking whose slot is gone. */
  submission: BookingSubmission;
  api: Pick<BookingApi, 'releaseSlot'>;
  /** CONFIRM: the booking again, on the newly held slot. */
  onConfirm: (next: BookingSubmission) => void;
  /** 'I don't want an appointment right now': holds are released; the caller resets and goes to the portal. */
  onDecline: () => void;
  /** Closed without a choice (browser back). */
  onClose: () => void;
  now?: () => number;
}

/**
 * The slot-unavailable / reschedule dialog (patient-booking.md §2.9, §4.7): the lost time, a week scroller
 * and the entity's calendar with a 4-day window (More Appointments, next-availability jump), CONFIRM once
 * a new slot is held (one click per 5 s), and 'I don't want an appointment right now'. Browser back closes it.
 */
export function RescheduleDialog({
  submission,
  api,
  onConfirm,
  onDecline,
  onClose,
  now = Date.now,
}: RescheduleDialogProps) {
  const { t, i18n } = useTranslation('bookingSubmit');
  const locale = dateLocale(i18n.language);
  const lost = submission.slot;
  const schedule = useSchedule(lost.calendarId);
  const timeZone = schedule.data?.TimeZone ?? null;
  const walkIn = submission.scheduleType === 'Walk-In';

  // Browser back closes the dialog: it stands on a history entry of its own.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    window.history.pushState({ ...(window.history.state as object | null), rescheduleDialog: true }, '');
    const onPop = () => closeRef.current();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return (
    <Modal
      opened
      onClose={onClose}
      size={800}
      yOffset={30}
      radius="lg"
      padding="lg"
      title={
        <Title order={2} size="h4">
          {t('reschedule.title', { name: lost.entity.Name })}
        </Title>
      }
    >
      <Stack gap="md">
        <Text c="dark.5">{t('reschedule.choose')}</Text>
        {!walkIn && timeZone && (
          <Text size="sm" data-testid="reschedule-lost-time">
            <Text span fw={700}>
              {t('reschedule.time')}
            </Text>{' '}
            <Text span td="line-through" c="dimmed">
              {formatSlotTime(lost.time_slot.Start, timeZone, locale)}{' '}
              {zoneAbbreviation(lost.time_slot.Start, timeZone)}
            </Text>
          </Text>
        )}
        {timeZone ? (
          <RescheduleCalendar
            submission={submission}
            api={api}
            timeZone={timeZone}
            onConfirm={onConfirm}
            onDecline={onDecline}
            now={now}
          />
        ) : (
          <Skeleton height={220} radius="md" />
        )}
      </Stack>
    </Modal>
  );
}

interface RescheduleCalendarProps extends Pick<
  RescheduleDialogProps,
  'submission' | 'api' | 'onConfirm' | 'onDecline' | 'now'
> {
  timeZone: string;
}

function RescheduleCalendar({
  submission,
  api,
  timeZone,
  onConfirm,
  onDecline,
  now = Date.now,
}: RescheduleCalendarProps) {
  const { t } = useTranslation('bookingSubmit');
  const lost = submission.slot;
  const scheduleIds = lost.actorLocationCalendars.length ? lost.actorLocationCalendars : [lost.calendarId];
  const [startDay, setStartDay] = useState<DayKey>(() => dayKeyOf(new Date(now()), timeZone));
  const fromDay = dayKeyOf(new Date(now()), timeZone);
  const week = useWeekSlots({
    scheduleIds,
    timeZone,
    startDay,
    days: RESCHEDULE_WINDOW_DAYS,
    reasonBased: lost.selectedReason !== -1 && lost.selectedReason !== 'All',
  });
  const slotData = useCallback(
    (slot: Slot, hold: SlotHoldInfo): CalendarSlotData => ({
      ...lost,
      calendarId: slot.ScheduleId,
      time_slot: slot,
      expiresAt: hold.ExpiresAt,
    }),
    [lost],
  );
  // The patient answered the time-zone question for this facility when they first picked (4.3 step 5).
  const picker = useSlotPicker({
    timeZone,
    removeSlot: week.removeSlot,
    slotData,
    browserTimeZone: timeZone,
    now,
  });
  const lastConfirm = useRef<number | null>(null);
  const confirmed = useRef(false);

  // A hold taken here and not confirmed goes back when the dialog goes away.
  const { release } = picker;
  useEffect(
    () => () => {
      if (!confirmed.current) void release();
    },
    [release],
  );

  const confirm = () => {
    const at = now();
    if (!picker.held) return;
    if (lastConfirm.current !== null && at - lastConfirm.current < CONFIRM_THROTTLE_MS) return;
    lastConfirm.current = at;
    confirmed.current = true;
    onConfirm({ ...submission, slot: slotData(picker.held.slot, picker.held.hold) });
  };

  const decline = async () => {
    // Cancel releases the held slot (the lost one may still be held by this session, and any new pick).
    await Promise.all([api.releaseSlot(lost.time_slot.SlotIds).catch(() => undefined), picker.release()]);
    onDecline();
  };

  return (
    <Stack gap="md">
      <WeekScroller
        startDay={startDay}
        fromDay={fromDay}
        onChange={setStartDay}
        days={RESCHEDULE_WINDOW_DAYS}
      />
      <WeekSlotCalendar
        week={week}
        onPick={picker.pick}
        onJump={setStartDay}
        pendingSlotId={picker.pending?.SlotIds[0] ?? null}
        heldSlotId={picker.held?.slot.SlotIds[0] ?? null}
      />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Anchor component="button" type="button" onClick={() => void decline()} size="sm">
          {t('reschedule.notNow')}
        </Anchor>
        <Button onClick={confirm} disabled={!picker.held} size="md">
          {t('reschedule.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
