import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SLOT, type PortalAppointment } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { dayKeyOf, zoneAbbreviation, type DayKey } from '../../../shared/slots/slotDates';
import { useSlotPicker } from '../../../shared/slots/useSlotPicker';
import { useWeekSlots } from '../../../shared/slots/useWeekSlots';
import { WeekScroller } from '../../../shared/slots/WeekScroller';
import { WeekSlotCalendar } from '../../../shared/slots/WeekSlotCalendar';
import { toast } from '../../../shared/ui/toast';
import { rescheduleAppointment } from '../api';
import { inZone, localDateFormats } from '../appointmentDates';

/**
 * Reschedule from the portal: the provider's calendar in a 4-day window; a pick holds the new time, and
 * CONFIRM (one click per 5 s) moves the visit there; the old time goes back to the calendar.
 */
export function RescheduleAppointmentDialog({
  appointment,
  onClose,
  onRescheduled,
}: {
  appointment: PortalAppointment;
  onClose: () => void;
  onRescheduled: () => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const locale = dateLocale(i18n.language);
  const formats = localDateFormats(t);
  const zone = appointment.TimeZone;
  const today = dayKeyOf(new Date(), zone);
  const [startDay, setStartDay] = useState<DayKey>(today);
  const week = useWeekSlots({
    scheduleIds: [appointment.CalendarId],
    timeZone: zone,
    startDay,
    days: SLOT.rescheduleWindowDays,
  });
  const picker = useSlotPicker({
    timeZone: zone,
    patientId: appointment.Patient.Id,
    removeSlot: week.removeSlot,
    browserTimeZone: zone,
  });
  const [lastConfirm, setLastConfirm] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    void picker.release();
    onClose();
  };

  const confirm = async () => {
    const now = Date.now();
    if (!picker.held || (lastConfirm !== null && now - lastConfirm < SLOT.confirmThrottleMs)) return;
    setLastConfirm(now);
    setBusy(true);
    setError(null);
    try {
      await rescheduleAppointment(appointment.Id, picker.held.slot.ScheduleId, picker.held.slot.Start);
      toast.success(t('reschedule.done'));
      onRescheduled();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('reschedule.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={close}
      size={800}
      yOffset={30}
      radius="lg"
      padding="lg"
      title={<Text fw={700}>{t('reschedule.title')}</Text>}
    >
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={700}>
            {t('reschedule.current')}
          </Text>{' '}
          {`${inZone(appointment.StartTime, zone, formats.dayAndTime, locale)} ${zoneAbbreviation(appointment.StartTime, zone)}`}
        </Text>
        <WeekScroller
          startDay={startDay}
          fromDay={today}
          onChange={setStartDay}
          days={SLOT.rescheduleWindowDays}
        />
        <WeekSlotCalendar
          week={week}
          onPick={picker.pick}
          onJump={setStartDay}
          pendingSlotId={picker.pending?.SlotIds[0] ?? null}
          heldSlotId={picker.held?.slot.SlotIds[0] ?? null}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('reschedule.keep')}
          </Button>
          <Button onClick={() => void confirm()} disabled={!picker.held} loading={busy}>
            {t('reschedule.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
