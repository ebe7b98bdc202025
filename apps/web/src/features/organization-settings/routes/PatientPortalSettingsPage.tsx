import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FACILITY_LIMITS,
  patientPortalSettingsInputSchema,
  type PatientPortalSettings,
} from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { portalSettingsQuery, useSavePortalSettings } from '../api/portal';
import { serverErrors, validate, type FieldErrors } from '../components/formErrors';
import { usePracticeId } from '../components/usePracticeId';

/** /practice-admin/settings/patient-portal: what the practice's patients may do in the portal. */
export function PatientPortalSettingsPage() {
  const { t } = useTranslation('organizationSettings');
  const organizationId = usePracticeId();
  const settings = useQuery({ ...portalSettingsQuery(organizationId ?? ''), enabled: !!organizationId });
  if (!organizationId) return <Alert color="yellow">{t('noPractice')}</Alert>;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="portal-heading"
    >
      <title>{t('portal.title')}</title>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" id="portal-heading">
            {t('portal.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('portal.lead')}
          </Text>
        </div>
        {settings.data ? (
          <PortalForm settings={settings.data} />
        ) : settings.error ? (
          <Alert color="red">{settings.error.message}</Alert>
        ) : (
          <LoadingSpinner />
        )}
      </Stack>
    </Paper>
  );
}

function PortalForm({ settings }: { settings: PatientPortalSettings }) {
  const { t } = useTranslation('organizationSettings');
  const save = useSavePortalSettings(settings.OrganizationId);
  const [values, setValues] = useState(settings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const flag = (
    key:
      | 'PortalEnabled'
      | 'AllowOnlineCancellation'
      | 'AllowOnlineReschedule'
      | 'ShowBalance'
      | 'AllowFamilyMembers',
  ) => (
    <Switch
      label={t(`portal.${key}`)}
      checked={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.currentTarget.checked })}
    />
  );
  const error = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(patientPortalSettingsInputSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      await save.mutateAsync(checked.data);
      toast.success(t('portal.saved'));
    } catch (failure) {
      const fields = serverErrors(failure);
      if (fields) setErrors(fields);
      else toast.error(t('saveFailed'));
    }
  };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="portal-heading">
      <Stack gap="sm">
        {flag('PortalEnabled')}
        {flag('AllowOnlineCancellation')}
        {flag('AllowOnlineReschedule')}
        <NumberInput
          label={t('portal.CancellationCutoffHours')}
          description={t('portal.cutoffHint')}
          min={0}
          max={168}
          allowDecimal={false}
          clampBehavior="none"
          maw={260}
          value={values.CancellationCutoffHours}
          onChange={(v) =>
            setValues({ ...values, CancellationCutoffHours: typeof v === 'number' ? v : Number.NaN })
          }
          error={error('CancellationCutoffHours')}
        />
        {flag('ShowBalance')}
        {flag('AllowFamilyMembers')}
        <Textarea
          label={t('portal.WelcomeMessage')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={FACILITY_LIMITS.welcome}
          value={values.WelcomeMessage}
          onChange={(e) => setValues({ ...values, WelcomeMessage: e.currentTarget.value })}
          error={error('WelcomeMessage')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
