import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS, isValidEmail } from '@careslot/domain';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { recoveryErrorKey, useSendResetCode } from '../api/passwordReset';
import { recoveryPath } from '../recovery/recoveryPaths';
import { readRecovery, startRecovery } from '../recovery/recoveryState';

/** Password recovery, step 1 (patient-booking.md §2.8): look the e-mail up and send a code to it. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('recovery.forgot.title'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const send = useSendResetCode();
  const [email, setEmail] = useState(() => readRecovery()?.email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const value = email.trim();
    if (!value) return setFieldError('recovery.errors.emailRequired');
    if (!isValidEmail(value)) return setFieldError('recovery.errors.emailInvalid');
    setFieldError(null);
    try {
      const answer = await send.mutateAsync(value);
      startRecovery(answer.data.Email);
      void navigate(recoveryPath(pathname, 'verify-code'));
    } catch (error) {
      setFormError(recoveryErrorKey(error));
    }
  };

  return (
    <AccountCard heading={t('recovery.forgot.heading')} lead={t('recovery.forgot.lead')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          <TextInput
            label={t('recovery.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.EMAIL}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError ? t(fieldError) : undefined}
          />
          <Button type="submit" size="md" loading={send.isPending}>
            {t('recovery.forgot.submit')}
          </Button>
          <Anchor component={Link} to="/login" ta="center" size="sm">
            {t('recovery.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AccountCard>
  );
}
