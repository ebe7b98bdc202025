import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuthentication } from '../features/identity/guards/Guards';
import { SsoBootstrap } from '../features/identity/guards/SsoBootstrap';
import { RequireRecoveryUser, RequireVerifiedRecovery } from '../features/identity/recovery/RecoveryGuards';
import { IndexRoute } from './routes/IndexRoute';
import { NotFoundPage } from './routes/NotFoundPage';
import { StartSurveyRoute } from './routes/StartSurveyRoute';
import { RootLayout, type LayoutHandle } from './RootLayout';

// Screens load with their route so the first visit downloads only the shell and the page it opens.
const LoginPage = lazy(() => import('../features/identity/routes/LoginPage').then((m) => ({ default: m.LoginPage })));
const CallbackPage = lazy(() => import('../features/identity/routes/CallbackPage').then((m) => ({ default: m.CallbackPage })));
const ProviderSearchPage = lazy(() => import('../features/find-care/routes/ProviderSearchPage').then((m) => ({ default: m.ProviderSearchPage })));
const PracticesDashboardPage = lazy(() =>
  import('../features/practices/routes/PracticesDashboardPage').then((m) => ({ default: m.PracticesDashboardPage })),
);
const SupportDashboardPage = lazy(() => import('../features/support/routes/SupportDashboardPage').then((m) => ({ default: m.SupportDashboardPage })));
const ForgotPasswordPage = lazy(() => import('../features/identity/routes/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const VerifyCodePage = lazy(() => import('../features/identity/routes/VerifyCodePage').then((m) => ({ default: m.VerifyCodePage })));
const ResetPasswordPage = lazy(() => import('../features/identity/routes/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const BookAppointmentFormPage = lazy(() =>
  import('../features/booking/routes/BookAppointmentFormPage').then((m) => ({ default: m.BookAppointmentFormPage })),
);
const ProviderProfilePage = lazy(() =>
  import('../features/provider-profile/routes/ProviderProfilePage').then((m) => ({ default: m.ProviderProfilePage })),
);
const ActivationCodeQuestionPage = lazy(() => import('../features/identity/routes/ActivationCodeQuestionPage').then((m) => ({ default: m.ActivationCodeQuestionPage })));
const SsoPage = lazy(() => import('../features/identity/routes/SsoPage').then((m) => ({ default: m.SsoPage })));
const DoctorDashboardPage = lazy(() => import('../features/practice-day/routes/DoctorDashboardPage').then((m) => ({ default: m.DoctorDashboardPage })));
const StaffDashboardPage = lazy(() => import('../features/practice-day/routes/StaffDashboardPage').then((m) => ({ default: m.StaffDashboardPage })));
const PracticeAdminDashboardPage = lazy(() =>
  import('../features/practice-day/routes/PracticeAdminDashboardPage').then((m) => ({ default: m.PracticeAdminDashboardPage })),
);
const PracticeCalendarPage = lazy(() => import('../features/practice-day/routes/PracticeCalendarPage').then((m) => ({ default: m.PracticeCalendarPage })));
const DemoRequestsPage = lazy(() => import('../features/demo-requests/routes/DemoRequestsPage').then((m) => ({ default: m.DemoRequestsPage })));

/**
 * Routes whose screens later issues build. Each is declared so the map is complete and reviewable, and
 * each answers with the 404 page until its screen exists: never a stand-in page.
 */
const NOT_BUILT_YET = [
  // main layout children
  'signup',
  'social-signup',
  'patient/*',
  'patient/settings/edit',
  'staff-member/*',
  'staff-member/digital-checkin',
  'staff-member/surveys',
  'super-user/*',
  'super-user/marketplace',
  'super-user/settings',
  'super-user/practice-onboarding/wizard',
  'practice-admin/*',
  'practice-admin/settings/user/list',
  'practice-admin/surveys',
  'practice-admin/reports/message-logs',
  'practice-admin/digital-checkin',
  'practice/*',
  'user/*',
  'providers/*',
  'providers/:userId/settings/edit',
  'providers/:userId/settings/payment-method',
  'providers/:userId/settings/account/change-password',
  'providers/:userId/settings/service',
  'providers/:userId/surveys',
  'providers/digital-checkin',
  'practice-onboarding',
  // booking, in stage order (patient-booking.md §2.1)
  'book/*',
  'screening-form',
  'verification/*',
  'verification/phone-verify',
  'book/collect-patient-demographics',
  'book/insurance-confirmation',
  'book/collect-insurance',
  'book/add-card',
  'book/pay-paypal',
  'book/pay',
  // telehealth: 'uri' is the guest meeting link and maps to meeting/uri
  'uri/*',
  'meeting/*',
  'meeting/uri/*',
  'meeting/device-management',
  'validate',
  'dashboard/*',
  'dashboard/appointment-requests',
  'dashboard/careslot',
  'careslot',
  'reputation-management/*',
  'reputation-management/single-sign-on',
  'privacy-policy',
  'terms-of-use',
  'patient-review/*',
  'patient-review/appointments/:id/signup',
  'vaccine-passport',
  // account routes (patient-booking.md §2.1)
  'account',
  'account/signup',
  'account/social-signup',
  'appointment-action/*',
  'mobile/*',
  // built into the product (spec README): the patient portal and the survey app
  'portal/*',
  'survey/*',
  'survey/appointment/:id',
  'notFound',
] as const;

/** Route families behind the authentication guard (patient-booking.md §2.2). */
const AUTHENTICATED = ['patient/', 'dashboard/', 'reputation-management/'] as const;

/** Practice-side route families: the single-sign-on bootstrap (silent probe) runs in front of them (§4.8). */
const PRACTICE_SIDE = ['dashboard/', 'practice-admin/', 'staff-member/', 'providers/', 'super-user/', 'support-agent/'] as const;

/** The identity guards a route family stands behind. */
function guarded(path: string, element: ReactNode): ReactNode {
  const authenticated = AUTHENTICATED.some((prefix) => path.startsWith(prefix)) ? (
    <RequireAuthentication>{element}</RequireAuthentication>
  ) : (
    element
  );
  return PRACTICE_SIDE.some((prefix) => path.startsWith(prefix)) ? <SsoBootstrap>{authenticated}</SsoBootstrap> : authenticated;
}

const home: LayoutHandle = { breadcrumb: 'home' };


export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // The landing page for doctors or the patient home (app/landingSwitch.ts).
      { index: true, element: <IndexRoute />, handle: home },
      { path: 'appointments/:id/start-survey', element: <StartSurveyRoute /> },
      { path: 'login', element: <GuestOnly><LoginPage /></GuestOnly> },
      { path: 'callback', element: <CallbackPage /> },
      { path: 'provider-search', element: <ProviderSearchPage /> },
      { path: 'super-user/dashboard', element: <PracticesDashboardPage /> },
      { path: 'sso', element: <SsoPage /> },
      // Password recovery (patient-booking.md §2.8), top-level, under /account and under a patient review.
      ...['', 'account/', 'patient-review/appointments/:id/'].flatMap((prefix) => [
        { path: `${prefix}forgot-password`, element: <ForgotPasswordPage /> },
        { path: `${prefix}verify-code`, element: <RequireRecoveryUser><VerifyCodePage /></RequireRecoveryUser> },
        { path: `${prefix}reset-password`, element: <RequireVerifiedRecovery><ResetPasswordPage /></RequireVerifiedRecovery> },
      ]),
      { path: 'account/activation-code-question', element: <GuestOnly><ActivationCodeQuestionPage /></GuestOnly> },
      { path: 'super-user/settings/demo-requests', element: <DemoRequestsPage /> },
      { path: 'book/book-appointment-form', element: <BookAppointmentFormPage /> },
      { path: 'support-agent/dashboard', element: <SupportDashboardPage /> },
      { path: 'providers/:id', element: <ProviderProfilePage /> },
      // The practice's day (practice-portal.md §2.2, §2.6): dashboards by role and the practice calendar.
      { path: 'dashboard/doctor', element: guarded('dashboard/doctor', <DoctorDashboardPage />) },
      { path: 'dashboard/practice-staff', element: guarded('dashboard/practice-staff', <StaffDashboardPage />) },
      { path: 'practice-admin/dashboard', element: guarded('practice-admin/dashboard', <PracticeAdminDashboardPage />) },
      { path: 'providers/:userId/calendar', element: guarded('providers/:userId/calendar', <PracticeCalendarPage variant="provider" />) },
      { path: 'staff-member/calendar', element: guarded('staff-member/calendar', <PracticeCalendarPage variant="staff" />) },
      { path: 'practice-admin/calendar', element: guarded('practice-admin/calendar', <PracticeCalendarPage variant="admin" />) },
      ...NOT_BUILT_YET.map((path) => ({
        path,
        // The authentication guard of §2.2 already stands in front of patient, dashboard and reputation-management.
        element: guarded(path, <NotFoundPage />),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
