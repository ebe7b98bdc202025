import { useState, type FormEvent } from 'react';
import {
  Avatar,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UPLOAD_RULES } from '@careslot/contracts';
import { formatPhone, LIMITS, personIssues } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { specialtiesQuery } from '../../../shared/search/lookups';
import { toast } from '../../../shared/ui/toast';
import {
  useCodeList,
  useProvider,
  useSaveProfile,
  useSetPhoto,
  type ProviderData,
} from '../api/providerSettings';

interface Form {
  FirstName: string;
  LastName: string;
  Suffix: string;
  Email: string;
  Phone: string;
  Npi: string;
  DeaNumber: string;
  SpecialtyIds: string[];
  Languages: string[];
  BoardCertifications: string[];
  HospitalAffiliations: string[];
  HidePublicProfile: boolean;
}
type TextField = 'FirstName' | 'LastName' | 'Suffix' | 'Email' | 'Phone' | 'Npi' | 'DeaNumber';
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** /providers/:userId/settings/edit: the provider's profile, photo and public-profile switch (§3.3, §5). */
export function EditProfilePage() {
  const { t } = useTranslation('providerSettings');
  const { userId = '' } = useParams();
  const provider = useProvider(userId);
  if (provider.isError) return <Text c="red">{t('loadFailed')}</Text>;
  if (!provider.data) return <Loader aria-label={t('loading')} />;
  return <ProfileForm key={provider.dataUpdatedAt} userId={userId} data={provider.data} />;
}

function formOf({ practitioner: p, settings: s }: ProviderData): Form {
  const name = p.Name[0];
  return {
    FirstName: name?.Given.join(' ') ?? '',
    LastName: name?.Family ?? '',
    Suffix: name?.Suffix ?? '',
    Email: s.Email ?? '',
    Phone: s.Phone ? formatPhone(s.Phone) : '',
    Npi: p.Npi ?? '',
    DeaNumber: s.DeaNumber ?? '',
    SpecialtyIds: p.Specialities.map((x) => x.Id),
    Languages: s.Languages,
    BoardCertifications: s.BoardCertifications,
    HospitalAffiliations: s.HospitalAffiliations,
    HidePublicProfile: s.HidePublicProfile,
  };
}

function ProfileForm({ userId, data }: { userId: string; data: ProviderData }) {
  const { t } = useTranslation('providerSettings');
  const specialties = useQuery(specialtiesQuery);
  const languages = useCodeList('languages');
  const boards = useCodeList('board-certifications');
  const save = useSaveProfile(userId);
  const photo = useSetPhoto(userId);
  const showError = useShowApiError();
  const [form, setForm] = useState<Form>(() => formOf(data));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const requireNpi = !!data.practitioner.Npi;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const errorOf = (field: keyof Form) =>
    errors[field]
      ? t(
          `errors.${errors[field] === 'pattern' && (field === 'FirstName' || field === 'LastName') ? 'name_pattern' : errors[field]}`,
          { field: t(`fields.${field}`), max: field === 'Suffix' ? 25 : 35 },
        )
      : undefined;
  const text = (field: TextField, maxLength: number, required = false) => (
    <TextInput
      label={t(`fields.${field}`)}
      required={required}
      maxLength={maxLength}
      value={form[field]}
      onChange={(event) =>
        set(field, field === 'Npi' ? event.currentTarget.value.replace(/\D/g, '') : event.currentTarget.value)
      }
      error={errorOf(field)}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof Form, string>> = {};
    for (const issue of personIssues(form, { provider: requireNpi }))
      found[issue.field as keyof Form] ??= issue.rule;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({
        ...form,
        Suffix: form.Suffix || null,
        Phone: form.Phone || null,
        Npi: form.Npi || null,
        DeaNumber: form.DeaNumber || null,
      });
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length) {
        const fields: Partial<Record<keyof Form, string>> = {};
        for (const issue of error.issues)
          fields[issue.field.replace(/^body\./, '').split('.')[0] as keyof Form] ??= issue.rule;
        setErrors(fields);
      } else showError(error);
    }
  };

  const onPhoto = async (file: File | null) => {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type) || file.size > UPLOAD_RULES.maxBytes)
      return toast.error(t('photo.invalid'));
    try {
      await photo.mutateAsync({ Name: file.name, ContentType: file.type, Data: await toBase64(file) });
      toast.success(t('photo.saved'));
    } catch (error) {
      showError(error);
    }
  };

  const photoUrl = data.practitioner.Photos[0]?.Url ?? null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="edit-profile-heading">
        <Stack gap="md">
          <Title order={2} fz="h3" id="edit-profile-heading">
            {t('sections.edit')}
          </Title>
          <Group gap="md">
            <Avatar src={photoUrl} size={72} radius="xl" alt={t('photo.alt')} />
            <FileButton onChange={(file) => void onPhoto(file)} accept={PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="light" loading={photo.isPending}>
                  {t('photo.upload')}
                </Button>
              )}
            </FileButton>
            {photoUrl && (
              <Button
                variant="subtle"
                color="red"
                onClick={() =>
                  void photo.mutateAsync(null).then(() => toast.success(t('photo.removed')), showError)
                }
              >
                {t('photo.remove')}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('FirstName', LIMITS.NAME, true)}
            {text('LastName', LIMITS.NAME, true)}
            {text('Suffix', LIMITS.NAME_SUFFIX_MAX)}
            {text('Email', LIMITS.EMAIL, true)}
            {text('Phone', LIMITS.PHONE_NUMBER)}
            {text('Npi', LIMITS.NPI, requireNpi)}
            {text('DeaNumber', 9)}
          </SimpleGrid>
          <MultiSelect
            label={t('fields.SpecialtyIds')}
            searchable
            data={(specialties.data ?? []).map((s) => ({ value: s.Id, label: s.Display }))}
            value={form.SpecialtyIds}
            onChange={(v) => set('SpecialtyIds', v)}
            error={errorOf('SpecialtyIds')}
          />
          <MultiSelect
            label={t('fields.Languages')}
            searchable
            data={[
              ...new Map([
                ...(languages.data ?? []).map((l) => [l.Code, l.Display] as const),
                ...form.Languages.map((c) => [c, c] as const),
              ]).entries(),
            ].map(([value, label]) => ({ value, label }))}
            value={form.Languages}
            onChange={(v) => set('Languages', v)}
          />
          <MultiSelect
            label={t('fields.BoardCertifications')}
            searchable
            data={[...new Set([...(boards.data ?? []).map((b) => b.Display), ...form.BoardCertifications])]}
            value={form.BoardCertifications}
            onChange={(v) => set('BoardCertifications', v)}
          />
          <TagsInput
            label={t('fields.HospitalAffiliations')}
            description={t('hospitalsHint')}
            value={form.HospitalAffiliations}
            onChange={(v) => set('HospitalAffiliations', v)}
          />
          <Checkbox
            label={t('fields.HidePublicProfile')}
            description={t('hideHint')}
            checked={form.HidePublicProfile}
            onChange={(event) => set('HidePublicProfile', event.currentTarget.checked)}
          />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
