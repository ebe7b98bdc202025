import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LoadingSpinner } from '../shared/ui/LoadingSpinner';
import { useBreadcrumbs, type BreadcrumbHandle } from './breadcrumbs';
import { BreadcrumbTrail } from './layout/BreadcrumbTrail';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { useIndexShowsLanding } from './routes/IndexRoute';
import classes from './RootLayout.module.css';

/** Route handle: a route may hide the shared header or footer (the landing page has its own). */
export interface LayoutHandle extends BreadcrumbHandle {
  hideHeader?: boolean;
  hideFooter?: boolean;
}

/** Header, optional notification sidebar, page content and footer (practice-portal.md §2.15). */
export function RootLayout() {
  const { t } = useTranslation();
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
      {handle.hideFooter || landing ? null : <Footer />}
    </div>
  );
}
