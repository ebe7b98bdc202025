import { useState } from 'react';
import {
  Alert,
  Badge,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  WORKFLOW_KEYS,
  type Language,
  type OrganizationNotificationSettings,
  type WorkflowKey,
} from '@careslot/contracts';
import { SAMPLE_MESSAGE_VALUES } from '@careslot/domain';
import { useSession } from '../../../shared/session/session';
import { useEmailTemplates, useOrganizationSettings, useSmsTemplates } from '../api/communication';
import { NotificationSettingsForm } from '../components/NotificationSettingsForm';
import { TemplateEditor } from '../components/TemplateEditor';

/** Each language named in itself, so an admin finds it whatever the interface language. */
const ENDONYMS: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  'zh-CN': '简体中文',
  vi: 'Tiếng Việt',
  ko: '한국어',
  ja: '日本語',
};

/**
 * /practice-admin/settings/communication (practice-portal.md §7 "E-mail and SMS templates", decision 0061): the
 * organization's notification settings, then the templates: a workflow key from the list, a language, the
 * e-mail and the SMS, each with its live preview.
 */
export function CommunicationSettingsPage() {
  const { t } = useTranslation('communicationSettings');
  const organizationId = useSession().user?.organizationId ?? null;
  if (!organizationId)
    return (
      <Alert color="yellow" role="alert">
        {t('noPractice')}
      </Alert>
    );
  return <Communication organizationId={organizationId} key={organizationId} />;
}

function Communication({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('communicationSettings');
  const settings = useOrganizationSettings(organizationId);
  const emails = useEmailTemplates(organizationId);
  const sms = useSmsTemplates(organizationId);
  const [draft, setDraft] = useState<OrganizationNotificationSettings | null>(null);
  const [workflowKey, setWorkflowKey] = useState<WorkflowKey>('confirmation');
  const initial = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage as Language)
    : 'en';
  const [language, setLanguage] = useState<Language>(initial);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');

  const failed = settings.error ?? emails.error ?? sms.error;
  if (failed)
    return (
      <Alert color="red" role="alert">
        {failed.message}
      </Alert>
    );
  if (!settings.data || !emails.data || !sms.data) return <Loader aria-label={t('loading')} />;

  const current = draft ?? settings.data;
  const options = {
    sendAppointmentDetails: current.SendAppointmentDetailsInPatientCommunication,
    hideReason: current.HideReasonInNotifications,
  };
  const email = emails.data.find((x) => x.WorkflowKey === workflowKey && x.Language === language)!;
  const text = sms.data.find((x) => x.WorkflowKey === workflowKey && x.Language === language)!;
  const customCount = (key: WorkflowKey) =>
    [...emails.data, ...sms.data].filter((x) => x.WorkflowKey === key && x.IsCustom).length;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('lead')}
        </Text>
      </div>
      {/* Keyed by the saved settings: a save starts the form again from what the server kept. */}
      <NotificationSettingsForm
        key={JSON.stringify(settings.data)}
        settings={settings.data}
        onChange={setDraft}
      />
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="templates-title">
        <Stack gap="md">
          <Title order={2} fz="h4" id="templates-title">
            {t('templates.title')}
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <nav aria-label={t('templates.keysLabel')}>
                <Stack gap={2}>
                  {WORKFLOW_KEYS.map((key) => (
                    <NavLink
                      key={key}
                      component="button"
                      type="button"
                      label={t(`keys.${key}`)}
                      active={key === workflowKey}
                      aria-current={key === workflowKey ? 'true' : undefined}
                      rightSection={
                        customCount(key) ? (
                          <Badge size="xs" variant="light" color="teal">
                            {t('templates.customCount', { count: customCount(key) })}
                          </Badge>
                        ) : null
                      }
                      onClick={() => setWorkflowKey(key)}
                    />
                  ))}
                </Stack>
              </nav>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-end" wrap="wrap">
                  <Title order={3} fz="h5">
                    {t(`keys.${workflowKey}`)}
                  </Title>
                  <Select
                    label={t('templates.language')}
                    data={LANGUAGES.map((l) => ({ value: l, label: ENDONYMS[l] }))}
                    value={language}
                    allowDeselect={false}
                    onChange={(value) => value && setLanguage(value)}
                    w={200}
                  />
                </Group>
                <Tabs
                  value={channel}
                  onChange={(value) => value && setChannel(value as 'email' | 'sms')}
                  keepMounted={false}
                >
                  <Tabs.List>
                    <Tabs.Tab value="email">{t('channels.email')}</Tabs.Tab>
                    <Tabs.Tab value="sms">{t('channels.sms')}</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="email" pt="sm">
                    <TemplateEditor
                      key={`email-${workflowKey}-${language}`}
                      organizationId={organizationId}
                      channel="email"
                      workflowKey={workflowKey}
                      language={language}
                      subject={email.Subject}
                      body={email.Body}
                      isCustom={email.IsCustom}
                      options={options}
                      practiceName={SAMPLE_MESSAGE_VALUES.practiceName}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="sms" pt="sm">
                    <TemplateEditor
                      key={`sms-${workflowKey}-${language}`}
                      organizationId={organizationId}
                      channel="sms"
                      workflowKey={workflowKey}
                      language={language}
                      subject={null}
                      body={text.Body}
                      isCustom={text.IsCustom}
                      options={options}
                      practiceName={SAMPLE_MESSAGE_VALUES.practiceName}
                    />
                  </Tabs.Panel>
                </Tabs>
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>
    </Stack>
  );
}
