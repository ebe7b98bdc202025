import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReminderSettings } from '@careslot/contracts';
import type { ReminderChannel } from '@careslot/domain';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { usePractice } from '../../../shared/session/practice';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminderSettings';
import {
  hasErrors,
  REMINDER_RULES,
  validateReminderForm,
  type ReminderForm,
  type ReminderFormErrors,
} from '../reminderForm';

const toForm = (s: ReminderSettings): ReminderForm => ({
  enabled: s.Enabled,
  hours: s.HoursBefore.map(String),
  channels: [...s.Channels],
});

/**
 * The practice's appointment reminders (practice-portal.md §3.8, §7 "Reminders"): on or off, how long before
 * the visit (up to three times, in hours), and by e-mail and/or SMS. Checked here and again by the server.
 */
export function ReminderSettingsPage() {
  const { t } = useTranslation('reminderSettings');
  const { organizationId } = usePractice();
  const query = useReminderSettings(organizationId);

  if (query.isError)
    return (
      <Alert color="red" role="alert" title={t('loadFailed')}>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  if (!query.data || !organizationId) return <LoadingSpinner />;
  // A form of its own per saved version: it starts from what the server holds.
  return (
    <ReminderSettingsForm
      key={query.data.ModifiedOn ?? 'defaults'}
      settings={query.data}
      practiceId={organizationId}
    />
  );
}

function ReminderSettingsForm({ settings, practiceId }: { settings: ReminderSettings; practiceId: string }) {
  const { t } = useTranslation('reminderSettings');
  const save = useSaveReminderSettings();
  const showError = useShowApiError();
  const [form, setForm] = useState<ReminderForm>(() => toForm(settings));
  const [errors, setErrors] = useState<ReminderFormErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (next: ReminderForm) => {
    setForm(next);
    if (submitted) setErrors(validateReminderForm(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateReminderForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate(
      {
        ...(settings.Id ? { Id: settings.Id } : {}),
        PracticeId: practiceId,
        Enabled: form.enabled,
        HoursBefore: form.hours.map((h) => Number(h.trim())),
        Channels: form.channels,
      },
      { onSuccess: () => void toast.success(t('saved')), onError: showError },
    );
  };

  const channel = (name: ReminderChannel) => (
    <Checkbox
      value={name}
      label={t(`channels.${name}`)}
      checked={form.channels.includes(name)}
      onChange={(e) =>
        change({
          ...form,
          channels: e.currentTarget.checked
            ? [...form.channels, name]
            : form.channels.filter((c) => c !== name),
        })
      }
    />
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="reminder-settings-title"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="reminder-settings-title">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('intro')}
            </Text>
          </Stack>

          <Switch
            label={t('enabled')}
            description={t('enabledHint')}
            checked={form.enabled}
            onChange={(e) => change({ ...form, enabled: e.currentTarget.checked })}
          />

          <Stack gap="xs" role="group" aria-labelledby="reminder-hours-label">
            <Text fw={600} id="reminder-hours-label">
              {t('hoursLabel')}
            </Text>
            <Text c="dimmed" size="sm">
              {t('hoursHint', {
                min: REMINDER_RULES.minHoursBefore,
                max: REMINDER_RULES.maxHoursBefore,
                most: REMINDER_RULES.maxReminders,
              })}
            </Text>
            {form.hours.map((value, index) => (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  label={t('hoursInput', { n: index + 1 })}
                  inputMode="numeric"
                  maxLength={3}
                  value={value}
                  rightSection={
                    <Text size="sm" c="dimmed">
                      {t('hoursUnit')}
                    </Text>
                  }
                  rightSectionWidth={64}
                  error={
                    errors.hoursAt?.[index]
                      ? t(errors.hoursAt[index], {
                          min: REMINDER_RULES.minHoursBefore,
                          max: REMINDER_RULES.maxHoursBefore,
                        })
                      : undefined
                  }
                  onChange={(e) =>
                    change({
                      ...form,
                      hours: form.hours.map((h, i) => (i === index ? e.currentTarget.value : h)),
                    })
                  }
                  w={{ base: '100%', sm: 240 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={26}
                  aria-label={t('removeHours', { n: index + 1 })}
                  disabled={form.hours.length <= 1}
                  onClick={() => change({ ...form, hours: form.hours.filter((_, i) => i !== index) })}
                >
                  <span aria-hidden>✕</span>
                </ActionIcon>
              </Group>
            ))}
            {errors.hours ? (
              <Text c="red" size="sm" role="alert">
                {t(errors.hours, { most: REMINDER_RULES.maxReminders })}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="light"
                disabled={form.hours.length >= REMINDER_RULES.maxReminders}
                onClick={() => change({ ...form, hours: [...form.hours, ''] })}
              >
                {t('addHours')}
              </Button>
            </Group>
          </Stack>

          <Stack gap="xs" role="group" aria-labelledby="reminder-channels-label">
            <Text fw={600} id="reminder-channels-label">
              {t('channelsLabel')}
            </Text>
            <Group gap="lg">
              {channel('Email')}
              {channel('Sms')}
            </Group>
            {errors.channels ? (
              <Text c="red" size="sm" role="alert">
                {t(errors.channels)}
              </Text>
            ) : null}
          </Stack>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
