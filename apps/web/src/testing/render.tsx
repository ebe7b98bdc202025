import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import i18next from 'i18next';
import { theme } from '../app/theme';
import { initI18n } from '../shared/i18n/i18n';

/** Loads the real translation files in English, as the app does at start. */
export async function setupI18n(namespaces: string[] = ['common']) {
  if (!i18next.isInitialized) await initI18n('en');
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(namespaces);
}

export function Providers({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function ShowLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a screen inside a memory router; other paths render their path so a test can see where it went. */
export function renderRoute(
  element: ReactElement,
  { path = '/', url = path, routes = [] }: { path?: string; url?: string; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', Component: ShowLocation }], {
    initialEntries: [url],
  });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
