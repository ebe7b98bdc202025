import { describe, expect, it } from 'vitest';
import type { FeatureCode, UserType } from '@careslot/contracts';
import { headerMenu, type HeaderMenu, type MenuContext, type MenuUser } from './menuRules';

/** The demo accounts of docs/demo-accounts.md, by the name the e2e journeys use. */
const USERS: Record<string, MenuUser | null> = {
  guest: null,
  patient: { roles: ['patient'], userType: 'Patient', userId: 'pt-1' },
  provider: { roles: ['provider'], userType: 'Practitioner', userId: 'pr-1' },
  staff: { roles: ['staff'], userType: 'Practitioner', userId: 'st-1' },
  admin: { roles: ['practiceadmin'], userType: 'Practitioner', userId: 'pa-1' },
  'provider-admin': { roles: ['provider', 'practiceadmin'], userType: 'Practitioner', userId: 'pp-1' },
  superuser: { roles: ['superuser'], userType: 'SuperUser', userId: null },
  support: { roles: ['supportagent'], userType: 'SuperUser', userId: null },
  finance: { roles: ['FinancialSuperUser'], userType: 'SuperUser', userId: null },
};
type Who = keyof typeof USERS;

function menu(who: Who, url: string, options: Partial<Omit<MenuContext, 'user' | 'place'>> = {}): HeaderMenu {
  const [pathname = '/', query] = url.split('?');
  return headerMenu({
    user: USERS[who] ?? null,
    place: { pathname, search: query ? `?${query}` : '' },
    wide: false,
    calendarDisabled: false,
    reputationEnabled: false,
    ...options,
  });
}

/** The bar as a list of ids, with 'More' where it sits. */
function bar(result: HeaderMenu): string[] {
  return [
    ...result.before.map((i) => i.id),
    ...(result.more ? ['more'] : []),
    ...result.after.map((i) => i.id),
  ];
}

describe('the main bar for every role on a page where links show (§6 menu rules)', () => {
  it.each<[Who, string, string[], string[]]>([
    // who, page, bar at 1500 px or less, bar wider than 1500 px
    ['guest', '/dashboard/doctor', [], []],
    ['patient', '/dashboard/appointment-requests', ['dashboard'], ['dashboard']],
    [
      'provider',
      '/dashboard/doctor',
      ['dashboard', 'checkInSummary', 'calendar', 'more', 'requests', 'settings'],
      ['dashboard', 'checkInSummary', 'calendar', 'more', 'requests', 'settings'],
    ],
    [
      'staff',
      '/dashboard/practice-staff',
      ['dashboard', 'checkInSummary', 'calendar', 'more', 'requests'],
      ['dashboard', 'checkInSummary', 'calendar', 'more', 'requests'],
    ],
    [
      'admin',
      '/practice-admin/dashboard',
      ['checkInSummary', 'calendar', 'more', 'requests', 'reports', 'settings'],
      ['checkInSummary', 'calendar', 'more', 'requests', 'reports', 'settings'],
    ],
    [
      'provider-admin',
      '/dashboard/doctor',
      ['checkInSummary', 'calendar', 'more', 'surveys', 'requests', 'reports', 'settings'],
      ['checkInSummary', 'calendar', 'more', 'surveys', 'requests', 'reports', 'settings'],
    ],
    ['superuser', '/super-user/dashboard', ['dashboard'], ['dashboard', 'more']],
    ['support', '/support-agent/dashboard', ['dashboard'], ['dashboard']],
    // The financial super user's home and Settings are both their finance page (decision 0056).
    ['finance', '/super-user/finance', ['dashboard', 'settings'], ['dashboard', 'settings']],
  ])('%s at %s', (who, url, narrow, wide) => {
    expect(bar(menu(who, url))).toEqual(narrow);
    expect(bar(menu(who, url, { wide: true }))).toEqual(wide);
  });
});

