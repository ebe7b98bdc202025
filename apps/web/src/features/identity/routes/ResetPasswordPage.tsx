import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { NewPasswordFields, useNewPassword } from '../components/NewPasswordFields';
import { recoveryErrorKey, useCheckResetCode } from '../api/passwordReset';
import { endRecovery, readRecovery } from '../recovery/recoveryState';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/** Password recovery, step 3 (§2.8): a new password with the verified code, then sign-in with it. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation('identity');
  usePageTitle(t('recovery.reset.title'));
  const reset = useCheckResetCode();
  const newPassword = useNewPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!newPassword.check()) return;
    const state = readRecovery();
    if (!state?.code) return setFormError('recovery.errors.failed');
    try {
      await reset.mutateAsync({ email: state.email, code: state.code, newPassword: newPassword.password });
      endRecovery();
      toast.success(t('recovery.reset.done'));
      await redirectToLogin(await identityConfig(), { loginHint: state.email, language: i18n.language });
    } catch (error) {
      setFormError(recoveryErrorKey(error));
    }
  };

  return (
    <AccountCard
      heading={t('recovery.reset.heading')}
      lead={t('recovery.reset.lead', { min: PASSWORD_RULES.min })}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          <NewPasswordFields
            state={newPassword}
            labels={{ password: t('recovery.reset.password'), confirm: t('recovery.reset.confirm') }}
            errorText={(rule) => t(`recovery.errors.${rule}`, { min: PASSWORD_RULES.min })}
          />
          <Button type="submit" size="md" loading={reset.isPending}>
            {t('recovery.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
