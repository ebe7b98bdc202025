import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { HoldLimitDialog } from '../shared/slots/HoldLimitDialog';
import { releaseStoredHold } from '../shared/slots/holds';
import { LoadingSpinner } from '../shared/ui/LoadingSpinner';
import { useBreadcrumbs, type BreadcrumbHandle } from './breadcrumbs';
import { BreadcrumbTrail } from './layout/BreadcrumbTrail';
import { Header } from './layout/Header';
import { useIndexShowsLanding } from './routes/IndexRoute';
import classes from './RootLayout.module.css';

// Below the fold on every page: it loads beside the page rather than before it (the patient pages' budget).
const Footer = lazy(() => import('./layout/Footer').then((m) => ({ default: m.Footer })));

/** Route handle: a route may hide the shared header or footer (the landing page has its own). */
export interface LayoutHandle extends BreadcrumbHandle {
  hideHeader?: boolean;
  hideFooter?: boolean;
}

/** The pages of the booking flow (4.2): the held time belongs to them. */
const BOOKING_FLOW = /^\/(book\/|screening-form|verification\/phone-verify)/;
/** Pages a booking passes through on its way (sign-in comes back to the flow with the held time). */
const ON_THE_WAY = /^\/(callback|login|account)(\/|$)/;

/**
 * Leaving the booking flow for another page of the app lets the held time go (issue 17 item 2): the stored
 * selection's hold is released. Sign-in and registration leave the page itself, so they keep it.
 */
function useReleaseHoldOnLeavingBooking() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (
      from !== pathname &&
      BOOKING_FLOW.test(from) &&
      !BOOKING_FLOW.test(pathname) &&
      !ON_THE_WAY.test(pathname)
    )
      void releaseStoredHold();
  }, [pathname]);
}

/** Header, optional notification sidebar, page content and footer (practice-portal.md §2.15). */
export function RootLayout() {
  const { t } = useTranslation();
  useReleaseHoldOnLeavingBooking();
  const matches = useMatches();
  const handle = Object.assign({}, ...matches.map((m) => (m.handle ?? {}) as LayoutHandle)) as LayoutHandle;
  const trail = useBreadcrumbs();
  // The landing page brings its own header and footer.
  const landing = useIndexShowsLanding();
  return (
    <div className={classes.page}>
      {/* The target of 'back to top': focus lands here so keyboard users start over from the top. */}
      <span id="top" tabIndex={-1} className={classes.top} />
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      {handle.hideHeader || landing ? null : <Header />}
      <main id="main" tabIndex={-1} className={classes.main}>
        <BreadcrumbTrail trail={trail} />
        <Suspense fallback={<LoadingSpinner minHeight="60vh" />}>
          <Outlet />
        </Suspense>
      </main>
      {handle.hideFooter || landing ? null : (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <HoldLimitDialog />
    </div>
  );
}
