import { use, useEffect, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { useSession } from '../../../shared/session/session';
import { hasValidStoredLogin, redirectToLogin } from '../identityClient';
import { identityConfig, isSessionSettled, sessionReady } from '../install';
import { PROBED_KEY, probeDecision } from '../silentProbe';

/**
 * The single-sign-on bootstrap in front of the practice-side routes (§4.8): a guest is probed once with
 * prompt=none (a live realm session signs them in without a form); the return URL is kept for /callback.
 */
export function SsoBootstrap({ children }: { children: ReactNode }) {
  if (!isSessionSettled()) use(sessionReady());
  const session = useSession();
  const [params] = useSearchParams();
  const decision = probeDecision({
    url: location.href,
    state: params.get('state'),
    probed: sessionStorage.getItem(PROBED_KEY) === '1',
    hasValidUserToken: !session.isGuest && hasValidStoredLogin(),
  });

  useEffect(() => {
    if (decision !== 'probe') return;
    sessionStorage.setItem(PROBED_KEY, '1');
    sessionStorage.setItem(STORAGE_KEYS.session.returnUrl, `${location.pathname}${location.search}`);
    void identityConfig().then((config) => redirectToLogin(config, { silent: true }));
  }, [decision]);

  if (decision === 'landing') return <Navigate to="/" replace />;
  if (decision === 'probe') return <LoadingSpinner />;
  return children;
}
