import { useEffect, useState } from 'react';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { redirectToLogin } from '../identityClient';
import { identityConfig } from '../install';

/** The login screen (patient-booking.md §2.7): sign-in happens on the realm's page, with PKCE. */
export function LoginPage() {
  const { t, i18n } = useTranslation('identity');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  const login = async () => {
    setBusy(true);
    setFailed(false);
    sessionStorage.removeItem(STORAGE_KEYS.session.slotData);
    try {
      await redirectToLogin(await identityConfig(), { language: i18n.language });
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Stack align="center" py={48} px="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={440} shadow="sm">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('login.heading')}
          </Title>
          <Button size="md" onClick={() => void login()} loading={busy}>
            {t('login.withProduct')}
          </Button>
          {failed && (
            <Text c="red.8" role="alert">
              {t('login.failed')}
            </Text>
          )}
          <Anchor component={Link} to="/account/activation-code-question" ta="center">
            {t('login.createAccount')}
          </Anchor>
          <Anchor component={Link} to="/forgot-password" ta="center" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed" ta="center">
        {t('login.footer')}
      </Text>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/privacy-policy">
          {t('login.privacy')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/terms-of-use">
          {t('login.terms')}
        </Anchor>
      </Text>
    </Stack>
  );
}