describe('where each item leads, provider first', () => {
  it.each<[Who, string, Record<string, string>]>([
    ['patient', '/dashboard/x', { dashboard: '/portal' }],
    [
      'provider',
      '/dashboard/doctor',
      {
        dashboard: '/dashboard/doctor',
        checkInSummary: '/providers/digital-checkin',
        calendar: '/providers/pr-1/calendar',
        requests: '/dashboard/appointment-requests',
        settings: '/providers/pr-1/settings/edit',
      },
    ],
    [
      'staff',
      '/dashboard/practice-staff',
      {
        dashboard: '/dashboard/practice-staff',
        checkInSummary: '/staff-member/digital-checkin',
        calendar: '/staff-member/calendar',
        requests: '/dashboard/appointment-requests',
      },
    ],
    [
      'admin',
      '/practice-admin/dashboard',
      {
        checkInSummary: '/practice-admin/digital-checkin',
        calendar: '/practice-admin/calendar',
        requests: '/dashboard/appointment-requests',
        reports: '/practice-admin/reports/message-logs',
        settings: '/practice-admin/settings/user/list',
      },
    ],
    [
      'provider-admin',
      '/dashboard/doctor',
      {
        checkInSummary: '/providers/digital-checkin',
        calendar: '/providers/pp-1/calendar',
        surveys: '/providers/pp-1/surveys',
        requests: '/dashboard/appointment-requests',
        reports: '/practice-admin/reports/message-logs',
        settings: '/providers/pp-1/settings/edit',
      },
    ],
    ['superuser', '/super-user/dashboard', { dashboard: '/super-user/dashboard' }],
    ['support', '/support-agent/dashboard', { dashboard: '/support-agent/dashboard' }],
    [
      'finance',
      '/super-user/settings',
      { dashboard: '/super-user/finance', settings: '/super-user/finance' },
    ],
  ])('%s', (who, url, links) => {
    const result = menu(who, url);
    expect(Object.fromEntries([...result.before, ...result.after].map((i) => [i.id, i.to]))).toEqual(links);
  });

  it('labels the dashboard by role: Practices for a super user, My Dashboard for a patient', () => {
    expect(menu('superuser', '/super-user/dashboard').before[0]?.label).toBe('practices');
    expect(menu('patient', '/dashboard/x').before[0]?.label).toBe('myDashboard');
    expect(menu('provider', '/dashboard/doctor').before[0]?.label).toBe('dashboard');
    expect(menu('support', '/support-agent/dashboard').before[0]?.label).toBe('dashboard');
  });

  it("offers a provider who is also the practice admin the practice's settings, and no provider practice onboarding (issue 30)", () => {
    const more = menu('provider-admin', '/dashboard/doctor').more ?? [];
    expect(more.find((i) => i.id === 'practiceSettings')?.to).toBe('/practice-admin/settings/user/list');
    for (const who of ['provider', 'provider-admin'] as const)
      expect((menu(who, '/dashboard/doctor').more ?? []).map((i) => i.to)).not.toContain(
        '/practice-onboarding',
      );
  });

  it('passes over the provider pages while a provider has no user id, falling back to the next role', () => {
    const noId = { roles: ['provider', 'practiceadmin'], userType: 'Practitioner' as UserType, userId: null };
    const result = headerMenu({
      user: noId,
      place: { pathname: '/dashboard/doctor', search: '' },
      wide: false,
      calendarDisabled: false,
      reputationEnabled: false,
    });
    expect(result.before.find((i) => i.id === 'calendar')?.to).toBe('/practice-admin/calendar');
    expect(result.after.find((i) => i.id === 'settings')?.to).toBe('/practice-admin/settings/user/list');
  });
});

describe("the 'More' dropdown", () => {
  it.each<[Who, string, string[] | null, string[] | null]>([
    // who, page, entries at 1500 px or less, entries wider than 1500 px
    ['patient', '/dashboard/x', null, null],
    [
      'provider',
      '/dashboard/doctor',
      ['services', 'paymentMethod', 'changePassword'],
      ['services', 'paymentMethod', 'changePassword'],
    ],
    ['staff', '/dashboard/practice-staff', ['users'], ['users']],
    [
      'admin',
      '/practice-admin/dashboard',
      ['practiceDashboard', 'billing', 'practiceSurveys'],
      ['practiceDashboard', 'billing', 'practiceSurveys'],
    ],
    [
      'provider-admin',
      '/dashboard/doctor',
      ['practiceDashboard', 'billing', 'services', 'paymentMethod', 'changePassword', 'practiceSettings'],
      ['practiceDashboard', 'billing', 'services', 'paymentMethod', 'changePassword', 'practiceSettings'],
    ],
    [
      'superuser',
      '/super-user/dashboard',
      null,
      ['marketplace', 'platformSettings', 'onboardingWizard', 'demoRequests'],
    ],
    ['support', '/support-agent/dashboard', null, null],
    ['finance', '/super-user/settings', null, null],
  ])('%s', (who, url, narrow, wide) => {
    expect(menu(who, url).more?.map((i) => i.id) ?? null).toEqual(narrow);
    expect(menu(who, url, { wide: true }).more?.map((i) => i.id) ?? null).toEqual(wide);
  });

  it('carries the practice-admin styling for practice admins only', () => {
    expect(menu('admin', '/practice-admin/dashboard').moreAccent).toBe(true);
    expect(menu('provider-admin', '/dashboard/doctor').moreAccent).toBe(true);
    expect(menu('provider', '/dashboard/doctor').moreAccent).toBe(false);
  });
});

