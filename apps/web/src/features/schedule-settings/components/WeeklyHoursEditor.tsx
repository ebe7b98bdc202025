import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { WorkingHoursInput } from '@careslot/contracts';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../scheduleText';

/** Monday first, as the practice reads its week; DayOfWeek stays 0 = Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

interface Props {
  value: WorkingHoursInput[];
  onChange: (next: WorkingHoursInput[]) => void;
  /** Messages by field path (WorkingHours.3.End). */
  errors: Record<string, string>;
}

/**
 * Weekly working hours: each weekday with its periods, which can be added and removed. Periods are kept in
 * one list, as the schedule stores them, so an error's field path (WorkingHours.i.Start) finds its input.
 */
export function WeeklyHoursEditor({ value, onChange, errors }: Props) {
  const { t, i18n } = useTranslation('scheduleSettings');
  const set = (index: number, patch: Partial<WorkingHoursInput>) =>
    onChange(value.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const add = (day: number) => {
    const last = value.filter((p) => p.DayOfWeek === day).at(-1);
    const start = last ? last.End : '09:00';
    const end = last
      ? last.End < '23:00'
        ? `${String(Number(last.End.slice(0, 2)) + 1).padStart(2, '0')}:${last.End.slice(3)}`
        : '24:00'
      : '17:00';
    onChange([...value, { DayOfWeek: day, Start: start, End: end }]);
  };
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  return (
    <Stack gap="sm">
      {WEEK.map((day) => {
        const name = weekdayName(day, i18n.language);
        const periods = value.map((p, index) => ({ p, index })).filter(({ p }) => p.DayOfWeek === day);
        return (
          <Fieldset key={day} legend={name} variant="filled" p="sm">
            <Stack gap="xs">
              {periods.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('hours.closed')}
                </Text>
              )}
              {periods.map(({ p, index }, n) => (
                <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                  <TextInput
                    type="time"
                    label={t('hours.from')}
                    aria-label={t('hours.fromLabel', { day: name, n: n + 1 })}
                    value={p.Start}
                    onChange={(e) => set(index, { Start: e.currentTarget.value })}
                    error={errors[`WorkingHours.${index}.Start`]}
                    w={130}
                  />
                  <TextInput
                    type="time"
                    label={t('hours.to')}
                    aria-label={t('hours.toLabel', { day: name, n: n + 1 })}
                    value={p.End === '24:00' ? '23:59' : p.End}
                    onChange={(e) => set(index, { End: e.currentTarget.value })}
                    error={errors[`WorkingHours.${index}.End`]}
                    w={130}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={t('hours.remove', { day: name, n: n + 1 })}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => add(day)}
                  aria-label={t('hours.addLabel', { day: name })}
                >
                  {t('hours.add')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
