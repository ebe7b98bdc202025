import type { FeatureCode, UserType } from '@careslot/contracts';
import { HEADER_LINK_ORDER, homeForRoles, PATIENT_PORTAL_BASE } from '../../shared/session/roleHome';
import type { HeaderPlace } from './headerRules';

/**
 * Which role links, 'More' entries, notification bell and sidebar the header shows (practice-portal.md
 * §2.3 and the menu rules of §6). Pure: the header passes in who the user is, where they are and how wide
 * the screen is, and renders what comes back. Decision record 0013 explains the readings.
 */

/** The main items, in the spec's order; 'more' is where the 'More' dropdown sits among them. */
export type MenuItemId =
  | 'dashboard'
  | 'checkInSummary'
  | 'calendar'
  | 'surveys'
  | 'requests'
  | 'reports'
  | 'reputation'
  | 'settings';

/** Entries of the 'More' dropdown: the role's own pages (§2.2) that no main item leads to. */
export type MoreItemId =
  | 'practiceDashboard'
  | 'billing'
  | 'practiceSurveys'
  | 'practiceSettings'
  | 'paymentMethod'
  | 'services'
  | 'changePassword'
  | 'users'
  | 'marketplace'
  | 'platformSettings'
  | 'onboardingWizard'
  | 'demoRequests';

export interface MenuLink<Id extends string = MenuItemId> {
  id: Id;
  /** Key under common:header.menu. */
  label: string;
  to: string;
  /** Opens in a new tab (Reputation Management, practice-portal.md §2.10). */
  newTab?: boolean;
}

export interface MenuUser {
  roles: readonly string[];
  userType: UserType | null;
  userId: string | null;
}

export interface MenuContext {
  user: MenuUser | null;
  place: HeaderPlace;
  /** The screen is wider than 1500 px (constants.md breakpoints, 'More' dropdown). */
  wide: boolean;
  /** The deployment's global disable_calendar flag. */
  calendarDisabled: boolean;
  /** The signed-in user's practice has reputation management enabled. */
  reputationEnabled: boolean;
  /**
   * The features the practice's access control lets this user's roles use (decision 0059); null until the
   * practice's configuration is loaded (or for users outside a practice): the menu rules alone then decide.
   */
  features?: ReadonlySet<FeatureCode> | null;
}

export interface HeaderMenu {
  /** The main bar, in order; the 'More' dropdown renders between Calendar and Surveys. */
  before: MenuLink[];
  /** Null when the 'More' dropdown is not shown. */
  more: MenuLink<MoreItemId>[] | null;
  after: MenuLink[];
  /** 'More' carries the practice-admin styling. */
  moreAccent: boolean;
  /** Everything the burger menu (under 1200 px) repeats: the items, Settings for patients too, and the 'More' entries. */
  burger: { items: MenuLink[]; more: MenuLink<MoreItemId>[] };
  bell: boolean;
  sidebar: boolean;
}

type Held = (role: string) => boolean;

function rolesOf(user: MenuUser | null): Held {
  // String equality is case-insensitive throughout (practice-portal.md §5).
  const held = new Set((user?.roles ?? []).map((role) => role.toLowerCase()));
  return (role) => held.has(role.toLowerCase());
}

/** The sign-on screen of Reputation Management: it posts the hidden form to the reputation site (§2.10). */
export const REPUTATION_SIGN_ON_PATH = '/reputation-management/single-sign-on';

const LINK_PATH_MARKERS = [
  'dashboard',
  'calendar',
  'surveys',
  'add-practice',
  'reviews',
  'consent',
  'analytics',
  'reports',
  'support-agent',
  'digital',
  'request',
  'checkin-report',
];

/**
 * Role links show only on the practice side's pages: the path contains one of the spec's markers, or
 * 'settings' for anyone but a patient.
 */
export function linksVisible(pathname: string, has: Held): boolean {
  const path = pathname.toLowerCase();
  if (LINK_PATH_MARKERS.some((marker) => path.includes(marker))) return true;
  // The financial super user's home, which is also their Settings (decision 0056), shows their links too.
  if (path.startsWith('/super-user/finance')) return true;
  return path.includes('settings') && !has('patient');
}

