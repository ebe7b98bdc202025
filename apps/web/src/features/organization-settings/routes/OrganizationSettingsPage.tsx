import { useState, type FormEvent } from 'react';
import { Alert, Checkbox, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CLINICAL_SECTIONS,
  FACILITY_LIMITS,
  organizationSettingsInputSchema,
  organizationUpdateSchema,
  PRODUCT_LANGUAGES,
  US_TIME_ZONES,
  type ClinicalSection,
  type Organization,
  type OrganizationSettings,
  type PracticeClinicalSettings,
} from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { QueryContent, SettingsForm, SettingsPanel } from '../../../shared/ui/SettingsPanel';
import {
  clinicalSettingsQuery,
  organizationSettingsQuery,
  useOrganization,
  useOrganizationImage,
  useSaveClinicalSettings,
  useSaveOrganizationSettings,
  useUpdateOrganization,
} from '../api/organization';
import { serverErrors, validate, type FieldErrors } from '../components/formErrors';
import { ImagePicker } from '../components/ImagePicker';
import { usePracticeId } from '../components/usePracticeId';

const zones = US_TIME_ZONES.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));

/** /practice-admin/settings/organization: the practice's profile, images, settings and clinical settings. */
export function OrganizationSettingsPage() {
  const { t } = useTranslation('organizationSettings');
  const organizationId = usePracticeId();
  const organization = useOrganization(organizationId);
  if (!organizationId) return <Alert color="yellow">{t('noPractice')}</Alert>;
  return (
    <Stack gap="lg">
      <title>{t('organization.title')}</title>
      <QueryContent query={organization}>
        {(data) => (
          <>
            <ProfileCard organization={data} />
            <ImagesCard organization={data} />
            <SettingsCard organizationId={organizationId} />
            <ClinicalCard organizationId={organizationId} />
          </>
        )}
      </QueryContent>
    </Stack>
  );
}

function ProfileCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizationSettings');
  const update = useUpdateOrganization(organization.Id);
  const [values, setValues] = useState({
    Name: organization.Name,
    Phone: organization.Phone ?? '',
    Email: organization.Email ?? '',
    Website: organization.Website ?? '',
    TimeZone: organization.TimeZone,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }) as FieldErrors);
  };
  const error = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(organizationUpdateSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await update.mutateAsync(checked.data);
      toast.success(t('organization.saved'));
    } catch (failure) {
      const fields = serverErrors(failure);
      if (fields) setErrors(fields);
      else toast.error(t('saveFailed'));
    }
  };
  return (
    <SettingsPanel id="org-profile" title={t('organization.profile')} lead={t('organization.lead')}>
      <SettingsForm
        onSubmit={onSubmit}
        labelledBy="org-profile"
        saveLabel={t('save')}
        saving={update.isPending}
      >
        <TextInput
          label={t('organization.name')}
          withAsterisk
          maxLength={FACILITY_LIMITS.name}
          value={values.Name}
          onChange={(e) => set('Name', e.currentTarget.value)}
          error={error('Name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('phone')}
            type="tel"
            autoComplete="tel"
            maxLength={FACILITY_LIMITS.phone}
            value={values.Phone}
            onChange={(e) => set('Phone', e.currentTarget.value)}
            error={error('Phone')}
          />
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="email"
            maxLength={FACILITY_LIMITS.email}
            value={values.Email}
            onChange={(e) => set('Email', e.currentTarget.value)}
            error={error('Email')}
          />
          <TextInput
            label={t('organization.website')}
            type="url"
            value={values.Website}
            onChange={(e) => set('Website', e.currentTarget.value)}
            error={error('Website')}
          />
          <Select
            label={t('timeZone')}
            withAsterisk
            data={zones}
            value={values.TimeZone}
            onChange={(v) => v && set('TimeZone', v)}
            allowDeselect={false}
            error={error('TimeZone')}
          />
        </SimpleGrid>
      </SettingsForm>
    </SettingsPanel>
  );
}

function ImagesCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizationSettings');
  const logo = useOrganizationImage(organization.Id, 'logo');
  const banner = useOrganizationImage(organization.Id, 'banner');
  return (
    <SettingsPanel id="org-images" title={t('organization.images')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImagePicker
          label={t('organization.logo')}
          url={organization.Logo}
          height={96}
          busy={logo.upload.isPending || logo.remove.isPending}
          onUpload={(f) => logo.upload.mutateAsync(f)}
          onRemove={() => logo.remove.mutateAsync()}
        />
        <ImagePicker
          label={t('organization.banner')}
          url={organization.Banner}
          height={96}
          busy={banner.upload.isPending || banner.remove.isPending}
          onUpload={(f) => banner.upload.mutateAsync(f)}
          onRemove={() => banner.remove.mutateAsync()}
        />
      </SimpleGrid>
    </SettingsPanel>
  );
}

function SettingsCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizationSettings');
  const settings = useQuery(organizationSettingsQuery(organizationId));
  return (
    <SettingsPanel id="org-settings" title={t('organization.settings')} lead={t('organization.settingsLead')}>
      <QueryContent query={settings}>{(data) => <OrganizationSettingsForm settings={data} />}</QueryContent>
    </SettingsPanel>
  );
}

function OrganizationSettingsForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('organizationSettings');
  const save = useSaveOrganizationSettings(settings.OrganizationId);
  const [values, setValues] = useState(settings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const error = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(organizationSettingsInputSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      await save.mutateAsync(checked.data);
      toast.success(t('organization.settingsSaved'));
    } catch (failure) {
      const fields = serverErrors(failure);
      if (fields) setErrors(fields);
      else toast.error(t('saveFailed'));
    }
  };
  return (
    <SettingsForm onSubmit={onSubmit} labelledBy="org-settings" saveLabel={t('save')} saving={save.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('organization.contactEmail')}
          type="email"
          maxLength={FACILITY_LIMITS.email}
          value={values.ContactEmail}
          onChange={(e) => setValues({ ...values, ContactEmail: e.currentTarget.value })}
          error={error('ContactEmail')}
        />
        <TextInput
          label={t('organization.contactPhone')}
          type="tel"
          maxLength={FACILITY_LIMITS.phone}
          value={values.ContactPhone}
          onChange={(e) => setValues({ ...values, ContactPhone: e.currentTarget.value })}
          error={error('ContactPhone')}
        />
        <Select
          label={t('timeZone')}
          data={zones}
          value={values.TimeZone}
          onChange={(v) => v && setValues({ ...values, TimeZone: v })}
          allowDeselect={false}
          error={error('TimeZone')}
        />
        <Select
          label={t('organization.language')}
          data={PRODUCT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          value={values.DefaultLanguage}
          onChange={(v) => v && setValues({ ...values, DefaultLanguage: v })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Switch
        label={t('organization.sendDetails')}
        checked={values.SendAppointmentDetailsInPatientCommunication}
        onChange={(e) =>
          setValues({ ...values, SendAppointmentDetailsInPatientCommunication: e.currentTarget.checked })
        }
      />
      <Switch
        label={t('organization.hideReason')}
        checked={values.HideReasonInNotifications}
        onChange={(e) => setValues({ ...values, HideReasonInNotifications: e.currentTarget.checked })}
      />
    </SettingsForm>
  );
}

function ClinicalCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizationSettings');
  const settings = useQuery(clinicalSettingsQuery(organizationId));
  return (
    <SettingsPanel id="org-clinical" title={t('clinical.title')} lead={t('clinical.lead')}>
      <QueryContent query={settings}>{(data) => <ClinicalForm settings={data} />}</QueryContent>
    </SettingsPanel>
  );
}

function ClinicalForm({ settings }: { settings: PracticeClinicalSettings }) {
  const { t } = useTranslation('organizationSettings');
  const save = useSaveClinicalSettings(settings.OrganizationId);
  const [sections, setSections] = useState<ClinicalSection[]>(settings.Sections);
  const [summary, setSummary] = useState(settings.RequireSummaryNote);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        OrganizationId: settings.OrganizationId,
        Sections: sections,
        RequireSummaryNote: summary,
      });
      toast.success(t('clinical.saved'));
    } catch {
      toast.error(t('saveFailed'));
    }
  };
  return (
    <SettingsForm onSubmit={onSubmit} labelledBy="org-clinical" saveLabel={t('save')} saving={save.isPending}>
      <Checkbox.Group label={t('clinical.sections')} value={sections} onChange={(v) => setSections(v)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {CLINICAL_SECTIONS.map((s) => (
            <Checkbox key={s} value={s} label={t(`clinical.section.${s}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label={t('clinical.summaryNote')}
        checked={summary}
        onChange={(e) => setSummary(e.currentTarget.checked)}
      />
    </SettingsForm>
  );
}
