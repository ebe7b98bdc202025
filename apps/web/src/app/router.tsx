import { lazy } from 'react';
import { createBrowserRouter, useParams, type RouteObject } from 'react-router';
import {
  GuestOnly,
  PatientOr,
  RequireAuthentication,
  RequireBookingFlow,
} from '../features/identity/guards/Guards';
import { RequireRecoveryUser, RequireVerifiedRecovery } from '../features/identity/recovery/RecoveryGuards';
import { IndexRoute } from './routes/IndexRoute';
import { NotFoundPage } from './routes/NotFoundPage';
import type { PracticeScreen } from './routes/practiceScreens';
import { isPracticeSide, withPatientGuards } from './routes/routeGuards';
import { StartSurveyRoute } from './routes/StartSurveyRoute';
import { PatientPages, RedirectTo, UserHome } from '../features/pages/routes/RouteRedirects';
import { PRACTICE_BREADCRUMBS } from './breadcrumbs';
import { RootLayout } from './RootLayout';

// Screens load with their route so the first visit downloads only the shell and the page it opens.
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
const PatientReviewPage = lazy(() =>
  import('../features/portal/routes/PatientReviewPage').then((m) => ({ default: m.PatientReviewPage })),
);
const PortalInboxPage = lazy(() =>
  import('../features/portal/routes/InboxPage').then((m) => ({ default: m.PortalInboxPage })),
);
const PortalThreadPage = lazy(() =>
  import('../features/portal/routes/ThreadPage').then((m) => ({ default: m.PortalThreadPage })),
);
const PortalBillingPage = lazy(() =>
  import('../features/billing/routes/PortalBillingPage').then((m) => ({ default: m.PortalBillingPage })),
);
const CopayPayPage = lazy(() =>
  import('../features/billing/routes/CopayPayPage').then((m) => ({ default: m.CopayPayPage })),
);
const HealthRecordPage = lazy(() =>
  import('../features/clinical-record/routes/HealthRecordPage').then((m) => ({
    default: m.HealthRecordPage,
  })),
);
const VaccinePassportPage = lazy(() =>
  import('../features/clinical-record/routes/VaccinePassportPage').then((m) => ({
    default: m.VaccinePassportPage,
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
  import('../features/patient-survey/routes/SurveyWelcomePage').then((m) => ({
    default: m.SurveyWelcomePage,
  })),
);
const CheckInPage = lazy(() =>
  import('../features/checkin/routes/CheckInPage').then((m) => ({ default: m.CheckInPage })),
);
const SurveyQuestionsPage = lazy(() =>
  import('../features/patient-survey/routes/SurveyQuestionsPage').then((m) => ({
    default: m.SurveyQuestionsPage,
  })),
);
const SocialSignupPage = lazy(() =>
  import('../features/identity/routes/SocialSignupPage').then((m) => ({ default: m.SocialSignupPage })),
);
// Video visits (practice-portal.md §2.8): readiness, the waiting room and the call, the guest link, /validate.
const DeviceManagementPage = lazy(() =>
  import('../features/telehealth/routes/DeviceManagementPage').then((m) => ({
    default: m.DeviceManagementPage,
  })),
);
const MeetingRoomPage = lazy(() =>
  import('../features/telehealth/routes/MeetingRoomPage').then((m) => ({ default: m.MeetingRoomPage })),
);
const GuestLinkPage = lazy(() =>
  import('../features/telehealth/routes/MeetingEntryPages').then((m) => ({ default: m.GuestLinkPage })),
);
const ValidatePage = lazy(() =>
  import('../features/telehealth/routes/MeetingEntryPages').then((m) => ({ default: m.ValidatePage })),
);
// The practice side's screens and guards load together on its first address (routes/practiceScreens.tsx;
// decision 0075): the table below keeps its addresses, breadcrumbs and 404 entries as plain data.
const PracticeRoute = lazy(() =>
  import('./routes/practiceScreens').then((m) => ({ default: m.PracticeRoute })),
);
const practice = (screen: PracticeScreen) => <PracticeRoute screen={screen} />;

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
  // telehealth: the meeting's other addresses
  'uri/*',
  'meeting/*',
  'meeting/uri/*',
  'dashboard/*',
  'dashboard/careslot',
  'careslot',
  'reputation-management/*',
  'patient-review/*',
  'patient-review/appointments/:id/signup',
  // account routes (patient-booking.md §2.1)
  // built into the product (spec README): the patient portal and the survey app
  'survey/*',
  'notFound',
] as const;

function PatientReviewRoute() {
  const { id = '' } = useParams();
  return (
    <RequireAuthentication loginPath={`/patient-review/appointments/${encodeURIComponent(id)}/login`}>
      <PatientReviewPage />
    </RequireAuthentication>
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
      // The patient's digital check-in (issue 26; decision 0094): the link's opaque token is the whole address.
      { path: 'check-in/:token', element: <CheckInPage /> },
      // Its short link (the desk's QR code): the code opens the same check-in.
      { path: 'c/:token', element: <CheckInPage /> },
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
      // The patient-review route (patient-booking.md §2.7; issue 26 item 5): a signed-out patient goes to its
      // feedback login, which comes back here.
      { path: 'patient-review/appointments/:id', element: <PatientReviewRoute /> },
      {
        path: 'patient-review/appointments/:id/login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: 'vaccine-passport/login', element: <LoginPage /> },
      // The vaccination passport (issue 27): a signed-in patient's SMART Health Card; anyone else its login.
      {
        path: 'vaccine-passport',
        element: (
          <PatientOr otherwise={<LoginPage />}>
            <VaccinePassportPage />
          </PatientOr>
        ),
      },
      { path: 'callback', element: <CallbackPage /> },
      { path: 'provider-search', element: <ProviderSearchPage /> },
      {
        path: 'super-user/dashboard',
        element: practice('super-user/dashboard'),
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
        element: practice('super-user/practice-onboarding/wizard'),
        handle: PRACTICE_BREADCRUMBS['super-user/practice-onboarding/wizard'],
      },
      {
        path: 'practice-onboarding',
        element: practice('practice-onboarding'),
        handle: PRACTICE_BREADCRUMBS['practice-onboarding'],
      },
      {
        path: 'super-user/marketplace',
        element: practice('super-user/marketplace'),
        handle: PRACTICE_BREADCRUMBS['super-user/marketplace'],
      },
      {
        path: 'super-user/settings',
        element: practice('super-user/settings'),
        handle: PRACTICE_BREADCRUMBS['super-user/settings'],
      },
      {
        path: 'super-user/settings/demo-requests',
        element: practice('super-user/settings/demo-requests'),
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
          { path: 'billing', element: <PortalBillingPage /> },
          // The patient inbox (issue 28).
          { path: 'messages', element: <PortalInboxPage /> },
          { path: 'messages/:id', element: <PortalThreadPage /> },
          // The patient's own clinical record (issue 27).
          { path: 'record', element: <HealthRecordPage /> },
          // The patient's Settings link (practice-portal.md §2.2: {patientPortalBaseUrl}/settings) opens the profile.
          { path: 'settings', element: <RedirectTo to="/portal/profile" /> },
          { path: 'health/appointments/:kind/details/:id', element: <PortalAppointmentDetailsPage /> },
        ],
      },
      {
        path: 'support-agent/dashboard',
        element: practice('support-agent/dashboard'),
        handle: PRACTICE_BREADCRUMBS['support-agent/dashboard'],
      },
      { path: 'providers/:id', element: <ProviderProfilePage /> },
      {
        path: 'dashboard/appointment-requests',
        element: practice('dashboard/appointment-requests'),
        handle: PRACTICE_BREADCRUMBS['dashboard/appointment-requests'],
      },
      { path: 'practice/:nameIdentity', element: <PracticeProfilePage /> },
      // The practice's day (practice-portal.md §2.2, §2.6): dashboards by role and the practice calendar.
      {
        path: 'dashboard/doctor',
        element: practice('dashboard/doctor'),
        handle: PRACTICE_BREADCRUMBS['dashboard/doctor'],
      },
      {
        path: 'dashboard/practice-staff',
        element: practice('dashboard/practice-staff'),
        handle: PRACTICE_BREADCRUMBS['dashboard/practice-staff'],
      },
      {
        path: 'practice-admin/dashboard',
        element: practice('practice-admin/dashboard'),
        handle: PRACTICE_BREADCRUMBS['practice-admin/dashboard'],
      },
      {
        path: 'providers/:userId/calendar',
        element: practice('providers/:userId/calendar'),
        handle: PRACTICE_BREADCRUMBS['providers/:userId/calendar'],
      },
      {
        path: 'staff-member/calendar',
        element: practice('staff-member/calendar'),
        handle: PRACTICE_BREADCRUMBS['staff-member/calendar'],
      },
      {
        path: 'practice-admin/calendar',
        element: practice('practice-admin/calendar'),
        handle: PRACTICE_BREADCRUMBS['practice-admin/calendar'],
      },
      // The practice's patient surveys (practice-portal.md §2.11), one screen at each role's address.
      ...(['providers/:userId/surveys', 'practice-admin/surveys', 'staff-member/surveys'] as const).map(
        (path) => ({
          path,
          element: practice(path),
          handle: PRACTICE_BREADCRUMBS[path],
        }),
      ),
      // The practice admin's settings (practice-portal.md §2.2, §7 Administration): one child route a section
      // (features/practice-settings/settingsSections.ts); Settings in the menu opens the user list.
      {
        path: 'practice-admin/settings',
        element: practice('practice-admin/settings'),
        handle: PRACTICE_BREADCRUMBS['practice-admin/settings'],
        children: [
          { index: true, element: <RedirectTo to="/practice-admin/settings/user/list" /> },
          { path: 'schedules', element: practice('practice-admin/settings/schedules') },
          { path: 'reasons', element: practice('practice-admin/settings/reasons') },
          { path: 'communication', element: practice('practice-admin/settings/communication') },
          {
            path: 'user/list',
            element: practice('practice-admin/settings/user/list'),
            handle: { breadcrumb: 'users' },
          },
          { path: 'reminders', element: practice('practice-admin/settings/reminders') },
          // Organization, locations, resources, care teams and patient portal (features/organization-settings).
          { path: 'organization', element: practice('practice-admin/settings/organization') },
          { path: 'locations', element: practice('practice-admin/settings/locations') },
          { path: 'resources', element: practice('practice-admin/settings/resources') },
          { path: 'care-teams', element: practice('practice-admin/settings/care-teams') },
          { path: 'patient-portal', element: practice('practice-admin/settings/patient-portal') },
          { path: 'page-profile', element: practice('practice-admin/settings/page-profile') },
          { path: 'access-control', element: practice('practice-admin/settings/access-control') },
          { path: 'reputation', element: practice('practice-admin/settings/reputation') },
          { path: 'forms', element: practice('practice-admin/settings/forms') },
          { path: 'payments', element: practice('practice-admin/settings/payments') },
        ],
      },
      // The financial super user's home (decision 0056): every practice's payment configuration and payments, read-only.
      {
        path: 'super-user/finance',
        element: practice('super-user/finance'),
        handle: PRACTICE_BREADCRUMBS['super-user/finance'],
      },
      // The invited provider's or staff member's activation link (decision 0052).
      { path: 'account/activate', element: practice('account/activate') },
      // The link of a change of login e-mail, sent to the new address (decision 0085).
      { path: 'account/confirm-email', element: practice('account/confirm-email') },
      // A provider's settings (practice-portal.md §2.2): its own small frame with four sections.
      {
        path: 'providers/:userId/settings',
        element: practice('providers/:userId/settings'),
        handle: { breadcrumb: 'settings', fromHome: true },
        children: [
          { index: true, element: <RedirectTo to="edit" /> },
          { path: 'edit', element: practice('providers/:userId/settings/edit') },
          { path: 'payment-method', element: practice('providers/:userId/settings/payment-method') },
          {
            path: 'account/change-password',
            element: practice('providers/:userId/settings/account/change-password'),
          },
          {
            path: 'account/change-email',
            element: practice('providers/:userId/settings/account/change-email'),
          },
          {
            path: 'account/two-step',
            element: practice('providers/:userId/settings/account/two-step'),
          },
          { path: 'service', element: practice('providers/:userId/settings/service') },
        ],
      },
      // Billing (issue 28): the practice's invoices, payments and refunds.
      {
        path: 'practice-admin/billing',
        element: practice('practice-admin/billing'),
        handle: PRACTICE_BREADCRUMBS['practice-admin/billing'],
      },
      // A copay request's payment link (no sign-in: the link is the credential).
      { path: 'pay/copay', element: <CopayPayPage /> },
      // Reports (practice-portal.md §2.2): the SMS the practice sent.
      {
        path: 'practice-admin/reports/message-logs',
        element: practice('practice-admin/reports/message-logs'),
        handle: PRACTICE_BREADCRUMBS['practice-admin/reports/message-logs'],
      },
      // The checked-in and confirmations reports (§2.13), the activity and session logs (§3.9; issue 28).
      ...(
        [
          'practice-admin/reports/checked-in',
          'practice-admin/reports/confirmations',
          'practice-admin/reports/activity-log',
          'practice-admin/reports/session-log',
        ] as const
      ).map((path) => ({ path, element: practice(path), handle: PRACTICE_BREADCRUMBS[path] })),
      // The Check-In Summary of each practice role (practice-portal.md §2.12, §6 menu rules).
      ...(
        [
          'practice-admin/digital-checkin',
          'providers/digital-checkin',
          'staff-member/digital-checkin',
        ] as const
      ).map((path) => ({ path, element: practice(path) })),
      // Reputation Management opens this in a new tab: it posts the hidden sign-on form (§2.10).
      {
        path: 'reputation-management/single-sign-on',
        element: practice('reputation-management/single-sign-on'),
      },
      { path: 'reputation-management/reviews', element: practice('reputation-management/reviews') },
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
      { path: 'staff-member', element: practice('staff-member') },
      ...['appointment-action', 'appointment-action/*'].map((path) => ({
        path,
        element: <AppointmentActionPage />,
      })),
      ...['mobile', 'mobile/*'].map((path) => ({ path, element: <MobilePage /> })),
      // Video visits: a signed-in participant's pages, and a guest's under 'uri' (the header's guest session).
      {
        path: 'meeting/device-management',
        element: (
          <RequireAuthentication>
            <DeviceManagementPage />
          </RequireAuthentication>
        ),
      },
      {
        path: 'meeting/room',
        element: (
          <RequireAuthentication>
            <MeetingRoomPage />
          </RequireAuthentication>
        ),
      },
      {
        path: 'validate',
        element: (
          <RequireAuthentication>
            <ValidatePage />
          </RequireAuthentication>
        ),
      },
      { path: 'uri', element: <GuestLinkPage /> },
      { path: 'meeting/uri', element: <GuestLinkPage /> },
      { path: 'meeting/uri/device-management', element: <DeviceManagementPage /> },
      { path: 'meeting/uri/room', element: <MeetingRoomPage /> },
      ...NOT_BUILT_YET.map((path) => ({
        path,
        // The authentication guard of §2.2 already stands in front of patient, dashboard and reputation-management;
        // a practice-side family's guards load with the practice route module.
        element: isPracticeSide(path) ? (
          <PracticeRoute notFound={path} />
        ) : (
          withPatientGuards(path, <NotFoundPage />)
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
