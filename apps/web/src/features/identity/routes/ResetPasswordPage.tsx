import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, passwordSchema } from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { recoveryErrorKey, useCheckResetCode } from '../api/passwordReset';
import { endRecovery, readRecovery } from '../recovery/recoveryState';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/** Password recovery, step 3 (§2.8): a new password with the verified code, then sign-in with it. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation('identity');
  usePageTitle(t('recovery.reset.title'));
  const reset = useCheckResetCode();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!password) found.password = 'recovery.errors.passwordRequired';
    else if (!passwordSchema.safeParse(password).success) found.password = 'recovery.errors.passwordRules';
    if (password && confirm !== password) found.confirm = 'recovery.errors.mismatch';
    setErrors(found);
    if (found.password || found.confirm) return;
    const state = readRecovery();
    if (!state?.code) return setFormError('recovery.errors.failed');
    try {
      await reset.mutateAsync({ email: state.email, code: state.code, newPassword: password });
      endRecovery();
      toast.success(t('recovery.reset.done'));
      await redirectToLogin(await identityConfig(), { loginHint: state.email, language: i18n.language });
    } catch (error) {
      setFormError(recoveryErrorKey(error));
    }
  };

  return (
    <AccountCard heading={t('recovery.reset.heading')} lead={t('recovery.reset.lead', { min: PASSWORD_RULES.min })}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          <PasswordInput
            label={t('recovery.reset.password')}
            name="new-password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_RULES.max}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password ? t(errors.password, { min: PASSWORD_RULES.min }) : undefined}
          />
          <PasswordInput
            label={t('recovery.reset.confirm')}
            name="confirm-password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_RULES.max}
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={errors.confirm ? t(errors.confirm) : undefined}
          />
          <Button type="submit" size="md" loading={reset.isPending}>
            {t('recovery.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
