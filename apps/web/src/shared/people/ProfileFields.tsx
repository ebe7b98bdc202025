import { Checkbox, MultiSelect, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@careslot/domain';
import { codeListQuery, specialtiesQuery } from '../search/lookups';
import { maxLengthOf, type ProfileErrors, type ProfileValues } from './practitionerProfile';

type TextField = 'FirstName' | 'LastName' | 'Suffix' | 'Email' | 'Phone' | 'Npi' | 'DeaNumber';

/**
 * The fields of a practitioner's profile (decision 0073): names, e-mail and phone for everyone; suffix, NPI,
 * DEA number, specialties, board certifications, hospitals and the public-profile switch for a provider.
 * Labels and rule texts come from the calling feature's namespace (`fields.*`, `errors.*`, `hospitalsHint`).
 */
export function ProfileFields({
  namespace,
  values,
  onChange,
  errors,
  provider,
  npiRequired,
  hideHint,
  emailLock,
}: {
  namespace: 'practiceUsers' | 'providerSettings';
  values: ProfileValues;
  onChange: <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) => void;
  errors: ProfileErrors;
  /** Whether the provider-only fields show. */
  provider: boolean;
  npiRequired: boolean;
  /** The line under the public-profile switch, when the screen has one. */
  hideHint?: string;
  /**
   * The e-mail is the login (decision 0085): read-only here, with the line saying where it changes instead;
   * or, with `locked: false`, editable with a line saying what a change does.
   */
  emailLock?: { locked: boolean; note: string };
}) {
  const { t } = useTranslation(namespace);
  const specialties = useQuery({ ...specialtiesQuery, enabled: provider });
  const languages = useQuery(codeListQuery('languages'));
  const boards = useQuery({ ...codeListQuery('board-certifications'), enabled: provider });

  // A code the list does not know (kept from before) still shows, by its code; a known one by its name.
  const languageNames = new Map((languages.data ?? []).map((l) => [l.Code, l.Display]));
  for (const code of values.Languages) if (!languageNames.has(code)) languageNames.set(code, code);
  const languageOptions = [...languageNames].map(([value, label]) => ({ value, label }));

  const errorOf = (field: keyof ProfileValues) => {
    const rule = errors[field];
    if (!rule) return undefined;
    const name = rule === 'pattern' && (field === 'FirstName' || field === 'LastName');
    return t(`errors.${name ? 'name_pattern' : rule}`, {
      field: t(`fields.${field}`),
      max: maxLengthOf(field),
    });
  };
  const text = (
    field: TextField,
    options: {
      required?: boolean;
      maxLength: number;
      inputMode?: 'numeric' | 'email' | 'tel';
      readOnly?: boolean;
      description?: string | undefined;
    },
  ) => (
    <TextInput
      label={t(`fields.${field}`)}
      required={options.required ?? false}
      readOnly={options.readOnly ?? false}
      disabled={options.readOnly ?? false}
      description={options.description}
      maxLength={options.maxLength}
      inputMode={options.inputMode}
      value={values[field]}
      onChange={(event) =>
        onChange(
          field,
          field === 'Npi' ? event.currentTarget.value.replace(/\D/g, '') : event.currentTarget.value,
        )
      }
      error={errorOf(field)}
    />
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('FirstName', { required: true, maxLength: LIMITS.NAME })}
        {text('LastName', { required: true, maxLength: LIMITS.NAME })}
        {provider && text('Suffix', { maxLength: LIMITS.NAME_SUFFIX_MAX })}
        {text('Email', {
          required: true,
          maxLength: LIMITS.EMAIL,
          inputMode: 'email',
          readOnly: emailLock?.locked ?? false,
          description: emailLock?.note,
        })}
        {text('Phone', { maxLength: LIMITS.PHONE_NUMBER, inputMode: 'tel' })}
        {provider && text('Npi', { required: npiRequired, maxLength: LIMITS.NPI, inputMode: 'numeric' })}
        {provider && text('DeaNumber', { maxLength: 9 })}
      </SimpleGrid>
      {provider && (
        <MultiSelect
          label={t('fields.SpecialtyIds')}
          searchable
          data={(specialties.data ?? []).map((s) => ({ value: s.Id, label: s.Display }))}
          value={values.SpecialtyIds}
          onChange={(v) => onChange('SpecialtyIds', v)}
          error={errorOf('SpecialtyIds')}
        />
      )}
      <MultiSelect
        label={t('fields.Languages')}
        searchable
        data={languageOptions}
        value={values.Languages}
        onChange={(v) => onChange('Languages', v)}
      />
      {provider && (
        <>
          <MultiSelect
            label={t('fields.BoardCertifications')}
            searchable
            data={[...new Set([...(boards.data ?? []).map((b) => b.Display), ...values.BoardCertifications])]}
            value={values.BoardCertifications}
            onChange={(v) => onChange('BoardCertifications', v)}
          />
          <TagsInput
            label={t('fields.HospitalAffiliations')}
            description={t('hospitalsHint')}
            value={values.HospitalAffiliations}
            onChange={(v) => onChange('HospitalAffiliations', v)}
          />
          <Checkbox
            label={t('fields.HidePublicProfile')}
            description={hideHint}
            checked={values.HidePublicProfile}
            onChange={(event) => onChange('HidePublicProfile', event.currentTarget.checked)}
          />
        </>
      )}
    </>
  );
}
