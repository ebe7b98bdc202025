import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TZDate } from '@date-fns/tz';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, type PracticeCalendarContext } from '@careslot/contracts';
import { errorMessage } from '../../../shared/api/errorMessage';
import { ApiError } from '../../../shared/api/client';
import type { DayKey } from '../../../shared/slots/slotDates';
import { toast } from '../../../shared/ui/toast';
import { useBlockTime } from '../api/practiceDay';
import { scheduleLabel } from '../calendarModel';

/** The instant of a wall-clock time ('HH:mm') on a day in a zone. */
export function wallTime(day: DayKey, hhmm: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, h!, min!, 0, timeZone).getTime()).toISOString();
}

/** Blocks time off a provider's schedule: no slot is offered inside it (a schedule exception). */
export function BlockTimeModal({
  opened,
  onClose,
  context,
  day,
  defaultScheduleId,
}: {
  opened: boolean;
  onClose: () => void;
  context: PracticeCalendarContext;
  day: DayKey;
  defaultScheduleId?: string | null;
}) {
  const { t } = useTranslation('practiceDay');
  const { t: tc } = useTranslation('common');
  const block = useBlockTime();
  const [scheduleId, setScheduleId] = useState<string | null>(
    defaultScheduleId ?? context.Schedules[0]?.Id ?? null,
  );
  const [date, setDate] = useState<DayKey>(day);
  const [start, setStart] = useState('12:00');
  const [end, setEnd] = useState('13:00');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zone = context.Schedules.find((s) => s.Id === scheduleId)?.TimeZone ?? context.TimeZone;

  const close = () => {
    setErrors({});
    setReason('');
    block.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!scheduleId) next.schedule = t('book.errors.schedule');
    if (!date) next.date = t('block.errors.date');
    if (!start || !end || end <= start) next.end = t('block.errors.end');
    if (!reason.trim()) next.reason = t('block.errors.reason');
    setErrors(next);
    if (Object.keys(next).length) return;
    block.mutate(
      {
        scheduleId: scheduleId!,
        Start: wallTime(date, start, zone),
        End: wallTime(date, end, zone),
        Note: reason.trim(),
      },
      {
        onSuccess: () => {
          toast.success(t('block.done'));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('block.title')}
      size={DIALOG_WIDTH.generic}
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={t('block.title')}>
        <Stack gap="md">
          <Select
            label={t('book.calendar')}
            data={context.Schedules.map((s) => ({ value: s.Id, label: scheduleLabel(s, context) }))}
            value={scheduleId}
            onChange={setScheduleId}
            error={errors.schedule}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={3}>
            <TextInput
              label={t('book.date')}
              type="date"
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
            />
            <TextInput
              label={t('block.from')}
              type="time"
              step={900}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <TextInput
              label={t('block.to')}
              type="time"
              step={900}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={errors.end}
            />
          </SimpleGrid>
          <TextInput
            label={t('block.reason')}
            placeholder={t('block.reasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            maxLength={200}
            required
          />
          {block.error ? (
            <Alert color="red" role="alert">
              {block.error instanceof ApiError && block.error.issues.length
                ? block.error.issues.map((i) => i.message).join(' ')
                : errorMessage(block.error, tc)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="dark" loading={block.isPending}>
              {t('block.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
