import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_PATHS, type Invitation } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { INVITATION_KEY, redirectToRegistration } from '../identityClient';
import { identityConfig } from '../install';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The start of new-account creation (/account/activation-code-question): a patient invited by a practice
 * enters the activation code from the invitation e-mail; everyone else goes straight to registration at
 * the realm (prompt=create).
 */
export function ActivationCodeQuestionPage() {
  const { t, i18n } = useTranslation('identity');
  usePageTitle(t('activation.title'));
  const [params] = useSearchParams();
  const [hasCode, setHasCode] = useState(params.get('code') ? 'yes' : 'no');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let loginHint: string | undefined;
    if (hasCode === 'yes') {
      const value = code.trim();
      if (!value) return setError('activation.errors.codeRequired');
      if (!UUID.test(value)) return setError('activation.errors.codeInvalid');
      setBusy(true);
      try {
        const answer = await apiRequest<{ data: Invitation }>(`${ACCOUNT_PATHS.invitation}/${value}`);
        if (answer.data.Status !== 'Pending') throw new Error('not pending');
        sessionStorage.setItem(INVITATION_KEY, answer.data.Id);
        loginHint = answer.data.Telecom.find((t) => t.System === 'Email')?.Value;
      } catch {
        setBusy(false);
        return setError('activation.errors.codeInvalid');
      }
    } else {
      sessionStorage.removeItem(INVITATION_KEY);
    }
    setBusy(true);
    try {
      await redirectToRegistration(await identityConfig(), {
        language: i18n.language,
        loginHint,
        initiateUrl: `${location.origin}/account/activation-code-question`,
      });
    } catch {
      setBusy(false);
      setError('activation.errors.failed');
    }
  };

  return (
    <AccountCard heading={t('activation.heading')} lead={t('activation.lead')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <Radio.Group
            name="has-code"
            label={t('activation.question')}
            value={hasCode}
            onChange={(value) => {
              setHasCode(value);
              setError(null);
            }}
          >
            <Stack gap="sm" mt="xs">
              <Radio value="no" label={t('activation.noCode')} />
              <Radio value="yes" label={t('activation.haveCode')} />
            </Stack>
          </Radio.Group>
          {hasCode === 'yes' && (
            <TextInput
              label={t('activation.code')}
              description={t('activation.codeHint')}
              name="activation-code"
              autoComplete="one-time-code"
              maxLength={36}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
          )}
          <Button type="submit" size="md" loading={busy}>
            {t('activation.continue')}
          </Button>
          <Text size="sm" ta="center">
            {t('activation.haveAccount')}{' '}
            <Anchor component={Link} to="/login" underline="always">
              {t('activation.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountCard>
  );
}
