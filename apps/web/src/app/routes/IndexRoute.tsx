import { lazy } from 'react';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../shared/config/appConfig';
import { LoadingSpinner } from '../../shared/ui/LoadingSpinner';
import { LanguageGrid, LanguageMenuButton } from '../layout/LanguageMenu';
import {
  dismissLanding,
  isLandingUrl,
  LANDING_DISMISSED_KEY,
  showsLanding,
  useLandingDismissed,
} from '../landingSwitch';

const loadLanding = () => import('../../features/landing/routes/LandingPage');
const LandingPage = lazy(() => loadLanding().then((m) => ({ default: m.LandingPage })));

/**
 * A first visit to '/' most likely shows the landing page, so its code, words and hero image start
 * loading with the app itself rather than one after another once the deployment settings arrive; this
 * keeps the largest paint of the page short (docs/performance.md, bench/landing-lcp.ts).
 */
if (
  typeof window !== 'undefined' &&
  location.pathname === '/' &&
  (isLandingUrl(location.search) || sessionStorage.getItem(LANDING_DISMISSED_KEY) !== '1')
) {
  void loadLanding();
  const poster = new Image();
  poster.fetchPriority = 'high';
  poster.src = '/landing/hero-poster.webp';
  const loadWords = () => void i18next.loadNamespaces('landing');
  if (i18next.isInitialized) loadWords();
  else i18next.on('initialized', loadWords);
}
const HomePage = lazy(() =>
  import('../../features/home/routes/HomePage').then((m) => ({ default: m.HomePage })),
);

/** '/' : the landing page for doctors or the patient home (landingSwitch.ts). */
export function IndexRoute() {
  const { search } = useLocation();
  const dismissed = useLandingDismissed();
  const config = useAppConfig();

  if (config.isPending) return <LoadingSpinner minHeight="60vh" />;
  const enabled = config.data?.landingEnabled ?? false;
  if (!showsLanding({ enabled, search, dismissed })) return <HomePage />;
  return (
    <LandingPage
      languageMenu={<LanguageMenuButton />}
      languageGrid={<LanguageGrid />}
      supportEmail={config.data?.supportEmail ?? ''}
      onFindDoctor={dismissLanding}
    />
  );
}

/** RootLayout hides its own header and footer while the landing page (which has its own) is shown. */
export function useIndexShowsLanding(): boolean {
  const { pathname, search } = useLocation();
  const dismissed = useLandingDismissed();
  const config = useAppConfig();
  return (
    pathname === '/' &&
    !!config.data &&
    showsLanding({ enabled: config.data.landingEnabled, search, dismissed })
  );
}
