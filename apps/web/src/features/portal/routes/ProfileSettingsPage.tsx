import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Patient } from '@careslot/contracts';
import { formatPhone, formatZip } from '@careslot/domain';
import { currentLanguage, isLanguage, LANGUAGE_ENDONYMS } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { patientKeys, patientQuery, savePatientLanguage, savePatientSettings } from '../api';

/** US zones first (the product's practices), then every zone the browser knows. */
function zoneOptions(current: string | null): string[] {
  const common = [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'Asia/Karachi',
  ];
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...(current ? [current] : []), ...common, ...all])];
}

function Field({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('portal');
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value && value.trim() ? value : t('profile.notGiven')}</Text>
    </Stack>
  );
}

/** /portal/profile: who the patient is (as the practices see it) and how CareSlot reaches them. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('portal');
  const { user } = useSession();
  const patientId = user?.userId ?? '';
  const patient = useQuery({ ...patientQuery(patientId), enabled: !!patientId });

  if (!patientId) {
    return (
      <Alert color="yellow" role="alert">
        {t('list.notPatient')}
      </Alert>
    );
  }
  if (patient.isPending) return <Skeleton height={320} radius="md" />;
  if (patient.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profile.loadFailed')}
      </Alert>
    );
  }
  return <ProfileContent patient={patient.data} />;
}

function ProfileContent({ patient }: { patient: Patient }) {
  const { t } = useTranslation(['portal', 'identity']);
  const name = patient.Name[0];
  const email = patient.Telecom.find((x) => x.System === 'Email');
  const mobile = patient.Telecom.find((x) => x.System === 'Mobile' || x.System === 'Phone');
  const address = patient.Address;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [zone, setZone] = useState<string>(patient.TimeZone ?? browserZone);
  const [sms, setSms] = useState(true);
  // The language their messages are written in: the first of their Communication (issue 30, item 6).
  const savedLanguage = patient.Communication?.find(isLanguage) ?? null;
  const [language, setLanguage] = useState<Language>(savedLanguage ?? currentLanguage());
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await savePatientSettings({ PatientId: patient.Id, TimeZone: zone, SmsAlertsEnabled: sms });
      if (language !== savedLanguage) {
        await savePatientLanguage(patient.Id, [
          language,
          ...(patient.Communication ?? []).filter((code) => code !== language),
        ]);
        await queryClient.invalidateQueries({ queryKey: patientKeys(patient.Id) });
      }
      toast.success(t('profile.saved'));
    } catch {
      // The settings hold the patient's time zone: a failed save is §8's 'Failed to set timezone.'
      setError(t('identity:callback.timezoneFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('profile.personal')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field
              label={t('profile.name')}
              value={[name?.Given.join(' '), name?.Family].filter(Boolean).join(' ')}
              testId="profile-name"
            />
            <Field
              label={t('profile.birthDate')}
              value={
                patient.BirthDate
                  ? new Date(`${patient.BirthDate}T12:00:00Z`).toLocaleDateString('en-US', {
                      timeZone: 'UTC',
                    })
                  : null
              }
            />
            <Field label={t('profile.email')} value={email?.Value} />
            <Field
              label={t('profile.mobile')}
              value={
                mobile
                  ? `${formatPhone(mobile.Value)}${mobile.IsVerified ? ` · ${t('profile.verified')}` : ''}`
                  : null
              }
            />
            <Field
              label={t('profile.address')}
              value={[
                address.Address1,
                ...address.Address2,
                [
                  [address.City, address.State].filter(Boolean).join(', '),
                  address.ZipCode ? formatZip(address.ZipCode) : null,
                ]
                  .filter(Boolean)
                  .join(' '),
              ]
                .filter(Boolean)
                .join(', ')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('profile.changeHint')}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('profile.notifications')}
          </Title>
          <Select
            label={t('profile.timeZone')}
            description={t('profile.timeZoneHint')}
            data={zoneOptions(patient.TimeZone)}
            value={zone}
            onChange={(value) => value && setZone(value)}
            searchable
            allowDeselect={false}
            maxDropdownHeight={280}
          />
          <Select
            label={t('profile.language')}
            description={t('profile.languageHint')}
            data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_ENDONYMS[code] }))}
            value={language}
            onChange={(value) => isLanguage(value) && setLanguage(value)}
            allowDeselect={false}
            data-testid="profile-language"
          />
          <Switch
            label={t('profile.sms')}
            description={t('profile.smsHint')}
            checked={sms}
            onChange={(e) => setSms(e.currentTarget.checked)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Divider />
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={saving}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