describe('the link-visibility path rule, for every role', () => {
  const signedIn: Who[] = [
    'patient',
    'provider',
    'staff',
    'admin',
    'provider-admin',
    'superuser',
    'support',
    'finance',
  ];
  const shows = (who: Who, url: string) =>
    menu(who, url, { wide: true }).burger.items.length + menu(who, url, { wide: true }).burger.more.length >
    0;

  it.each([
    '/dashboard/doctor',
    '/providers/pr-1/calendar',
    '/practice-admin/surveys',
    '/super-user/add-practice',
    '/reviews',
    '/patient/consent',
    '/analytics',
    '/practice-admin/reports/message-logs',
    '/support-agent/dashboard',
    '/staff-member/digital-checkin',
    '/dashboard/appointment-requests',
    '/checkin-report',
  ])('shows the links at %s', (url) => {
    for (const who of signedIn) expect(shows(who, url), who).toBe(true);
  });

  it.each([
    '/',
    '/provider-search',
    '/portal',
    '/book/pay',
    '/practice/riverside',
    '/meeting/device-management',
  ])('hides them at %s', (url) => {
    for (const who of signedIn) expect(shows(who, url), who).toBe(false);
  });

  it('shows them on a settings page to everyone but a patient', () => {
    for (const who of signedIn) expect(shows(who, '/patient/settings/edit'), who).toBe(who !== 'patient');
  });

  it('never shows them to a signed-out visitor', () => {
    expect(menu('guest', '/dashboard/doctor', { wide: true }).burger).toEqual({ items: [], more: [] });
  });
});

describe('global and practice switches', () => {
  it.each<Who>(['provider', 'staff', 'admin', 'provider-admin'])(
    'hides Calendar for %s when disable_calendar is set',
    (who) => {
      const url = who === 'admin' ? '/practice-admin/dashboard' : '/dashboard/doctor';
      expect(bar(menu(who, url))).toContain('calendar');
      expect(bar(menu(who, url, { calendarDisabled: true }))).not.toContain('calendar');
    },
  );

  it.each<[Who, string]>([
    ['patient', '/dashboard/x'],
    ['provider', '/dashboard/doctor'],
    ['staff', '/dashboard/practice-staff'],
    ['admin', '/practice-admin/dashboard'],
    ['provider-admin', '/dashboard/doctor'],
    ['superuser', '/super-user/dashboard'],
    ['support', '/support-agent/dashboard'],
    ['finance', '/super-user/settings'],
  ])('shows Reputation Management to %s only when the practice has it enabled', (who, url) => {
    expect(bar(menu(who, url))).not.toContain('reputation');
    expect(menu(who, url, { reputationEnabled: true }).after.find((i) => i.id === 'reputation')?.to).toBe(
      '/reputation-management/single-sign-on',
    );
  });

  it('opens Reputation Management in a new tab (§2.10)', () => {
    expect(
      menu('staff', '/dashboard/practice-staff', { reputationEnabled: true }).after.find(
        (i) => i.id === 'reputation',
      )?.newTab,
    ).toBe(true);
  });
});

describe("the practice's access control (decision 0059)", () => {
  const features = (...codes: FeatureCode[]) => new Set<FeatureCode>(codes);
  const ALL = features(
    'checkInSummary',
    'calendar',
    'surveys',
    'requests',
    'reports',
    'reputation',
    'settings',
  );

  it('hides what the practice switched off for the role, in the bar and the burger menu', () => {
    const open = menu('staff', '/dashboard/practice-staff', { features: ALL, reputationEnabled: true });
    expect(bar(open)).toEqual(['dashboard', 'checkInSummary', 'calendar', 'more', 'requests', 'reputation']);
    const closed = menu('staff', '/dashboard/practice-staff', {
      features: features('requests'),
      reputationEnabled: true,
    });
    expect(bar(closed)).toEqual(['dashboard', 'more', 'requests']);
    expect(closed.burger.items.map((i) => i.id)).toEqual(['dashboard', 'requests']);
  });

  it("takes the admin's Reports, Surveys and Settings away only when switched off", () => {
    const all = menu('provider-admin', '/dashboard/doctor', { features: ALL });
    expect(bar(all)).toEqual(expect.arrayContaining(['surveys', 'reports', 'settings']));
    const some = menu('provider-admin', '/dashboard/doctor', { features: features('calendar', 'settings') });
    expect(bar(some)).toEqual(['calendar', 'more', 'settings']);
  });

  it('leaves the menu rules alone while the features are unknown, and for users outside a practice', () => {
    expect(bar(menu('staff', '/dashboard/practice-staff', { features: null }))).toContain('calendar');
    expect(bar(menu('patient', '/dashboard/x', { features: features() }))).toEqual(['dashboard']);
    expect(bar(menu('finance', '/super-user/settings', { features: features() }))).toContain('settings');
  });
});

