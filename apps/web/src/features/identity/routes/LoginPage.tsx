import { useEffect, useMemo, useState } from 'react';
import { Anchor, Avatar, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { STORAGE_KEYS, type AppConfig } from '@careslot/contracts';
import { useSession } from '../../../shared/session/session';
import { clearSlotDataForSignIn } from '../../../shared/slots/pendingSelection';
import { redirectToLogin, signOut } from '../identityClient';
import { identityConfig } from '../install';
import { createAccountPath, forgotPasswordPath, loginVariant, returnAfterLogin } from '../urlRules';
import { AccountFooter } from '../components/AccountCard';
import { fullTimeInZone } from '../../../shared/slots/zoneTime';
import { pendingSlot, type PendingSlotSummary } from '../pendingSlot';

function BookingSummary({ slot }: { slot: PendingSlotSummary }) {
  const { t, i18n } = useTranslation('identity');
  // The time as it was picked: in the facility's zone, with its abbreviation (issue 17).
  const when = slot.timeZone
    ? fullTimeInZone(slot.start, slot.timeZone, i18n.language)
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'long' }).format(
        new Date(slot.start),
      );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      w="100%"
      maw={440}
      aria-label={t('login.bookingSummary')}
      component="section"
    >
      <Group gap="md" wrap="nowrap">
        <Avatar src={slot.photo} alt="" size={48} radius="xl" color="brand">
          {slot.name.charAt(0)}
        </Avatar>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('login.bookingSummary')}
          </Text>
          <Text fw={700}>{slot.name}</Text>
          {slot.facility ? <Text size="sm">{slot.facility}</Text> : null}
          <Text size="sm" data-testid="login-summary-time">
            {when}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The login screen (patient-booking.md §2.7) with its variants: the vaccination passport (URL contains
 * 'passport': signs the user out first), the feedback login of a patient review, and the plain one. The
 * password form itself is the realm's page, reached with the authorization code flow and PKCE.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation('identity');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant = useMemo(() => loginVariant(pathname), [pathname]);
  const session = useSession();
  const [config, setConfig] = useState<AppConfig | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [slot] = useState(pendingSlot);
  // A returning user of the passport e-mail (?email=) is greeted back and the realm's form is filled in.
  const loginHint = params.get('email')?.trim() || undefined;

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  useEffect(() => {
    let live = true;
    void identityConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // The passport variant signs the user out first (§2.7), here only: the realm session stays for the next sign-in.
  const signedIn = !!session.user;
  useEffect(() => {
    if (variant.kind !== 'passport' || !signedIn) return;
    void identityConfig()
      .then((loaded) => signOut(loaded, { realmLogout: false }))
      .catch(() => undefined);
  }, [variant.kind, signedIn]);

  const login = async (provider?: string) => {
    setBusy(provider ?? 'careslot');
    setFailed(false);
    clearSlotDataForSignIn();
    const back = returnAfterLogin(variant);
    if (back) sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, back);
    try {
      await redirectToLogin(config ?? (await identityConfig()), {
        language: i18n.language,
        loginHint,
        ...(provider ? { identityProviderHint: provider } : {}),
      });
    } catch {
      setBusy(null);
      setFailed(true);
    }
  };

  const heading =
    variant.kind === 'passport'
      ? loginHint
        ? t('login.passport.welcomeBack')
        : t('login.passport.heading')
      : t('login.heading');
  const lead =
    variant.kind === 'passport'
      ? loginHint
        ? t('login.passport.registeredLead')
        : t('login.passport.lead')
      : null;

  return (
    <Stack align="center" py={{ base: 32, sm: 48 }} px="md" gap="lg">
      {slot && <BookingSummary slot={slot} />}
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} shadow="sm">
        <Stack gap="md">
          <Title order={1} size="h2">
            {heading}
          </Title>
          {lead && <Text c="dimmed">{lead}</Text>}
          <Button
            size="md"
            onClick={() => void login()}
            loading={busy === 'careslot'}
            disabled={!!busy && busy !== 'careslot'}
          >
            {t('login.withProduct')}
          </Button>
          {config?.social && (
            <>
              <Divider label={t('login.or')} labelPosition="center" />
              <Button
                size="md"
                variant="default"
                onClick={() => void login(config.social!.alias)}
                loading={busy === config.social.alias}
                disabled={!!busy && busy !== config.social.alias}
              >
                {t('login.withSocial', { name: config.social.name })}
              </Button>
            </>
          )}
          {failed && (
            <Text c="red.8" role="alert">
              {t('login.failed')}
            </Text>
          )}
          <Anchor component={Link} to={createAccountPath(variant)} ta="center">
            {t('login.createAccount')}
          </Anchor>
          <Anchor component={Link} to={forgotPasswordPath(variant, pathname)} ta="center" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Stack>
      </Paper>
      <Stack gap={4} align="center">
        <AccountFooter />
      </Stack>
    </Stack>
  );
}
