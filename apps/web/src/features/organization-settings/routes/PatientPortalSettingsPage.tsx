import { useState, type FormEvent } from 'react';
import { Alert, NumberInput, Switch, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FACILITY_LIMITS,
  patientPortalSettingsInputSchema,
  type PatientPortalSettings,
} from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { QueryContent, SettingsForm, SettingsPanel } from '../../../shared/ui/SettingsPanel';
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
    <SettingsPanel id="portal-heading" title={t('portal.title')} lead={t('portal.lead')} documentTitle>
      <QueryContent query={settings}>{(data) => <PortalForm settings={data} />}</QueryContent>
    </SettingsPanel>
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
    <SettingsForm
      onSubmit={onSubmit}
      labelledBy="portal-heading"
      saveLabel={t('save')}
      saving={save.isPending}
    >
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
    </SettingsForm>
  );
}
