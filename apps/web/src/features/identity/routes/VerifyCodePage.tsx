import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { RESET_CODE_DIGITS } from '@careslot/contracts';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { recoveryErrorKey, useCheckResetCode, useResendResetCode } from '../api/passwordReset';
import { recoveryPath } from '../recovery/recoveryPaths';
import { markVerified, readRecovery } from '../recovery/recoveryState';

/** Password recovery, step 2 (§2.8): the 6-digit code from the e-mail; a new code on request. */
export function VerifyCodePage() {
  const { t } = useTranslation('identity');
  usePageTitle(t('recovery.verify.title'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const email = readRecovery()?.email ?? '';
  const check = useCheckResetCode();
  const resend = useResendResetCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`).test(code))
      return setError('recovery.errors.codeRequired');
    setError(null);
    try {
      await check.mutateAsync({ email, code });
      markVerified(code);
      void navigate(recoveryPath(pathname, 'reset-password'));
    } catch (failure) {
      setError(recoveryErrorKey(failure));
    }
  };

  const onResend = async () => {
    setError(null);
    setNotice(null);
    try {
      await resend.mutateAsync(email);
      setCode('');
      setNotice('recovery.verify.resent');
    } catch (failure) {
      setError(recoveryErrorKey(failure));
    }
  };

  return (
    <AccountCard heading={t('recovery.verify.heading')} lead={t('recovery.verify.lead', { email })}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          {notice && (
            <Alert color="brand" role="status">
              {t(notice)}
            </Alert>
          )}
          <Stack gap={6}>
            <Text fw={600} size="sm" id="reset-code-label">
              {t('recovery.verify.code')}
            </Text>
            <Group justify="center">
              <PinInput
                length={RESET_CODE_DIGITS}
                type="number"
                oneTimeCode
                size="md"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(null);
                }}
                error={!!error}
                aria-labelledby="reset-code-label"
                getInputProps={(index) => ({ 'aria-label': t('recovery.verify.digit', { n: index + 1 }) })}
              />
            </Group>
          </Stack>
          <Button type="submit" size="md" loading={check.isPending}>
            {t('recovery.verify.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('recovery.verify.noCode')}{' '}
            <Anchor
              component="button"
              type="button"
              onClick={() => void onResend()}
              disabled={resend.isPending}
            >
              {t('recovery.verify.resend')}
            </Anchor>
          </Text>
          <Anchor component={Link} to={recoveryPath(pathname, 'forgot-password')} ta="center" size="sm">
            {t('recovery.verify.otherEmail')}
          </Anchor>
        </Stack>
      </form>
    </AccountCard>
  );
}
