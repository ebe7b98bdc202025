import { lazy, Suspense, useSyncExternalStore } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { PatientChartSlot, type PatientChartProps } from '../shared/ui/patientChartSlot';
import { toastContainer } from '../shared/ui/toast';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// Toasts are rare on a first visit; their container and transitions load with the first one (shared/ui/toast.ts).
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

// The server writes a fresh nonce into every index.html it sends and allows only <style> elements carrying it
// (no 'unsafe-inline' in the content security policy); Mantine puts it on each <style> it adds.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const getStyleNonce = () => styleNonce;
// Mantine's modals lock scrolling with react-remove-scroll, whose <style> takes its nonce from get-nonce, which
// reads this global when nothing set it.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

// The patient's chart (clinical-record) opens from practice screens; it loads when first opened.
const PatientChartModal = lazy(() => import('../features/clinical-record/components/ChartModal'));
const renderPatientChart = (props: PatientChartProps) => <PatientChartModal {...props} />;

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  const toastShown = useSyncExternalStore(toastContainer.subscribe, toastContainer.wanted);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce}>
      {toastShown && (
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={4} />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>
        <PatientChartSlot.Provider value={renderPatientChart}>
          <RouterProvider router={router} />
        </PatientChartSlot.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
