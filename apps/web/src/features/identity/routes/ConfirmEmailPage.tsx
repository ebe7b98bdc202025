import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { emailConfirmationLinkSchema } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { useConfirmEmail } from '../api/emailConfirmation';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/**
 * The page the confirmation link of a change of login e-mail opens (issue 24 item 1, decision 0085). The change
 * is made by the button, not by opening the page (mail scanners open links), and then every session ends.
 */
export function ConfirmEmailPage() {
  const { t, i18n } = useTranslation('activation');
  usePageTitle(t('emailChange.title'));
  const [params] = useSearchParams();
  const parsed = emailConfirmationLinkSchema.safeParse(Object.fromEntries(params.entries()));
  const confirm = useConfirmEmail();
  const failed = !parsed.success || (confirm.error instanceof ApiError && confirm.error.status === 400);

  if (failed) {
    return (
      <AccountCard heading={t('emailChange.heading')}>
        <Alert color="red" role="alert">
          {t('emailChange.linkInvalid')}
        </Alert>
      </AccountCard>
    );
  }
  const email = confirm.data?.data.Email;
  return (
    <AccountCard heading={t('emailChange.heading')} lead={email ? undefined : t('emailChange.lead')}>
      <Stack gap="md">
        {confirm.error && (
          <Alert color="red" role="alert">
            {t(
              confirm.error instanceof ApiError && confirm.error.status === 409
                ? 'emailChange.taken'
                : 'errors.failed',
            )}
          </Alert>
        )}
        {email ? (
          <>
            <Alert color="green" role="status">
              {t('emailChange.done', { email })}
            </Alert>
            <Button
              size="md"
              onClick={() =>
                void identityConfig().then((config) =>
                  redirectToLogin(config, { loginHint: email, language: i18n.language }),
                )
              }
            >
              {t('emailChange.signIn')}
            </Button>
          </>
        ) : (
          <>
            <Text>{t('emailChange.explain')}</Text>
            <Button size="md" loading={confirm.isPending} onClick={() => confirm.mutate(parsed.data)}>
              {t('emailChange.submit')}
            </Button>
          </>
        )}
      </Stack>
    </AccountCard>
  );
}
