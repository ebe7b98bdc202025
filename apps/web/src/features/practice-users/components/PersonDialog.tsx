import { useState, type FormEvent } from 'react';
import { Checkbox, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PracticeRoleCode, PracticeUser } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { SettingsForm } from '../../../shared/ui/SettingsPanel';
import { toast } from '../../../shared/ui/toast';
import {
  useAddPerson,
  usePersonDetails,
  useUpdatePerson,
  useUpdateRole,
  type PersonDetails,
} from '../api/practiceUsers';
import { ProfileFields } from '../../../shared/people/ProfileFields';
import {
  EMPTY_PROFILE,
  profileErrors,
  profileInput,
  profileServerErrors,
  profileValuesOf,
  type ProfileErrors,
  type ProfileValues,
} from '../../../shared/people/practitionerProfile';

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
    mode.kind === 'add'
      ? { ...EMPTY_PROFILE, PracticeAdmin: false }
      : details.data
        ? valuesOf(details.data, mode.user)
        : null;
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

type PersonFormValues = ProfileValues & { PracticeAdmin: boolean };

const valuesOf = (details: PersonDetails, user: PracticeUser): PersonFormValues => ({
  ...profileValuesOf(details),
  PracticeAdmin: user.Code.includes('practiceadmin'),
});

/**
 * The e-mail is the user's login (issue 24 item 1, decision 0085): an admin corrects it only while the
 * invitation is pending (a new invitation goes to the corrected address); otherwise it is read-only here.
 */
function emailLockOf(mode: PersonDialogMode, t: (key: string) => string) {
  if (mode.kind === 'add') return undefined;
  return mode.user.State === 'Invited'
    ? { locked: false, note: t('emailReinvites') }
    : { locked: true, note: t('emailLocked') };
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
  const add = useAddPerson();
  const update = useUpdatePerson();
  const updateRole = useUpdateRole();
  const [values, setValues] = useState<PersonFormValues>(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileErrors(values, { provider });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const profile = profileInput(values);
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
      const fields = profileServerErrors(error);
      if (fields) setErrors(fields);
      else showError(error);
    }
  };

  return (
    <SettingsForm
      onSubmit={onSubmit}
      label={title}
      saveLabel={mode.kind === 'add' ? t('sendInvitation') : t('save')}
      saving={add.isPending || update.isPending || updateRole.isPending}
      cancel={{ label: t('cancel'), onClick: onClose }}
    >
      <ProfileFields
        namespace="practiceUsers"
        values={values}
        onChange={set}
        errors={errors}
        provider={provider}
        npiRequired={provider}
        emailLock={emailLockOf(mode, t)}
      />
      <Checkbox
        label={t('fields.PracticeAdmin')}
        checked={values.PracticeAdmin}
        onChange={(event) => {
          const PracticeAdmin = event.currentTarget.checked;
          setValues((v) => ({ ...v, PracticeAdmin }));
        }}
      />
    </SettingsForm>
  );
}
