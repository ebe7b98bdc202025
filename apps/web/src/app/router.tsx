import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  GuestOnly,
  RequireAuthentication,
  RequireBookingFlow,
  RequirePermission,
} from '../features/identity/guards/Guards';
import { SsoBootstrap } from '../features/identity/guards/SsoBootstrap';
import { RequireRecoveryUser, RequireVerifiedRecovery } from '../features/identity/recovery/RecoveryGuards';
import { IndexRoute } from './routes/IndexRoute';
import { NotFoundPage } from './routes/NotFoundPage';
import { StartSurveyRoute } from './routes/StartSurveyRoute';
import { PatientPages, RedirectTo, UserHome } from '../features/pages/routes/RouteRedirects';
import { PRACTICE_BREADCRUMBS } from './breadcrumbs';
import { RootLayout } from './RootLayout';

// Screens load with their route so the first visit downloads only the shell and the page it opens.
const LoginPage = lazy(() =>
  import('../features/identity/routes/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const CallbackPage = lazy(() =>
  import('../features/identity/routes/CallbackPage').then((m) => ({ default: m.CallbackPage })),
);
const ProviderSearchPage = lazy(() =>
  import('../features/find-care/routes/ProviderSearchPage').then((m) => ({ default: m.ProviderSearchPage })),
);
const PracticesDashboardPage = lazy(() =>
  import('../features/practices/routes/PracticesDashboardPage').then((m) => ({
    default: m.PracticesDashboardPage,
  })),
);
const SupportDashboardPage = lazy(() =>
  import('../features/support/routes/SupportDashboardPage').then((m) => ({
    default: m.SupportDashboardPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/identity/routes/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const VerifyCodePage = lazy(() =>
  import('../features/identity/routes/VerifyCodePage').then((m) => ({ default: m.VerifyCodePage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/identity/routes/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const BookAppointmentFormPage = lazy(() =>
  import('../features/booking/routes/BookAppointmentFormPage').then((m) => ({
    default: m.BookAppointmentFormPage,
  })),
);
const ScreeningFormPage = lazy(() =>
  import('../features/booking/routes/ScreeningFormPage').then((m) => ({ default: m.ScreeningFormPage })),
);
const PhoneVerifyPage = lazy(() =>
  import('../features/booking/routes/PhoneVerifyPage').then((m) => ({ default: m.PhoneVerifyPage })),
);
const DemographicsPage = lazy(() =>
  import('../features/booking/routes/DemographicsPage').then((m) => ({ default: m.DemographicsPage })),
);
const InsuranceConfirmationPage = lazy(() =>
  import('../features/booking/routes/InsuranceConfirmationPage').then((m) => ({
    default: m.InsuranceConfirmationPage,
  })),
);
const CollectInsurancePage = lazy(() =>
  import('../features/booking/routes/CollectInsurancePage').then((m) => ({
    default: m.CollectInsurancePage,
  })),
);
const PayPage = lazy(() =>
  import('../features/booking/payment/PayPage').then((m) => ({ default: m.PayPage })),
);
const PayPalPage = lazy(() =>
  import('../features/booking/payment/PayPalPage').then((m) => ({ default: m.PayPalPage })),
);
const AddCardPage = lazy(() =>
  import('../features/booking/payment/AddCardPage').then((m) => ({ default: m.AddCardPage })),
);
const PortalLayout = lazy(() =>
  import('../features/portal/routes/PortalLayout').then((m) => ({ default: m.PortalLayout })),
);
const PortalAppointmentsPage = lazy(() =>
  import('../features/portal/routes/AppointmentsPage').then((m) => ({ default: m.AppointmentsPage })),
);
const PortalAppointmentDetailsPage = lazy(() =>
  import('../features/portal/routes/AppointmentDetailsPage').then((m) => ({
    default: m.AppointmentDetailsPage,
  })),
);
const PortalProfileSettingsPage = lazy(() =>
  import('../features/portal/routes/ProfileSettingsPage').then((m) => ({ default: m.ProfileSettingsPage })),
);
const ProviderProfilePage = lazy(() =>
  import('../features/provider-profile/routes/ProviderProfilePage').then((m) => ({
    default: m.ProviderProfilePage,
  })),
);
const PracticeProfilePage = lazy(() =>
  import('../features/provider-profile/routes/PracticeProfilePage').then((m) => ({
    default: m.PracticeProfilePage,
  })),
);
const ActivationCodeQuestionPage = lazy(() =>
  import('../features/identity/routes/ActivationCodeQuestionPage').then((m) => ({
    default: m.ActivationCodeQuestionPage,
  })),
);
const SsoPage = lazy(() =>
  import('../features/identity/routes/SsoPage').then((m) => ({ default: m.SsoPage })),
);
const AppointmentRequestsPage = lazy(() =>
  import('../features/appointment-requests/routes/AppointmentRequestsPage').then((m) => ({
    default: m.AppointmentRequestsPage,
  })),
);
const DoctorDashboardPage = lazy(() =>
  import('../features/practice-day/routes/DoctorDashboardPage').then((m) => ({
    default: m.DoctorDashboardPage,
  })),
);
const StaffDashboardPage = lazy(() =>
  import('../features/practice-day/routes/StaffDashboardPage').then((m) => ({
    default: m.StaffDashboardPage,
  })),
);
const PracticeAdminDashboardPage = lazy(() =>
  import('../features/practice-day/routes/PracticeAdminDashboardPage').then((m) => ({
    default: m.PracticeAdminDashboardPage,
  })),
);
const PracticeCalendarPage = lazy(() =>
  import('../features/practice-day/routes/PracticeCalendarPage').then((m) => ({
    default: m.PracticeCalendarPage,
  })),
);
const DemoRequestsPage = lazy(() =>
  import('../features/demo-requests/routes/DemoRequestsPage').then((m) => ({ default: m.DemoRequestsPage })),
);
const LegalDocumentPage = lazy(() =>
  import('../features/pages/routes/LegalDocumentPage').then((m) => ({ default: m.LegalDocumentPage })),
);
const MobilePage = lazy(() =>
  import('../features/pages/routes/MobilePage').then((m) => ({ default: m.MobilePage })),
);
const AppointmentActionPage = lazy(() =>
  import('../features/pages/routes/AppointmentActionPage').then((m) => ({
    default: m.AppointmentActionPage,
  })),
);
const SurveyWelcomePage = lazy(() =>
  import('../features/patient-survey/routes/SurveyWelcomePage').then((m) => ({ default: m.SurveyWelcomePage })),
);
const SurveyQuestionsPage = lazy(() =>
  import('../features/patient-survey/routes/SurveyQuestionsPage').then((m) => ({ default: m.SurveyQuestionsPage })),
);
const SurveysPage = lazy(() =>
  import('../features/surveys/routes/SurveysPage').then((m) => ({ default: m.SurveysPage })),
);
// Practice admins' settings only: its guard loads with them.
const SettingsGate = lazy(() => import('./routes/SettingsGate').then((m) => ({ default: m.SettingsGate })));
const SettingsLayout = lazy(() =>
  import('../features/practice-settings/routes/SettingsLayout').then((m) => ({ default: m.SettingsLayout })),
);
const SchedulesSettingsPage = lazy(() =>
  import('../features/schedule-settings/routes/SchedulesSettingsPage').then((m) => ({
    default: m.SchedulesSettingsPage,
  })),
);
const ReasonsSettingsPage = lazy(() =>
  import('../features/schedule-settings/routes/ReasonsSettingsPage').then((m) => ({
    default: m.ReasonsSettingsPage,
  })),
);
const CommunicationSettingsPage = lazy(() =>
  import('../features/communication-settings/routes/CommunicationSettingsPage').then((m) => ({
    default: m.CommunicationSettingsPage,
  })),
);
const MessageLogsPage = lazy(() =>
  import('../features/message-logs/routes/MessageLogsPage').then((m) => ({ default: m.MessageLogsPage })),
);
const UsersPage = lazy(() =>
  import('../features/practice-users/routes/UsersPage').then((m) => ({ default: m.UsersPage })),
);
const ActivateAccountPage = lazy(() =>
  import('../features/identity/routes/ActivateAccountPage').then((m) => ({ default: m.ActivateAccountPage })),
);
const ProviderSettingsLayout = lazy(() =>
  import('../features/provider-settings/routes/ProviderSettingsLayout').then((m) => ({
    default: m.ProviderSettingsLayout,
  })),
);
const ProviderEditProfilePage = lazy(() =>
  import('../features/provider-settings/routes/EditProfilePage').then((m) => ({
    default: m.EditProfilePage,
  })),
);
const ProviderPaymentMethodPage = lazy(() =>
  import('../features/provider-settings/routes/PaymentMethodPage').then((m) => ({
    default: m.PaymentMethodPage,
  })),
);
const ProviderChangePasswordPage = lazy(() =>
  import('../features/provider-settings/routes/ChangePasswordPage').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const ProviderServicesPage = lazy(() =>
  import('../features/provider-settings/routes/ServicesPage').then((m) => ({ default: m.ServicesPage })),
);
const ReminderSettingsPage = lazy(() =>
  import('../features/reminder-settings/routes/ReminderSettingsPage').then((m) => ({
    default: m.ReminderSettingsPage,
  })),
);
const OrganizationSettingsPage = lazy(() =>
  import('../features/organization-settings/routes/OrganizationSettingsPage').then((m) => ({
    default: m.OrganizationSettingsPage,
  })),
);
const LocationsSettingsPage = lazy(() =>
  import('../features/organization-settings/routes/LocationsSettingsPage').then((m) => ({
    default: m.LocationsSettingsPage,
  })),
);
const ResourcesSettingsPage = lazy(() =>
  import('../features/organization-settings/routes/ResourcesSettingsPage').then((m) => ({
    default: m.ResourcesSettingsPage,
  })),
);
const CareTeamsSettingsPage = lazy(() =>
  import('../features/organization-settings/routes/CareTeamsSettingsPage').then((m) => ({
    default: m.CareTeamsSettingsPage,
  })),
);
const PatientPortalSettingsPage = lazy(() =>
  import('../features/organization-settings/routes/PatientPortalSettingsPage').then((m) => ({
    default: m.PatientPortalSettingsPage,
  })),
);
const OnboardingWizardPage = lazy(() =>
  import('../features/onboarding/routes/OnboardingWizardPage').then((m) => ({
    default: m.OnboardingWizardPage,
  })),
);
const MarketplaceAdminPage = lazy(() =>
  import('../features/marketplace-admin/routes/MarketplaceAdminPage').then((m) => ({
    default: m.MarketplaceAdminPage,
  })),
);
const PageProfileSettingsPage = lazy(() =>
  import('../features/marketplace-admin/routes/PageProfileSettingsPage').then((m) => ({
    default: m.PageProfileSettingsPage,
  })),
);
const PlatformSettingsPage = lazy(() =>
  import('../features/platform-settings/routes/PlatformSettingsPage').then((m) => ({
    default: m.PlatformSettingsPage,
  })),
);
const ReputationSettingsPage = lazy(() =>
  import('../features/reputation-settings/routes/ReputationSettingsPage').then((m) => ({
    default: m.ReputationSettingsPage,
  })),
);
const ReputationSignOnPage = lazy(() =>
  import('../features/reputation-settings/routes/ReputationSignOnPage').then((m) => ({
    default: m.ReputationSignOnPage,
  })),
);
const AccessControlPage = lazy(() =>
  import('../features/access-control/routes/AccessControlPage').then((m) => ({
    default: m.AccessControlPage,
  })),
);
const CheckInSummaryPage = lazy(() =>
  import('../features/checkin-summary/routes/CheckInSummaryPage').then((m) => ({
    default: m.CheckInSummaryPage,
  })),
);
const PaymentSettingsPage = lazy(() =>
  import('../features/payment-settings/routes/PaymentSettingsPage').then((m) => ({
    default: m.PaymentSettingsPage,
  })),
);
const FinanceHomePage = lazy(() =>
  import('../features/finance/routes/FinanceHomePage').then((m) => ({ default: m.FinanceHomePage })),
);
const SocialSignupPage = lazy(() =>
  import('../features/identity/routes/SocialSignupPage').then((m) => ({ default: m.SocialSignupPage })),
);

/**
 * Routes whose screens later issues build. Each is declared so the map is complete and reviewable, and
 * each answers with the 404 page until its screen exists: never a stand-in page.
 */
const NOT_BUILT_YET = [
  // main layout children
  'staff-member/*',
  'super-user/*',
  'practice-admin/*',
  'practice/*',
  'providers/*',
  // booking, in stage order (patient-booking.md §2.1)
  'book/*',
  'verification/*',
  // telehealth: 'uri' is the guest meeting link and maps to meeting/uri
  'uri/*',
  'meeting/*',
  'meeting/uri/*',
  'meeting/device-management',
  'validate',
  'dashboard/*',
  'dashboard/careslot',
  'careslot',
  'reputation-management/*',
  'patient-review/*',
  'patient-review/appointments/:id/signup',
  'vaccine-passport',
  // account routes (patient-booking.md §2.1)
  // built into the product (spec README): the patient portal and the survey app
  'survey/*',
  'notFound',
] as const;

/** Route families behind the authentication guard (patient-booking.md §2.2). */
const AUTHENTICATED = ['patient/', 'dashboard/', 'reputation-management/'] as const;

/** Practice-side route families: the single-sign-on bootstrap (silent probe) runs in front of them (§4.8). */
const PRACTICE_SIDE = [
  'dashboard/',
  'practice-admin/',
  'staff-member/',
  'providers/',
  'super-user/',
  'support-agent/',
] as const;

/** The booking stages after the form (patient-booking.md §2.1): the booking-flow guard stands in front of them (§2.2). */
const BOOKING_FLOW = ['book/', 'screening-form', 'verification/'] as const;

/** Practice-side families and the role (permission, from the token's user_roles) each needs (§2.2 permission guard). */
const PERMISSIONS: readonly (readonly [string, readonly string[]])[] = [
  // The financial super user's Settings link (practice-portal.md §6) leads to their finance home, the one
  // super-user page they may open (decision 0056).
  ['super-user/finance', ['FinancialSuperUser']],
  ['super-user/settings', ['superuser']],
  ['super-user/', ['superuser']],
  // A staff member's "More → Users" opens the users list read-only (app/routes/settingsAccess.ts decides within).
  ['practice-admin/settings/user/list', ['practiceadmin', 'staff']],
  ['practice-admin/', ['practiceadmin']],
  // A provider's own settings; a practice admin may open a provider's too (the server checks the practice).
  ['providers/:userId/settings', ['provider', 'practiceadmin']],
  ['staff-member/', ['staff']],
];

/** The identity guards a route family stands behind. */
function guarded(path: string, element: ReactNode): ReactNode {
  const permission = PERMISSIONS.find(([prefix]) => path.startsWith(prefix));
  const permitted = permission ? (
    <RequirePermission permissions={permission[1]}>{element}</RequirePermission>
  ) : (
    element
  );
  const inBooking = BOOKING_FLOW.some((prefix) => path.startsWith(prefix));
  const booking = inBooking ? <RequireBookingFlow>{permitted}</RequireBookingFlow> : permitted;
  const authenticated = AUTHENTICATED.some((prefix) => path.startsWith(prefix)) ? (
    <RequireAuthentication>{booking}</RequireAuthentication>
  ) : (
    booking
  );
  return PRACTICE_SIDE.some((prefix) => path.startsWith(prefix)) ? (
    <SsoBootstrap>{authenticated}</SsoBootstrap>
  ) : (
    authenticated
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // The landing page for doctors or the patient home (app/landingSwitch.ts).
      { index: true, element: <IndexRoute /> },
      { path: 'appointments/:id/start-survey', element: <StartSurveyRoute /> },
      // The survey app (practice-portal.md §2.11; decision 0074): opened from a signed link, no sign-in.
      { path: 'survey/appointment/:id', element: <SurveyWelcomePage /> },
      { path: 'survey/appointment/:id/questions', element: <SurveyQuestionsPage /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      // The login screen's other addresses (patient-booking.md §2.1, §2.7): /account, the feedback variant of a
      // patient review, and the vaccination passport variant (which signs a user out first, so no guest-only guard).
      {
        path: 'account',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'patient-review/appointments/:id/login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: 'vaccine-passport/login', element: <LoginPage /> },
      { path: 'callback', element: <CallbackPage /> },
      { path: 'provider-search', element: <ProviderSearchPage /> },
      {
        path: 'super-user/dashboard',
        element: <PracticesDashboardPage />,
        handle: PRACTICE_BREADCRUMBS['super-user/dashboard'],
      },
      { path: 'sso', element: <SsoPage /> },
      // Password recovery (patient-booking.md §2.8), top-level, under /account and under a patient review.
      ...['', 'account/', 'patient-review/appointments/:id/'].flatMap((prefix) => [
        { path: `${prefix}forgot-password`, element: <ForgotPasswordPage /> },
        {
          path: `${prefix}verify-code`,
          element: (
            <RequireRecoveryUser>
              <VerifyCodePage />
            </RequireRecoveryUser>
          ),
        },
        {
          path: `${prefix}reset-password`,
          element: (
            <RequireVerifiedRecovery>
              <ResetPasswordPage />
            </RequireVerifiedRecovery>
          ),
        },
      ]),
      {
        path: 'account/activation-code-question',
        element: (
          <GuestOnly>
            <ActivationCodeQuestionPage />
          </GuestOnly>
        ),
      },
      {
        path: 'super-user/practice-onboarding/wizard',
        element: <OnboardingWizardPage />,
        handle: PRACTICE_BREADCRUMBS['super-user/practice-onboarding/wizard'],
      },
      {
        path: 'practice-onboarding',
        element: guarded('practice-onboarding', <OnboardingWizardPage />),
        handle: PRACTICE_BREADCRUMBS['practice-onboarding'],
      },
      {
        path: 'super-user/marketplace',
        element: <MarketplaceAdminPage />,
        handle: PRACTICE_BREADCRUMBS['super-user/marketplace'],
      },
      {
        path: 'super-user/settings',
        element: <PlatformSettingsPage />,
        handle: PRACTICE_BREADCRUMBS['super-user/settings'],
      },
      {
        path: 'super-user/settings/demo-requests',
        element: <DemoRequestsPage />,
        handle: PRACTICE_BREADCRUMBS['super-user/settings/demo-requests'],
      },
      { path: 'book/book-appointment-form', element: <BookAppointmentFormPage /> },
      // The booking flow's middle stages (patient-booking.md §2.1, §4.2).
      { path: 'screening-form', element: <ScreeningFormPage /> },
      {
        path: 'verification/phone-verify',
        element: (
          <RequireBookingFlow>
            <PhoneVerifyPage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/collect-patient-demographics',
        element: (
          <RequireBookingFlow>
            <DemographicsPage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/insurance-confirmation',
        element: (
          <RequireBookingFlow>
            <InsuranceConfirmationPage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/collect-insurance',
        element: (
          <RequireBookingFlow>
            <CollectInsurancePage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/add-card',
        element: (
          <RequireBookingFlow>
            <AddCardPage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/pay',
        element: (
          <RequireBookingFlow>
            <PayPage />
          </RequireBookingFlow>
        ),
      },
      {
        path: 'book/pay-paypal',
        element: (
          <RequireBookingFlow>
            <PayPalPage />
          </RequireBookingFlow>
        ),
      },
      // The patient portal (the spec's {portalBase}, built in): behind the authentication guard.
      {
        path: 'portal',
        element: (
          <RequireAuthentication>
            <PortalLayout />
          </RequireAuthentication>
        ),
        children: [
          { index: true, element: <PortalAppointmentsPage /> },
          { path: 'profile', element: <PortalProfileSettingsPage /> },
          // The patient's Settings link (practice-portal.md §2.2: {patientPortalBaseUrl}/settings) opens the profile.
          { path: 'settings', element: <RedirectTo to="/portal/profile" /> },
          { path: 'health/appointments/:kind/details/:id', element: <PortalAppointmentDetailsPage /> },
        ],
      },
      {
        path: 'support-agent/dashboard',
        element: <SupportDashboardPage />,
        handle: PRACTICE_BREADCRUMBS['support-agent/dashboard'],
      },
      { path: 'providers/:id', element: <ProviderProfilePage /> },
      {
        path: 'dashboard/appointment-requests',
        element: guarded('dashboard/appointment-requests', <AppointmentRequestsPage />),
        handle: PRACTICE_BREADCRUMBS['dashboard/appointment-requests'],
      },
      { path: 'practice/:nameIdentity', element: <PracticeProfilePage /> },
      // The practice's day (practice-portal.md §2.2, §2.6): dashboards by role and the practice calendar.
      {
        path: 'dashboard/doctor',
        element: guarded('dashboard/doctor', <DoctorDashboardPage />),
        handle: PRACTICE_BREADCRUMBS['dashboard/doctor'],
      },
      {
        path: 'dashboard/practice-staff',
        element: guarded('dashboard/practice-staff', <StaffDashboardPage />),
        handle: PRACTICE_BREADCRUMBS['dashboard/practice-staff'],
      },
      {
        path: 'practice-admin/dashboard',
        element: guarded('practice-admin/dashboard', <PracticeAdminDashboardPage />),
        handle: PRACTICE_BREADCRUMBS['practice-admin/dashboard'],
      },
      {
        path: 'providers/:userId/calendar',
        element: guarded('providers/:userId/calendar', <PracticeCalendarPage variant="provider" />),
        handle: PRACTICE_BREADCRUMBS['providers/:userId/calendar'],
      },
      {
        path: 'staff-member/calendar',
        element: guarded('staff-member/calendar', <PracticeCalendarPage variant="staff" />),
        handle: PRACTICE_BREADCRUMBS['staff-member/calendar'],
      },
      {
        path: 'practice-admin/calendar',
        element: guarded('practice-admin/calendar', <PracticeCalendarPage variant="admin" />),
        handle: PRACTICE_BREADCRUMBS['practice-admin/calendar'],
      },
      // The practice's patient surveys (practice-portal.md §2.11), one screen at each role's address.
      ...(['providers/:userId/surveys', 'practice-admin/surveys', 'staff-member/surveys'] as const).map(
        (path) => ({
          path,
          element: guarded(path, <SurveysPage />),
          handle: PRACTICE_BREADCRUMBS[path],
        }),
      ),
      // The practice admin's settings (practice-portal.md §2.2, §7 Administration): one child route a section
      // (features/practice-settings/settingsSections.ts); Settings in the menu opens the user list.
      {
        path: 'practice-admin/settings',
        element: guarded(
          'practice-admin/settings/user/list',
          <SettingsGate frame={<SettingsLayout />} staffUsers={<UsersPage />} />,
        ),
        handle: PRACTICE_BREADCRUMBS['practice-admin/settings'],
        children: [
          { index: true, element: <RedirectTo to="/practice-admin/settings/user/list" /> },
          { path: 'schedules', element: <SchedulesSettingsPage /> },
          { path: 'reasons', element: <ReasonsSettingsPage /> },
          { path: 'communication', element: <CommunicationSettingsPage /> },
          { path: 'user/list', element: <UsersPage />, handle: { breadcrumb: 'users' } },
          { path: 'reminders', element: <ReminderSettingsPage /> },
          // Organization, locations, resources, care teams and patient portal (features/organization-settings).
          { path: 'organization', element: <OrganizationSettingsPage /> },
          { path: 'locations', element: <LocationsSettingsPage /> },
          { path: 'resources', element: <ResourcesSettingsPage /> },
          { path: 'care-teams', element: <CareTeamsSettingsPage /> },
          { path: 'patient-portal', element: <PatientPortalSettingsPage /> },
          { path: 'page-profile', element: <PageProfileSettingsPage /> },
          { path: 'access-control', element: <AccessControlPage /> },
          { path: 'reputation', element: <ReputationSettingsPage /> },
          { path: 'payments', element: <PaymentSettingsPage /> },
        ],
      },
      // The financial super user's home (decision 0056): every practice's payment configuration and payments, read-only.
      {
        path: 'super-user/finance',
        element: guarded('super-user/finance', <FinanceHomePage />),
        handle: PRACTICE_BREADCRUMBS['super-user/finance'],
      },
      // The invited provider's or staff member's activation link (decision 0052).
      { path: 'account/activate', element: <ActivateAccountPage /> },
      // A provider's settings (practice-portal.md §2.2): its own small frame with four sections.
      {
        path: 'providers/:userId/settings',
        element: guarded('providers/:userId/settings', <ProviderSettingsLayout />),
        handle: { breadcrumb: 'settings', fromHome: true },
        children: [
          { index: true, element: <RedirectTo to="edit" /> },
          { path: 'edit', element: <ProviderEditProfilePage /> },
          { path: 'payment-method', element: <ProviderPaymentMethodPage /> },
          { path: 'account/change-password', element: <ProviderChangePasswordPage /> },
          { path: 'service', element: <ProviderServicesPage /> },
        ],
      },
      // Reports (practice-portal.md §2.2): the SMS the practice sent.
      {
        path: 'practice-admin/reports/message-logs',
        element: guarded('practice-admin/reports/message-logs', <MessageLogsPage />),
        handle: PRACTICE_BREADCRUMBS['practice-admin/reports/message-logs'],
      },
      // The Check-In Summary of each practice role (practice-portal.md §2.12, §6 menu rules).
      ...['practice-admin/digital-checkin', 'providers/digital-checkin', 'staff-member/digital-checkin'].map(
        (path) => ({
          path,
          element: guarded(path, <CheckInSummaryPage />),
        }),
      ),
      // Reputation Management opens this in a new tab: it posts the hidden sign-on form (§2.10).
      {
        path: 'reputation-management/single-sign-on',
        element: guarded('reputation-management/single-sign-on', <ReputationSignOnPage />),
      },
      // The rest of the route map (patient-booking.md §2.1; decision 0041): legal pages, about, sign-up addresses,
      // the patient's pages, the user's home, the message-link action and the phone apps' start page.
      { path: 'privacy-policy', element: <LegalDocumentPage document="privacy" /> },
      { path: 'terms-of-use', element: <LegalDocumentPage document="terms" /> },
      { path: 'about-us', element: <LegalDocumentPage document="about" /> },
      ...['signup', 'account/signup'].map((path) => ({
        path,
        element: <RedirectTo to="/account/activation-code-question" />,
      })),
      ...['social-signup', 'account/social-signup'].map((path) => ({
        path,
        element: (
          <GuestOnly>
            <SocialSignupPage />
          </GuestOnly>
        ),
      })),
      ...['patient', 'patient/*'].map((path) => ({
        path,
        element: (
          <RequireAuthentication>
            <PatientPages />
          </RequireAuthentication>
        ),
      })),
      ...['user', 'user/*'].map((path) => ({ path, element: <UserHome /> })),
      { path: 'providers', element: <RedirectTo to="/provider-search" /> },
      { path: 'staff-member', element: <RedirectTo to="/staff-member/calendar" /> },
      ...['appointment-action', 'appointment-action/*'].map((path) => ({
        path,
        element: <AppointmentActionPage />,
      })),
      ...['mobile', 'mobile/*'].map((path) => ({ path, element: <MobilePage /> })),
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
