import { useState, type FormEvent } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PASSWORD_RULES, activationLinkSchema } from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { activationErrorKey, useActivate, useActivationInfo } from '../api/activation';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { NewPasswordFields, useNewPassword } from '../components/NewPasswordFields';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/**
 * The page an invited provider or staff member opens from their e-mail (decision 0052): they choose their
 * password, then sign in with it (the realm's login page, their e-mail filled in).
 */
export function ActivateAccountPage() {
  const { t, i18n } = useTranslation('activation');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const parsed = activationLinkSchema.safeParse(Object.fromEntries(params.entries()));
  const link = parsed.success ? parsed.data : null;
  const info = useActivationInfo(link);
  const activate = useActivate();
  const newPassword = useNewPassword();
  const [formError, setFormError] = useState<string | null>(null);

  if (!link || info.isError) {
    return (
      <AccountCard heading={t('heading')}>
        <Alert color="red" role="alert">
          {t('errors.linkInvalid')}
        </Alert>
      </AccountCard>
    );
  }
  if (!info.data) {
    return (
      <AccountCard heading={t('heading')}>
        <Loader aria-label={t('loading')} />
      </AccountCard>
    );
  }
  const email = info.data.data.Email;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!newPassword.check()) return;
    try {
      await activate.mutateAsync({
        ...link,
        Password: newPassword.password,
        ConfirmPassword: newPassword.confirm,
      });
      toast.success(t('done'));
      await redirectToLogin(await identityConfig(), { loginHint: email, language: i18n.language });
    } catch (error) {
      setFormError(activationErrorKey(error));
    }
  };

  return (
    <AccountCard
      heading={t('heading')}
      lead={t('lead', { name: info.data.data.FirstName, min: PASSWORD_RULES.min })}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError, { min: PASSWORD_RULES.min })}
            </Alert>
          )}
          <Text>
            {t('email')}: <strong>{email}</strong>
          </Text>
          <NewPasswordFields
            state={newPassword}
            labels={{ password: t('password'), confirm: t('confirm') }}
            errorText={(rule) => t(`errors.${rule}`, { min: PASSWORD_RULES.min })}
          />
          <Button type="submit" size="md" loading={activate.isPending}>
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
