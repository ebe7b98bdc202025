import { lazy, type ReactNode } from 'react';
import { RequirePermission } from '../../features/identity/guards/Guards';
import { SsoBootstrap } from '../../features/identity/guards/SsoBootstrap';
import { RedirectTo } from '../../features/pages/routes/RouteRedirects';
import { NotFoundPage } from './NotFoundPage';
import { RequireFeature } from './RequireFeature';
import { isPracticeSide, withPatientGuards } from './routeGuards';
import { SettingsGate } from './SettingsGate';

/*
 * The practice side's screens and guards (decision 0075). The shell's route table (router.tsx) keeps every
 * address, breadcrumb and 404 entry as plain data and renders <PracticeRoute> there; this module, with its
 * ~40 lazy screens, loads on the first practice address, so patient pages never download it.
 */

const PracticesDashboardPage = lazy(() =>
  import('../../features/practices/routes/PracticesDashboardPage').then((m) => ({
    default: m.PracticesDashboardPage,
  })),
);
const SupportDashboardPage = lazy(() =>
  import('../../features/support/routes/SupportDashboardPage').then((m) => ({
    default: m.SupportDashboardPage,
  })),
);
const AppointmentRequestsPage = lazy(() =>
  import('../../features/appointment-requests/routes/AppointmentRequestsPage').then((m) => ({
    default: m.AppointmentRequestsPage,
  })),
);
const DoctorDashboardPage = lazy(() =>
  import('../../features/practice-day/routes/DoctorDashboardPage').then((m) => ({
    default: m.DoctorDashboardPage,
  })),
);
const StaffDashboardPage = lazy(() =>
  import('../../features/practice-day/routes/StaffDashboardPage').then((m) => ({
    default: m.StaffDashboardPage,
  })),
);
const PracticeAdminDashboardPage = lazy(() =>
  import('../../features/practice-day/routes/PracticeAdminDashboardPage').then((m) => ({
    default: m.PracticeAdminDashboardPage,
  })),
);
const PracticeCalendarPage = lazy(() =>
  import('../../features/practice-day/routes/PracticeCalendarPage').then((m) => ({
    default: m.PracticeCalendarPage,
  })),
);
const DemoRequestsPage = lazy(() =>
  import('../../features/demo-requests/routes/DemoRequestsPage').then((m) => ({
    default: m.DemoRequestsPage,
  })),
);
const SurveysPage = lazy(() =>
  import('../../features/surveys/routes/SurveysPage').then((m) => ({ default: m.SurveysPage })),
);
const SettingsLayout = lazy(() =>
  import('../../features/practice-settings/routes/SettingsLayout').then((m) => ({
    default: m.SettingsLayout,
  })),
);
const SchedulesSettingsPage = lazy(() =>
  import('../../features/schedule-settings/routes/SchedulesSettingsPage').then((m) => ({
    default: m.SchedulesSettingsPage,
  })),
);
const ReasonsSettingsPage = lazy(() =>
  import('../../features/schedule-settings/routes/ReasonsSettingsPage').then((m) => ({
    default: m.ReasonsSettingsPage,
  })),
);
const CommunicationSettingsPage = lazy(() =>
  import('../../features/communication-settings/routes/CommunicationSettingsPage').then((m) => ({
    default: m.CommunicationSettingsPage,
  })),
);
const PracticeBillingPage = lazy(() =>
  import('../../features/billing/routes/PracticeBillingPage').then((m) => ({
    default: m.PracticeBillingPage,
  })),
);
const CheckedInReportPage = lazy(() =>
  import('../../features/reports/routes/ReportPage').then((m) => ({ default: m.CheckedInReportPage })),
);
const ConfirmationsReportPage = lazy(() =>
  import('../../features/reports/routes/ReportPage').then((m) => ({ default: m.ConfirmationsReportPage })),
);
const ActivityLogPage = lazy(() =>
  import('../../features/activity-logs/routes/LogPage').then((m) => ({ default: m.ActivityLogPage })),
);
const SessionLogPage = lazy(() =>
  import('../../features/activity-logs/routes/LogPage').then((m) => ({ default: m.SessionLogPage })),
);
const MessageLogsPage = lazy(() =>
  import('../../features/message-logs/routes/MessageLogsPage').then((m) => ({ default: m.MessageLogsPage })),
);
const UsersPage = lazy(() =>
  import('../../features/practice-users/routes/UsersPage').then((m) => ({ default: m.UsersPage })),
);
const ActivateAccountPage = lazy(() =>
  import('../../features/identity/routes/ActivateAccountPage').then((m) => ({
    default: m.ActivateAccountPage,
  })),
);
const ConfirmEmailPage = lazy(() =>
  import('../../features/identity/routes/ConfirmEmailPage').then((m) => ({
    default: m.ConfirmEmailPage,
  })),
);
const ProviderTwoStepPage = lazy(() =>
  import('../../features/mfa/TwoStepSignInPage').then((m) => ({ default: m.TwoStepSignInPage })),
);
const ProviderChangeEmailPage = lazy(() =>
  import('../../features/provider-settings/routes/ChangeEmailPage').then((m) => ({
    default: m.ChangeEmailPage,
  })),
);
const ProviderSettingsLayout = lazy(() =>
  import('../../features/provider-settings/routes/ProviderSettingsLayout').then((m) => ({
    default: m.ProviderSettingsLayout,
  })),
);
const ProviderEditProfilePage = lazy(() =>
  import('../../features/provider-settings/routes/EditProfilePage').then((m) => ({
    default: m.EditProfilePage,
  })),
);
const ProviderPaymentMethodPage = lazy(() =>
  import('../../features/provider-settings/routes/PaymentMethodPage').then((m) => ({
    default: m.PaymentMethodPage,
  })),
);
const ProviderChangePasswordPage = lazy(() =>
  import('../../features/provider-settings/routes/ChangePasswordPage').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const ProviderServicesPage = lazy(() =>
  import('../../features/provider-settings/routes/ServicesPage').then((m) => ({ default: m.ServicesPage })),
);
const ReminderSettingsPage = lazy(() =>
  import('../../features/reminder-settings/routes/ReminderSettingsPage').then((m) => ({
    default: m.ReminderSettingsPage,
  })),
);
const OrganizationSettingsPage = lazy(() =>
  import('../../features/organization-settings/routes/OrganizationSettingsPage').then((m) => ({
    default: m.OrganizationSettingsPage,
  })),
);
const LocationsSettingsPage = lazy(() =>
  import('../../features/organization-settings/routes/LocationsSettingsPage').then((m) => ({
    default: m.LocationsSettingsPage,
  })),
);
const ResourcesSettingsPage = lazy(() =>
  import('../../features/organization-settings/routes/ResourcesSettingsPage').then((m) => ({
    default: m.ResourcesSettingsPage,
  })),
);
const CareTeamsSettingsPage = lazy(() =>
  import('../../features/organization-settings/routes/CareTeamsSettingsPage').then((m) => ({
    default: m.CareTeamsSettingsPage,
  })),
);
const PatientPortalSettingsPage = lazy(() =>
  import('../../features/organization-settings/routes/PatientPortalSettingsPage').then((m) => ({
    default: m.PatientPortalSettingsPage,
  })),
);
const OnboardingWizardPage = lazy(() =>
  import('../../features/onboarding/routes/OnboardingWizardPage').then((m) => ({
    default: m.OnboardingWizardPage,
  })),
);
const MarketplaceAdminPage = lazy(() =>
  import('../../features/marketplace-admin/routes/MarketplaceAdminPage').then((m) => ({
    default: m.MarketplaceAdminPage,
  })),
);
const PageProfileSettingsPage = lazy(() =>
  import('../../features/marketplace-admin/routes/PageProfileSettingsPage').then((m) => ({
    default: m.PageProfileSettingsPage,
  })),
);
const PlatformSettingsPage = lazy(() =>
  import('../../features/platform-settings/routes/PlatformSettingsPage').then((m) => ({
    default: m.PlatformSettingsPage,
  })),
);
const FormBuilderPage = lazy(() =>
  import('./FormBuilderScreen').then((m) => ({ default: m.FormBuilderScreen })),
);
const ReputationSettingsPage = lazy(() =>
  import('../../features/reputation-settings/routes/ReputationSettingsPage').then((m) => ({
    default: m.ReputationSettingsPage,
  })),
);
const PatientReviewsPage = lazy(() =>
  import('../../features/reputation-settings/routes/PatientReviewsPage').then((m) => ({
    default: m.PatientReviewsPage,
  })),
);
const ReputationSignOnPage = lazy(() =>
  import('../../features/reputation-settings/routes/ReputationSignOnPage').then((m) => ({
    default: m.ReputationSignOnPage,
  })),
);
const AccessControlPage = lazy(() =>
  import('../../features/access-control/routes/AccessControlPage').then((m) => ({
    default: m.AccessControlPage,
  })),
);
const CheckInSummaryPage = lazy(() =>
  import('../../features/checkin-summary/routes/CheckInSummaryPage').then((m) => ({
    default: m.CheckInSummaryPage,
  })),
);
const PaymentSettingsPage = lazy(() =>
  import('../../features/payment-settings/routes/PaymentSettingsPage').then((m) => ({
    default: m.PaymentSettingsPage,
  })),
);
const FinanceHomePage = lazy(() =>
  import('../../features/finance/routes/FinanceHomePage').then((m) => ({ default: m.FinanceHomePage })),
);

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

/** The identity guards a route family stands behind (patient-booking.md §2.2, §4.8). */
export function guarded(path: string, element: ReactNode): ReactNode {
  const permission = PERMISSIONS.find(([prefix]) => path.startsWith(prefix));
  const permitted = permission ? (
    <RequirePermission permissions={permission[1]}>{element}</RequirePermission>
  ) : (
    element
  );
  const authenticated = withPatientGuards(path, permitted);
  return isPracticeSide(path) ? <SsoBootstrap>{authenticated}</SsoBootstrap> : authenticated;
}

// A feature the practice switched off for the user's roles is refused at its address, not only left out of the menu.
const checkInSummary = (
  <RequireFeature feature="checkInSummary">
    <CheckInSummaryPage />
  </RequireFeature>
);
const surveys = (
  <RequireFeature feature="surveys">
    <SurveysPage />
  </RequireFeature>
);

/** Each practice route of the shell's table (by its full path) and what it renders, guards included. */
const SCREENS = {
  'super-user/dashboard': <PracticesDashboardPage />,
  'super-user/practice-onboarding/wizard': <OnboardingWizardPage />,
  'practice-onboarding': guarded('practice-onboarding', <OnboardingWizardPage />),
  'super-user/marketplace': <MarketplaceAdminPage />,
  'super-user/settings': <PlatformSettingsPage />,
  'super-user/settings/demo-requests': <DemoRequestsPage />,
  'support-agent/dashboard': <SupportDashboardPage />,
  'dashboard/appointment-requests': guarded(
    'dashboard/appointment-requests',
    <RequireFeature feature="requests">
      <AppointmentRequestsPage />
    </RequireFeature>,
  ),
  // The practice's day (practice-portal.md §2.2, §2.6): dashboards by role and the practice calendar.
  'dashboard/doctor': guarded('dashboard/doctor', <DoctorDashboardPage />),
  'dashboard/practice-staff': guarded('dashboard/practice-staff', <StaffDashboardPage />),
  'practice-admin/dashboard': guarded('practice-admin/dashboard', <PracticeAdminDashboardPage />),
  'providers/:userId/calendar': guarded(
    'providers/:userId/calendar',
    <RequireFeature feature="calendar">
      <PracticeCalendarPage variant="provider" />
    </RequireFeature>,
  ),
  'staff-member/calendar': guarded(
    'staff-member/calendar',
    <RequireFeature feature="calendar">
      <PracticeCalendarPage variant="staff" />
    </RequireFeature>,
  ),
  'practice-admin/calendar': guarded(
    'practice-admin/calendar',
    <RequireFeature feature="calendar">
      <PracticeCalendarPage variant="admin" />
    </RequireFeature>,
  ),
  // The practice's patient surveys (practice-portal.md §2.11), one screen at each role's address.
  'providers/:userId/surveys': guarded('providers/:userId/surveys', surveys),
  'practice-admin/surveys': guarded('practice-admin/surveys', surveys),
  'staff-member/surveys': guarded('staff-member/surveys', surveys),
  // The practice admin's settings (practice-portal.md §2.2, §7 Administration): one child route a section
  // (features/practice-settings/settingsSections.ts); Settings in the menu opens the user list.
  'practice-admin/settings': guarded(
    'practice-admin/settings/user/list',
    <SettingsGate frame={<SettingsLayout />} staffUsers={<UsersPage />} />,
  ),
  'practice-admin/settings/schedules': <SchedulesSettingsPage />,
  'practice-admin/settings/reasons': <ReasonsSettingsPage />,
  'practice-admin/settings/communication': <CommunicationSettingsPage />,
  'practice-admin/settings/user/list': <UsersPage />,
  'practice-admin/settings/reminders': <ReminderSettingsPage />,
  // Organization, locations, resources, care teams and patient portal (features/organization-settings).
  'practice-admin/settings/organization': <OrganizationSettingsPage />,
  'practice-admin/settings/locations': <LocationsSettingsPage />,
  'practice-admin/settings/resources': <ResourcesSettingsPage />,
  'practice-admin/settings/care-teams': <CareTeamsSettingsPage />,
  'practice-admin/settings/patient-portal': <PatientPortalSettingsPage />,
  'practice-admin/settings/page-profile': <PageProfileSettingsPage />,
  'practice-admin/settings/access-control': <AccessControlPage />,
  'practice-admin/settings/reputation': <ReputationSettingsPage />,
  'practice-admin/settings/forms': <FormBuilderPage />,
  'practice-admin/settings/payments': <PaymentSettingsPage />,
  // The financial super user's home (decision 0056): every practice's payment configuration and payments, read-only.
  'super-user/finance': guarded('super-user/finance', <FinanceHomePage />),
  // The invited provider's or staff member's activation link (decision 0052).
  'account/activate': <ActivateAccountPage />,
  // The link of a change of login e-mail, sent to the new address (decision 0085).
  'account/confirm-email': <ConfirmEmailPage />,
  // A provider's settings (practice-portal.md §2.2): its own small frame with four sections.
  'providers/:userId/settings': guarded('providers/:userId/settings', <ProviderSettingsLayout />),
  'providers/:userId/settings/edit': <ProviderEditProfilePage />,
  'providers/:userId/settings/payment-method': <ProviderPaymentMethodPage />,
  'providers/:userId/settings/account/change-password': <ProviderChangePasswordPage />,
  'providers/:userId/settings/account/change-email': <ProviderChangeEmailPage />,
  'providers/:userId/settings/account/two-step': <ProviderTwoStepPage />,
  'providers/:userId/settings/service': <ProviderServicesPage />,
  // Reports (practice-portal.md §2.2): the SMS the practice sent.
  'practice-admin/reports/message-logs': guarded(
    'practice-admin/reports/message-logs',
    <RequireFeature feature="reports">
      <MessageLogsPage />
    </RequireFeature>,
  ),
  // The checked-in and confirmations reports (practice-portal.md §2.13, issue 28).
  'practice-admin/reports/checked-in': guarded(
    'practice-admin/reports/checked-in',
    <RequireFeature feature="reports">
      <CheckedInReportPage />
    </RequireFeature>,
  ),
  'practice-admin/reports/confirmations': guarded(
    'practice-admin/reports/confirmations',
    <RequireFeature feature="reports">
      <ConfirmationsReportPage />
    </RequireFeature>,
  ),
  // The practice's activity log and session log (practice-portal.md §3.9, §7 Logging; issue 28).
  'practice-admin/reports/activity-log': guarded(
    'practice-admin/reports/activity-log',
    <RequireFeature feature="reports">
      <ActivityLogPage />
    </RequireFeature>,
  ),
  'practice-admin/reports/session-log': guarded(
    'practice-admin/reports/session-log',
    <RequireFeature feature="reports">
      <SessionLogPage />
    </RequireFeature>,
  ),
  // Billing (issue 28): the practice's invoices, payments and refunds.
  'practice-admin/billing': guarded('practice-admin/billing', <PracticeBillingPage />),
  // The Check-In Summary of each practice role (practice-portal.md §2.12, §6 menu rules).
  'practice-admin/digital-checkin': guarded('practice-admin/digital-checkin', checkInSummary),
  'providers/digital-checkin': guarded('providers/digital-checkin', checkInSummary),
  'staff-member/digital-checkin': guarded('staff-member/digital-checkin', checkInSummary),
  // Reputation Management opens this in a new tab: it posts the hidden sign-on form (§2.10).
  // The practice's reviews by its patients (the patient-review route; issue 26 item 5).
  'reputation-management/reviews': guarded('reputation-management/reviews', <PatientReviewsPage />),
  'reputation-management/single-sign-on': guarded(
    'reputation-management/single-sign-on',
    <ReputationSignOnPage />,
  ),
  'staff-member': <RedirectTo to="/staff-member/calendar" />,
} satisfies Record<string, ReactNode>;

/** A practice route's path in the shell's table (router.tsx). */
export type PracticeScreen = keyof typeof SCREENS;

/**
 * What the shell renders at a practice route: the route's screen, or for a declared practice family whose
 * screens later issues build, the 404 page behind that family's guards.
 */
export function PracticeRoute(props: { screen: PracticeScreen } | { notFound: string }) {
  return 'screen' in props ? SCREENS[props.screen] : guarded(props.notFound, <NotFoundPage />);
}
