import { Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Schedule } from '@careslot/contracts';
import { zoneDate, zoneDayStartUtc } from '@careslot/domain';
import { useTranslation } from 'react-i18next';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { toast } from '../../../shared/ui/toast';
import { useAddException, useRemoveException } from '../api/scheduleSettings';

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The schedule's days off and holidays: whole days in the facility's time zone, from one date to another
 * (inclusive). Adding one takes its slots off every calendar at once; removing it gives them back.
 */
export function ExceptionsEditor({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation('scheduleSettings');
  const showError = useShowApiError();
  const add = useAddException();
  const remove = useRemoveException();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [kind, setKind] = useState<'TimeOff' | 'Holiday'>('TimeOff');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const zone = schedule.TimeZone;
  const dateText = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: zone }).format(new Date(iso));

  const submit = () => {
    const last = to || from;
    const next: typeof errors = {};
    if (!from) next.from = t('exceptions.fromRequired');
    else if (last < from) next.to = t('exceptions.toAfterFrom');
    setErrors(next);
    if (next.from || next.to) return;
    add.mutate(
      {
        scheduleId: schedule.Id,
        Kind: kind,
        Start: zoneDayStartUtc(from, zone).toISOString(),
        End: zoneDayStartUtc(nextDay(last), zone).toISOString(),
        Note: note.trim() || null,
      },
      {
        onSuccess: () => {
          toast.success(t('exceptions.added'));
          setFrom('');
          setTo('');
          setNote('');
        },
        onError: showError,
      },
    );
  };

  return (
    <Stack gap="sm">
      {schedule.Exceptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('exceptions.none')}
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label={t('exceptions.listLabel')}>
          {schedule.Exceptions.map((e) => {
            const lastDay = zoneDate(new Date(Date.parse(e.End) - 1), zone);
            const range =
              zoneDate(e.Start, zone) === lastDay
                ? dateText(e.Start)
                : `${dateText(e.Start)} – ${dateText(new Date(Date.parse(e.End) - 1).toISOString())}`;
            return (
              <List.Item key={e.Id}>
                <Group gap="sm" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {range}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`exceptions.kinds.${e.Kind}`)}
                    {e.Note ? ` · ${e.Note}` : ''}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('exceptions.removeLabel', { range })}
                    loading={remove.isPending && remove.variables?.Id === e.Id}
                    onClick={() => remove.mutate(e, { onError: showError })}
                  >
                    {t('exceptions.remove')}
                  </Button>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('exceptions.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          error={errors.from}
          required
          w={170}
        />
        <TextInput
          type="date"
          label={t('exceptions.to')}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={errors.to}
          w={170}
        />
        <Select
          label={t('exceptions.kind')}
          value={kind}
          onChange={(v) => setKind((v as 'TimeOff' | 'Holiday') ?? 'TimeOff')}
          data={[
            { value: 'TimeOff', label: t('exceptions.kinds.TimeOff') },
            { value: 'Holiday', label: t('exceptions.kinds.Holiday') },
          ]}
          allowDeselect={false}
          w={150}
        />
        <TextInput
          label={t('exceptions.note')}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.currentTarget.value)}
          w={200}
        />
        <Button onClick={submit} loading={add.isPending}>
          {t('exceptions.add')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('exceptions.zoneNote', { zone })}
      </Text>
    </Stack>
  );
}
