import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { setSession } from '../shared/session/session';
import { toast } from '../shared/ui/toast';

// findBy* and waitFor wait for what they look for, not for a fixed time: on a busy machine (two cores, the PGlite
// and PostgreSQL suites beside) a lazy route's first render took more than the default second. The test's own
// timeout (15 s) still bounds a wait for something that never comes.
configure({ asyncUtilTimeout: 10_000 });

// The test files of a worker share its page and modules (isolate: false, decision 0079): each test leaves the
// page as a first visit finds it: no screen, no storage, no toast, a guest's session, English.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  toast.clear();
  notifications.clean();
  setSession({ user: null, accessToken: null, isGuest: true });
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});

// jsdom lacks the layout APIs Mantine asks for; these answer as a wide desktop screen would.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Object.defineProperty(Element.prototype, 'scrollIntoView', {
  value: () => {},
  configurable: true,
  writable: true,
});
window.scrollTo = () => {};
