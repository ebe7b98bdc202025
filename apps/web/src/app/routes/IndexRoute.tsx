import { lazy, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../shared/config/appConfig';
import { LoadingSpinner } from '../../shared/ui/LoadingSpinner';
import { LanguageGrid, LanguageMenuButton } from '../layout/LanguageMenu';
import { dismissLanding, isLandingUrl, showsLanding, useLandingDismissed } from '../landingSwitch';

const loadLanding = () => import('../../features/landing/routes/LandingPage');
const LandingPage = lazy(() => loadLanding().then((m) => ({ default: m.LandingPage })));
const HomePage = lazy(() => import('../../features/home/routes/HomePage').then((m) => ({ default: m.HomePage })));

/** '/' : the landing page for doctors or the patient home (landingSwitch.ts). */
export function IndexRoute() {
  const { search } = useLocation();
  const dismissed = useLandingDismissed();
  const config = useAppConfig();
  const likelyLanding = isLandingUrl(search) || !dismissed;

  // Fetch the landing chunk while the deployment settings are still on their way.
  useEffect(() => {
    if (likelyLanding) void loadLanding();
  }, [likelyLanding]);

  if (config.isPending) return <LoadingSpinner minHeight="60vh" />;
  const enabled = config.data?.landingEnabled ?? false;
  if (!showsLanding({ enabled, search, dismissed })) return <HomePage />;
  return <LandingPage
      languageMenu={<LanguageMenuButton />}
      languageGrid={<LanguageGrid />} supportEmail={config.data?.supportEmail ?? ''} onFindDoctor={dismissLanding} />;
}

/** RootLayout hides its own header and footer while the landing page (which has its own) is shown. */
export function useIndexShowsLanding(): boolean {
  const { pathname, search } = useLocation();
  const dismissed = useLandingDismissed();
  const config = useAppConfig();
  return pathname === '/' && !!config.data && showsLanding({ enabled: config.data.landingEnabled, search, dismissed });
}