describe('the burger menu repeats the links', () => {
  it.each<[Who, string, string[], string[]]>([
    ['patient', '/dashboard/x', ['dashboard', 'settings'], []],
    [
      'provider',
      '/dashboard/doctor',
      ['dashboard', 'checkInSummary', 'calendar', 'requests', 'settings'],
      ['services', 'paymentMethod', 'changePassword'],
    ],
    [
      'staff',
      '/dashboard/practice-staff',
      ['dashboard', 'checkInSummary', 'calendar', 'requests'],
      ['users'],
    ],
    [
      'admin',
      '/practice-admin/dashboard',
      ['checkInSummary', 'calendar', 'requests', 'reports', 'settings'],
      ['practiceDashboard', 'billing', 'practiceSurveys'],
    ],
    [
      'provider-admin',
      '/dashboard/doctor',
      ['checkInSummary', 'calendar', 'surveys', 'requests', 'reports', 'settings'],
      ['practiceDashboard', 'billing', 'services', 'paymentMethod', 'changePassword', 'practiceSettings'],
    ],
    [
      'superuser',
      '/super-user/dashboard',
      ['dashboard'],
      ['marketplace', 'platformSettings', 'onboardingWizard', 'demoRequests'],
    ],
    ['support', '/support-agent/dashboard', ['dashboard'], []],
    ['finance', '/super-user/settings', ['dashboard', 'settings'], []],
  ])('%s: items and More entries, Settings for patients too', (who, url, items, more) => {
    const { burger } = menu(who, url);
    expect(burger.items.map((i) => i.id)).toEqual(items);
    expect(burger.more.map((i) => i.id)).toEqual(more);
  });

  it("takes a patient's Settings to the patient portal's settings", () => {
    expect(menu('patient', '/dashboard/x').burger.items.find((i) => i.id === 'settings')?.to).toBe(
      '/portal/settings',
    );
  });
});

describe('the notification bell and sidebar', () => {
  const pages = [
    '/dashboard/doctor',
    '/providers/pr-1/settings/edit',
    '/practice-admin/calendar',
    '/practice-admin/surveys',
    '/practice-admin/dashboard',
    '/practice-admin/settings/user/list',
    '/dashboard/practice-staff',
    '/staff-member/calendar',
    '/staff-member/surveys',
    '/patient/consent/12',
    '/practice-admin/reports/message-logs',
    '/dashboard/appointment-requests',
  ];
  const elsewhere = [
    '/',
    '/providers/pr-1/calendar',
    '/providers/pr-1/surveys',
    '/super-user/dashboard',
    '/support-agent/dashboard',
    '/staff-member/digital-checkin',
    '/provider-search',
  ];

  it.each<[Who, boolean]>([
    ['guest', false],
    ['patient', false],
    ['provider', true],
    ['staff', true],
    ['admin', true],
    ['provider-admin', true],
    ['superuser', false],
    ['support', false],
    ['finance', false],
  ])('%s sees the bell on the listed pages: %s, and never elsewhere', (who, shown) => {
    for (const url of pages) expect(menu(who, url).bell, url).toBe(shown);
    for (const url of elsewhere) expect(menu(who, url).bell, url).toBe(false);
  });

  it('opens the sidebar only where the bell is, and never for the patient user type or on /practice/', () => {
    expect(menu('provider', '/dashboard/doctor').sidebar).toBe(true);
    expect(menu('provider', '/provider-search').sidebar).toBe(false);
    expect(menu('admin', '/practice-admin/consent/practice/riverside').bell).toBe(true);
    expect(menu('admin', '/practice-admin/consent/practice/riverside').sidebar).toBe(false);
    const patientTypedStaff = { roles: ['staff'], userType: 'Patient' as UserType, userId: 'x' };
    const result = headerMenu({
      user: patientTypedStaff,
      place: { pathname: '/dashboard/practice-staff', search: '' },
      wide: false,
      calendarDisabled: false,
      reputationEnabled: false,
    });
    expect(result.bell).toBe(true);
    expect(result.sidebar).toBe(false);
  });

  it('reads roles case-insensitively', () => {
    const shouting = { roles: ['PROVIDER'], userType: 'Practitioner' as UserType, userId: 'pr-1' };
    const result = headerMenu({
      user: shouting,
      place: { pathname: '/dashboard/doctor', search: '' },
      wide: false,
      calendarDisabled: false,
      reputationEnabled: false,
    });
    expect(result.bell).toBe(true);
    expect(result.before.map((i) => i.id)).toEqual(['dashboard', 'checkInSummary', 'calendar']);
  });
});
