import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationNotificationSettings } from '@careslot/contracts';
import { useSaveOrganizationSettings } from '../api/communication';

type Flags = Omit<OrganizationNotificationSettings, 'OrganizationId'>;
const FLAGS = [
  'SendAppointmentDetailsInPatientCommunication',
  'HideReasonInNotifications',
  'EmailEnabled',
  'SmsEnabled',
] as const satisfies readonly (keyof Flags)[];

/**
 * The organization's notification settings (notification/OrganizationSettings): what the patient's messages
 * carry and by which channels. `onChange` lets the template preview follow the switches before they are saved.
 */
export function NotificationSettingsForm({
  settings,
  onChange,
}: {
  settings: OrganizationNotificationSettings;
  onChange: (draft: OrganizationNotificationSettings) => void;
}) {
  const { t } = useTranslation('communicationSettings');
  const [draft, setDraft] = useState(settings);
  const save = useSaveOrganizationSettings();
  const change = (flag: (typeof FLAGS)[number], value: boolean) => {
    const next = { ...draft, [flag]: value };
    setDraft(next);
    onChange(next);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="notification-settings-title">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="notification-settings-title">
            {t('settings.title')}
          </Title>
          {FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={t(`settings.${flag}`)}
              description={t(`settings.${flag}Hint`)}
              checked={draft[flag]}
              onChange={(event) => change(flag, event.currentTarget.checked)}
            />
          ))}
          {save.isError && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="teal.8" role="status">
              {save.isSuccess ? t('settings.saved') : ''}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