const BELL_PAGES: readonly RegExp[] = [
  /^\/dashboard\/doctor\/?$/,
  /^\/providers\/[^/]+\/settings(\/|$)/,
  /^\/practice-admin\/(calendar|surveys|dashboard|settings)(\/|$)/,
  /^\/dashboard\/practice-staff\/?$/,
  /^\/staff-member\/(calendar|surveys)(\/|$)/,
  /consent/,
  /^\/practice-admin\/reports\/message-logs\/?$/,
  /^\/dashboard\/appointment-requests\/?$/,
];

/** The bell: provider, practice admin or staff, and only on the pages the spec lists. */
export function bellVisible(pathname: string, has: Held, signedIn: boolean): boolean {
  if (!signedIn || !['provider', 'practiceadmin', 'staff'].some(has)) return false;
  const path = pathname.toLowerCase();
  return BELL_PAGES.some((page) => page.test(path));
}

/** The notification sidebar: never for the patient user type, never on a practice profile (/practice/). */
export function sidebarAllowed(user: MenuUser | null, place: HeaderPlace): boolean {
  if (!user || user.userType?.toLowerCase() === 'patient') return false;
  return !`${place.pathname}${place.search}`.toLowerCase().includes('/practice/');
}

/** A role's page, in the header's provider-first order; roles without an address (no user id yet) are passed over. */
function byRole(has: Held, urls: Partial<Record<string, string | null>>): string | null {
  for (const role of [...HEADER_LINK_ORDER, 'FinancialSuperUser']) {
    const url = urls[role];
    if (has(role) && url) return url;
  }
  return null;
}

function dashboardLabel(has: Held): string {
  const first = HEADER_LINK_ORDER.find((role) => has(role));
  if (first === 'superuser') return 'practices';
  if (first === 'patient') return 'myDashboard';
  return 'dashboard';
}

/**
 * The user's home in the header's provider-first order and the name the header gives it: 'Practices' for a
 * super user, 'My Dashboard' for a patient, otherwise 'Dashboard'. Null for a user without a home role.
 */
export function homeLink(roles: readonly string[]): { label: string; to: string } | null {
  const to = homeForRoles(roles, HEADER_LINK_ORDER);
  return to ? { label: dashboardLabel(rolesOf({ roles, userType: null, userId: null })), to } : null;
}

function providerPath(user: MenuUser, rest: string): string | null {
  return user.userId ? `/providers/${encodeURIComponent(user.userId)}/${rest}` : null;
}

function link<Id extends string>(id: Id, label: string, to: string | null): MenuLink<Id>[] {
  return to ? [{ id, label, to }] : [];
}

