import { useEffect, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGOUT_AFTER_LOGIN_FAILURE_MS, STORAGE_KEYS } from '@careslot/contracts';
import { logout } from '../../../shared/session/authActions';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { homeForRoles, LOGIN_LANDING_ORDER } from '../../../shared/session/roleHome';
import { toast } from '../../../shared/ui/toast';
import { completeLogin, type CallbackOutcome } from '../completeLogin';
import { identityConfig } from '../install';
import { returnsToPageAfterLogin } from '../urlRules';

// One exchange per code, even when React runs the effect twice in development.
const inFlight = new Map<string, Promise<CallbackOutcome>>();

/** The identity provider sends the browser back here with a code (patient-booking.md §4.8 callback). */
export function CallbackPage() {
  const { t } = useTranslation('identity');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const key = params.get('code') ?? params.get('error') ?? 'none';
    let outcome = inFlight.get(key);
    if (!outcome) {
      outcome = identityConfig().then((config) => completeLogin(config, params));
      inFlight.set(key, outcome);
    }
    outcome.then(
      (result) => {
        if (result.kind === 'refused') {
          // LOGIN_FAILED: the message stays, and the product logs out after 2 s (§4.8, §9).
          setFailed(`callback.${result.failure}`);
          window.setTimeout(() => void logout(), LOGOUT_AFTER_LOGIN_FAILURE_MS);
          return;
        }
        if (result.kind === 'go-home') {
          if (result.failure === 'signup') toast.error(t('callback.signupFailed'));
          if (result.failure === 'registration') toast.error(t('callback.registrationFailed'));
          return void navigate('/', { replace: true });
        }
        const returnUrl = sessionStorage.getItem(STORAGE_KEYS.session.returnUrl);
        if (result.kind === 'go-back') {
          // The stored return URL is used once (§4.8 steps 2 and 3).
          sessionStorage.removeItem(STORAGE_KEYS.session.returnUrl);
          return void navigate(returnUrl ?? '/', { replace: true });
        }
        sessionStorage.removeItem(STORAGE_KEYS.session.returnUrl);
        const isPatient = result.roles.some((role) => role.toLowerCase() === 'patient');
        if (!isPatient) toast.success(t('callback.signedIn'));
        // The new patient is signed in even when the time zone could not be saved; it is said (§8).
        if (result.timezoneFailed) toast.error(t('callback.timezoneFailed'));
        // A 'passport' or 'practice' page comes first (§2.2); then a pending slot at the booking form; else the
        // stored return URL; else the role's landing page.
        const samePage = returnUrl && returnsToPageAfterLogin(returnUrl) ? returnUrl : null;
        void navigate(
          samePage ?? result.redirect ?? returnUrl ?? homeForRoles(result.roles, LOGIN_LANDING_ORDER) ?? '/',
          {
            replace: true,
          },
        );
      },
      () => {
        setFailed('callback.failed');
        // After LOGIN_FAILED the product logs out after 2 s (§4.8, §9).
        window.setTimeout(() => void logout(), LOGOUT_AFTER_LOGIN_FAILURE_MS);
      },
    );
  }, [params, navigate, t]);

  return (
    <Stack align="center" py={64}>
      {failed ? (
        <Text c="red.8" role="alert">
          {t(failed)}
        </Text>
      ) : (
        <LoadingSpinner text={t('callback.signingIn')} />
      )}
    </Stack>
  );
}
