import { useEffect, useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountCard } from '../components/AccountCard';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import { getSession, setSession } from '../../../shared/session/session';
import { applyProductToken, decodeClaims } from '../identityClient';
import { identityConfig } from '../install';
import { practitionerSso, ssoApi, type SsoOutcome } from '../sso';

// One sign-on per token, even when React runs the effect twice in development.
const inFlight = new Map<string, Promise<SsoOutcome>>();

/** Practitioner single sign-on (/sso#token=...&appointmentid=...), patient-booking.md §4.8. */
export function SsoPage() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
    const token = fragment.get('token');
    const appointmentId = new URLSearchParams(location.search).get('appointmentid');
    const key = token ?? 'none';
    let outcome = inFlight.get(key);
    if (!outcome) {
      outcome = identityConfig().then(
        (config) =>
          practitionerSso(token, appointmentId, {
            api: ssoApi,
            decode: decodeClaims,
            ehrSystemUrl: config.ehrSystemUrl,
            apply: (login) => applyProductToken(login),
            setOrganization: (organizationId) => {
              const session = getSession();
              if (session.user) setSession({ ...session, user: { ...session.user, organizationId } });
            },
            // Logged only (§8): the console of the practitioner's browser, no notification.
            log: (message) => console.warn(message),
          }),
        (): SsoOutcome => ({ ok: false, failure: 'invalid' }),
      );
      inFlight.set(key, outcome);
    }
    void outcome.then((result) => {
      if (!result.ok) {
        setFailure(`sso.${result.failure}`);
        return;
      }
      toast.success(t('sso.success'));
      void navigate(result.to, { replace: true });
    });
  }, [navigate, t]);

  if (failure) {
    return (
      <AccountCard heading={t('sso.heading')}>
        <Alert color="red" role="alert">
          {t(failure)}
        </Alert>
        <Button component={Link} to="/login" size="md">
          {t('sso.toLogin')}
        </Button>
      </AccountCard>
    );
  }
  return (
    <Stack align="center" py={64} px="md">
      <LoadingSpinner text={t('callback.signingIn')} />
    </Stack>
  );
}