export function headerMenu(context: MenuContext): HeaderMenu {
  const { user, place } = context;
  const has = rolesOf(user);
  const signedIn = !!user;
  const bell = bellVisible(place.pathname, has, signedIn);
  const sidebar = bell && sidebarAllowed(user, place);
  if (!user || !linksVisible(place.pathname, has)) {
    return {
      before: [],
      more: null,
      after: [],
      moreAccent: false,
      burger: { items: [], more: [] },
      bell,
      sidebar,
    };
  }

  const practiceAdmin = has('practiceadmin');
  const practiceRole = practiceAdmin || has('provider') || has('staff');
  // A feature the practice switched off for every role the user holds is not offered (access control).
  const allows = (feature: FeatureCode) =>
    !practiceRole || !context.features || context.features.has(feature);
  const providerPracticeAdmin = practiceAdmin && has('provider');

  const home = homeLink(user.roles);
  const dashboard = practiceAdmin || !home ? [] : link('dashboard', home.label, home.to);
  const checkIn =
    practiceRole && allows('checkInSummary')
      ? link(
          'checkInSummary',
          'checkInSummary',
          byRole(has, {
            provider: '/providers/digital-checkin',
            staff: '/staff-member/digital-checkin',
            practiceadmin: '/practice-admin/digital-checkin',
          }),
        )
      : [];
  const calendar =
    practiceRole && !context.calendarDisabled && allows('calendar')
      ? link(
          'calendar',
          'calendar',
          byRole(has, {
            provider: providerPath(user, 'calendar'),
            staff: '/staff-member/calendar',
            practiceadmin: '/practice-admin/calendar',
          }),
        )
      : [];
  const surveys =
    providerPracticeAdmin && allows('surveys')
      ? link(
          'surveys',
          'surveys',
          byRole(has, { provider: providerPath(user, 'surveys'), practiceadmin: '/practice-admin/surveys' }),
        )
      : [];
  const requests =
    practiceRole && allows('requests') ? link('requests', 'requests', '/dashboard/appointment-requests') : [];
  const reports =
    practiceAdmin && allows('reports')
      ? link('reports', 'reports', '/practice-admin/reports/message-logs')
      : [];
  const reputation =
    context.reputationEnabled && allows('reputation')
      ? [{ id: 'reputation' as const, label: 'reputation', to: REPUTATION_SIGN_ON_PATH, newTab: true }]
      : [];
  const settingsUrls = {
    provider: providerPath(user, 'settings/edit'),
    practiceadmin: '/practice-admin/settings/user/list',
    // The financial super user's settings are their finance home (decision 0056).
    FinancialSuperUser: '/super-user/finance',
  };
  const settings = allows('settings') ? link('settings', 'settings', byRole(has, settingsUrls)) : [];
  const burgerSettings = allows('settings')
    ? link(
        'settings',
        'settings',
        byRole(has, { ...settingsUrls, patient: `${PATIENT_PORTAL_BASE}/settings` }),
      )
    : [];

  const moreItems: MenuLink<MoreItemId>[] = [
    // A practice admin has no Dashboard item in the bar; their dashboard and the practice's surveys are here.
    ...(practiceAdmin ? link('practiceDashboard', 'dashboard', '/practice-admin/dashboard') : []),
    // The practice's invoices, payments and refunds (issue 28, practice-portal.md §1 billing).
    ...(practiceAdmin ? link('billing', 'billing', '/practice-admin/billing') : []),
    ...(practiceAdmin && !providerPracticeAdmin && allows('surveys')
      ? link('practiceSurveys', 'surveys', '/practice-admin/surveys')
      : []),
    ...(has('provider')
      ? [
          ...link('services', 'services', providerPath(user, 'settings/service')),
          ...link('paymentMethod', 'paymentMethod', providerPath(user, 'settings/payment-method')),
          ...link('changePassword', 'changePassword', providerPath(user, 'settings/account/change-password')),
        ]
      : []),
    // A provider who is also the practice admin: Settings is their own profile's, so the practice's settings
    // are here (issue 30 item 14). Practice onboarding is a super user's, never offered to a provider (item 12).
    ...(providerPracticeAdmin && allows('settings')
      ? link('practiceSettings', 'practiceSettings', '/practice-admin/settings/user/list')
      : []),
    // Staff reach the practice's user list through here; a practice admin's Settings item already leads there.
    ...(has('staff') && !practiceAdmin ? link('users', 'users', '/practice-admin/settings/user/list') : []),
    ...(has('superuser')
      ? [
          ...link('marketplace', 'marketplace', '/super-user/marketplace'),
          ...link('platformSettings', 'platformSettings', '/super-user/settings'),
          ...link('onboardingWizard', 'onboardingWizard', '/super-user/practice-onboarding/wizard'),
          ...link('demoRequests', 'demoRequests', '/super-user/settings/demo-requests'),
        ]
      : []),
  ];
  // 'More' is forced for practice admins (provider practice admins included); otherwise it shows on screens
  // wider than 1500 px or for users who are not admins. The platform's admins are the super users.
  const admin = practiceAdmin || has('superuser') || has('FinancialSuperUser');
  const moreShown = moreItems.length > 0 && (practiceAdmin || context.wide || !admin);

  return {
    before: [...dashboard, ...checkIn, ...calendar],
    more: moreShown ? moreItems : null,
    after: [...surveys, ...requests, ...reports, ...reputation, ...settings],
    moreAccent: practiceAdmin,
    burger: {
      items: [
        ...dashboard,
        ...checkIn,
        ...calendar,
        ...surveys,
        ...requests,
        ...reports,
        ...reputation,
        ...burgerSettings,
      ],
      more: moreItems,
    },
    bell,
    sidebar,
  };
}
