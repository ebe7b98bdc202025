import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppConfig } from '@careslot/contracts';
import { SIGN_UP_URL } from '../../../shared/navigation/productLinks';
import { AccountCard, usePageTitle } from '../components/AccountCard';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/**
 * /social-signup and /account/social-signup (patient-booking.md §2.1): a new account from the social-login
 * provider. Sign-in starts at the realm with the provider's hint (kc_idp_hint); for someone new, the realm's social
 * registration page then asks for what the provider did not give; without a social provider the page says so and offers the usual sign-up.
 */
export function SocialSignupPage() {
  const { t, i18n } = useTranslation('pages');
  usePageTitle(t('socialSignup.title'));
  const [config, setConfig] = useState<AppConfig | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    identityConfig().then(
      (loaded) => live && setConfig(loaded),
      () => live && setConfig(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const social = config?.social ?? null;
  const start = async () => {
    if (!config || !social) return;
    setBusy(true);
    setFailed(false);
    try {
      // The realm sends the browser straight on to the provider; a new user then gets its social registration page.
      await redirectToLogin(config, { language: i18n.language, identityProviderHint: social.alias });
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <AccountCard
      heading={t('socialSignup.title')}
      lead={social ? t('socialSignup.lead', { name: social.name }) : t('socialSignup.unavailable')}
    >
      <Stack gap="md">
        {failed && (
          <Alert color="red" role="alert">
            {t('socialSignup.failed')}
          </Alert>
        )}
        {social && (
          <Button size="md" onClick={() => void start()} loading={busy}>
            {t('socialSignup.continue', { name: social.name })}
          </Button>
        )}
        <Anchor component={Link} to={SIGN_UP_URL} ta="center">
          {t('socialSignup.withEmail')}
        </Anchor>
      </Stack>
    </AccountCard>
  );
}
