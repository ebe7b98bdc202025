import { useState, type FormEvent } from 'react';
import { Anchor, Avatar, Button, FileButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { UPLOAD_RULES } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { ProfileFields } from '../../../shared/people/ProfileFields';
import {
  profileErrors,
  profileInput,
  profileServerErrors,
  profileValuesOf,
  type ProfileErrors,
  type ProfileValues,
} from '../../../shared/people/practitionerProfile';
import { toast } from '../../../shared/ui/toast';
import { useProvider, useSaveProfile, useSetPhoto, type ProviderData } from '../api/providerSettings';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
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

function ProfileForm({ userId, data }: { userId: string; data: ProviderData }) {
  const { t } = useTranslation('providerSettings');
  const save = useSaveProfile(userId);
  const photo = useSetPhoto(userId);
  const showError = useShowApiError();
  const [form, setForm] = useState<ProfileValues>(() => profileValuesOf(data));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const requireNpi = !!data.practitioner.Npi;
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileErrors(form, { provider: requireNpi });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(profileInput(form));
      toast.success(t('saved'));
    } catch (error) {
      const fields = profileServerErrors(error);
      if (fields) setErrors(fields);
      else showError(error);
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
          <ProfileFields
            namespace="providerSettings"
            values={form}
            onChange={set}
            errors={errors}
            provider
            npiRequired={requireNpi}
            hideHint={t('hideHint')}
            emailLock={{ locked: true, note: t('email.locked') }}
          />
          <Anchor component={Link} to={`/providers/${userId}/settings/account/change-email`}>
            {t('email.changeLink')}
          </Anchor>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
