import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPhone, LIMITS } from '@careslot/domain';
import type { PracticeRoleCode, PracticeUser } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { specialtiesQuery } from '../../../shared/search/lookups';
import { toast } from '../../../shared/ui/toast';
import {
  useAddPerson,
  useCodeList,
  usePersonDetails,
  useUpdatePerson,
  useUpdateRole,
  type PersonDetails,
} from '../api/practiceUsers';
import {
  EMPTY_PERSON,
  checkPerson,
  maxOf,
  serverErrors,
  type FieldErrors,
  type PersonFormValues,
} from './personForm';

export type PersonDialogMode =
  { kind: 'add'; role: 'provider' | 'staff' } | { kind: 'edit'; user: PracticeUser };

/**
 * Adding or editing a provider or staff member (practice-portal.md §3.3, §5): the spec's rules are checked on
 * the form (packages/domain) and again by the server, whose 400 marks the same fields.
 */
export function PersonDialog({
  organizationId,
  mode,
  onClose,
}: {
  organizationId: string;
  mode: PersonDialogMode;
  onClose: () => void;
}) {
  const { t } = useTranslation('practiceUsers');
  const details = usePersonDetails(mode.kind === 'edit' ? mode.user.PractitionerId : null);
  const title =
    mode.kind === 'add'
      ? t(mode.role === 'provider' ? 'addProvider' : 'addStaff')
      : t('editTitle', { name: `${mode.user.FirstName} ${mode.user.LastName}` });
  const initial =
    mode.kind === 'add' ? EMPTY_PERSON : details.data ? valuesOf(details.data, mode.user) : null;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {initial ? (
        <PersonForm
          organizationId={organizationId}
          mode={mode}
          initial={initial}
          title={title}
          onClose={onClose}
        />
      ) : (
        <Loader aria-label={t('loading')} />
      )}
    </Modal>
  );
}

function valuesOf({ practitioner: p, settings: s }: PersonDetails, user: PracticeUser): PersonFormValues {
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
    PracticeAdmin: user.Code.includes('practiceadmin'),
  };
}

function PersonForm({
  organizationId,
  mode,
  initial,
  title,
  onClose,
}: {
  organizationId: string;
  mode: PersonDialogMode;
  initial: PersonFormValues;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('practiceUsers');
  const showError = useShowApiError();
  const provider = mode.kind === 'add' ? mode.role === 'provider' : mode.user.Code.includes('provider');
  const specialties = useQuery({ ...specialtiesQuery, enabled: provider });
  const languages = useCodeList('languages');
  const boards = useCodeList('board-certifications');
  const add = useAddPerson();
  const update = useUpdatePerson();
  const updateRole = useUpdateRole();
  const [values, setValues] = useState<PersonFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof PersonFormValues>(key: K, value: PersonFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (field: keyof PersonFormValues) =>
    errors[field]
      ? t(
          `errors.${errors[field] === 'pattern' && (field === 'FirstName' || field === 'LastName') ? 'name_pattern' : errors[field]}`,
          { field: t(`fields.${field}`), max: maxOf(field) },
        )
      : undefined;
  const text = (
    field: 'FirstName' | 'LastName' | 'Suffix' | 'Email' | 'Phone' | 'Npi' | 'DeaNumber',
    options: { required?: boolean; maxLength?: number; inputMode?: 'numeric' | 'email' | 'tel' } = {},
  ) => (
    <TextInput
      label={t(`fields.${field}`)}
      required={options.required ?? false}
      maxLength={options.maxLength}
      inputMode={options.inputMode}
      value={values[field]}
      onChange={(event) =>
        set(field, field === 'Npi' ? event.currentTarget.value.replace(/\D/g, '') : event.currentTarget.value)
      }
      error={errorOf(field)}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkPerson(values, provider);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const profile = {
      FirstName: values.FirstName,
      LastName: values.LastName,
      Suffix: values.Suffix || null,
      Email: values.Email,
      Phone: values.Phone || null,
      Npi: values.Npi || null,
      DeaNumber: values.DeaNumber || null,
      SpecialtyIds: values.SpecialtyIds,
      Languages: values.Languages,
      BoardCertifications: values.BoardCertifications,
      HospitalAffiliations: values.HospitalAffiliations,
      HidePublicProfile: values.HidePublicProfile,
    };
    const base: PracticeRoleCode = provider ? 'provider' : 'staff';
    const code: PracticeRoleCode[] = values.PracticeAdmin ? [base, 'practiceadmin'] : [base];
    try {
      if (mode.kind === 'add') {
        await add.mutateAsync({ ...profile, OrganizationId: organizationId, Code: code, LocationIds: [] });
        toast.success(t('added', { email: values.Email }));
      } else {
        await update.mutateAsync({ id: mode.user.PractitionerId, body: profile });
        const roleChanged = mode.user.Code.includes('practiceadmin') !== values.PracticeAdmin;
        if (roleChanged)
          await updateRole.mutateAsync({
            roleId: mode.user.RoleId,
            email: null,
            code,
            active: mode.user.State !== 'Inactive',
          });
        toast.success(t('saved'));
      }
      onClose();
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      else showError(error);
    }
  };

  const busy = add.isPending || update.isPending || updateRole.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('FirstName', { required: true, maxLength: LIMITS.NAME })}
          {text('LastName', { required: true, maxLength: LIMITS.NAME })}
          {text('Email', { required: true, maxLength: LIMITS.EMAIL, inputMode: 'email' })}
          {text('Phone', { maxLength: LIMITS.PHONE_NUMBER, inputMode: 'tel' })}
          {provider && text('Suffix', { maxLength: LIMITS.NAME_SUFFIX_MAX })}
          {provider && text('Npi', { required: true, maxLength: LIMITS.NPI, inputMode: 'numeric' })}
          {provider && text('DeaNumber', { maxLength: 9 })}
        </SimpleGrid>
        {provider && (
          <>
            <MultiSelect
              label={t('fields.SpecialtyIds')}
              searchable
              data={(specialties.data ?? []).map((s) => ({ value: s.Id, label: s.Display }))}
              value={values.SpecialtyIds}
              onChange={(v) => set('SpecialtyIds', v)}
              error={errorOf('SpecialtyIds')}
            />
            <MultiSelect
              label={t('fields.BoardCertifications')}
              searchable
              data={[
                ...new Set([...(boards.data ?? []).map((b) => b.Display), ...values.BoardCertifications]),
              ]}
              value={values.BoardCertifications}
              onChange={(v) => set('BoardCertifications', v)}
            />
            <TagsInput
              label={t('fields.HospitalAffiliations')}
              description={t('hospitalsHint')}
              value={values.HospitalAffiliations}
              onChange={(v) => set('HospitalAffiliations', v)}
            />
          </>
        )}
        <MultiSelect
          label={t('fields.Languages')}
          searchable
          data={[
            ...new Map([
              ...(languages.data ?? []).map((l) => [l.Code, l.Display] as const),
              ...values.Languages.map((c) => [c, c] as const),
            ]).entries(),
          ].map(([value, label]) => ({ value, label }))}
          value={values.Languages}
          onChange={(v) => set('Languages', v)}
        />
        {provider && (
          <Checkbox
            label={t('fields.HidePublicProfile')}
            checked={values.HidePublicProfile}
            onChange={(event) => set('HidePublicProfile', event.currentTarget.checked)}
          />
        )}
        <Checkbox
          label={t('fields.PracticeAdmin')}
          checked={values.PracticeAdmin}
          onChange={(event) => set('PracticeAdmin', event.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {mode.kind === 'add' ? t('sendInvitation') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
