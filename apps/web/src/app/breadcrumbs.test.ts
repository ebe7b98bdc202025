import { describe, expect, it } from 'vitest';
import {
  breadcrumbsFromMatches,
  PRACTICE_BREADCRUMBS,
  readStoredBreadcrumbs,
  type Breadcrumb,
} from './breadcrumbs';
import { routes } from './router';

type PracticeRoute = keyof typeof PRACTICE_BREADCRUMBS;

/** The trail a user with these roles sees at this address of this route. */
function trailAt(route: PracticeRoute, pathname: string, roles: string[]): Breadcrumb[] {
  return breadcrumbsFromMatches(
    [
      { pathname: '/', handle: undefined },
      { pathname, handle: PRACTICE_BREADCRUMBS[route] },
    ],
    roles,
  );
}

describe('breadcrumbs', () => {
  it('takes the levels that name a breadcrumb, in route order', () => {
    expect(
      breadcrumbsFromMatches([
        { pathname: '/', handle: undefined },
        { pathname: '/practice-admin', handle: { hideFooter: true } },
        { pathname: '/practice-admin/settings', handle: { breadcrumb: 'settings' } },
        { pathname: '/practice-admin/settings/user/list', handle: { breadcrumb: 'users' } },
      ]),
    ).toEqual([
      { label: 'settings', path: '/practice-admin/settings' },
      { label: 'users', path: '/practice-admin/settings/user/list' },
    ]);
  });

  it.each<[string, PracticeRoute, string, string[], Breadcrumb[]]>([
    [
      'provider dashboard',
      'dashboard/doctor',
      '/dashboard/doctor',
      ['provider'],
      [{ label: 'dashboard', path: '/dashboard/doctor' }],
    ],
    [
      'staff dashboard',
      'dashboard/practice-staff',
      '/dashboard/practice-staff',
      ['staff'],
      [{ label: 'dashboard', path: '/dashboard/practice-staff' }],
    ],
    [
      'practice-admin dashboard',
      'practice-admin/dashboard',
      '/practice-admin/dashboard',
      ['practiceadmin'],
      [{ label: 'dashboard', path: '/practice-admin/dashboard' }],
    ],
    [
      "the super user's 'Practices'",
      'super-user/dashboard',
      '/super-user/dashboard',
      ['superuser'],
      [{ label: 'practices', path: '/super-user/dashboard' }],
    ],
    [
      'support-agent dashboard',
      'support-agent/dashboard',
      '/support-agent/dashboard',
      ['supportagent'],
      [{ label: 'dashboard', path: '/support-agent/dashboard' }],
    ],
    [
      "a provider's calendar",
      'providers/:userId/calendar',
      '/providers/u-1/calendar',
      ['provider'],
      [
        { label: 'dashboard', path: '/dashboard/doctor' },
        { label: 'calendar', path: '/providers/u-1/calendar' },
      ],
    ],
    [
      "the staff's calendar",
      'staff-member/calendar',
      '/staff-member/calendar',
      ['staff'],
      [
        { label: 'dashboard', path: '/dashboard/practice-staff' },
        { label: 'calendar', path: '/staff-member/calendar' },
      ],
    ],
    [
      "the practice admin's calendar",
      'practice-admin/calendar',
      '/practice-admin/calendar',
      ['practiceadmin'],
      [
        { label: 'dashboard', path: '/practice-admin/dashboard' },
        { label: 'calendar', path: '/practice-admin/calendar' },
      ],
    ],
    [
      'Requests, for a provider practice admin (provider first)',
      'dashboard/appointment-requests',
      '/dashboard/appointment-requests',
      ['practiceadmin', 'provider'],
      [
        { label: 'dashboard', path: '/dashboard/doctor' },
        { label: 'requests', path: '/dashboard/appointment-requests' },
      ],
    ],
    [
      'Requests, for staff',
      'dashboard/appointment-requests',
      '/dashboard/appointment-requests',
      ['staff'],
      [
        { label: 'dashboard', path: '/dashboard/practice-staff' },
        { label: 'requests', path: '/dashboard/appointment-requests' },
      ],
    ],
    [
      'Demo Requests, under Practices',
      'super-user/settings/demo-requests',
      '/super-user/settings/demo-requests',
      ['superuser'],
      [
        { label: 'practices', path: '/super-user/dashboard' },
        { label: 'demoRequests', path: '/super-user/settings/demo-requests' },
      ],
    ],
    [
      'a page reached from home, signed out: the page alone',
      'staff-member/calendar',
      '/staff-member/calendar',
      [],
      [{ label: 'calendar', path: '/staff-member/calendar' }],
    ],
  ])('%s', (_name, route, pathname, roles, expected) => {
    expect(trailAt(route, pathname, roles)).toEqual(expected);
  });

  it('gives every practice route of the router its breadcrumb, and the home page none', () => {
    const children = routes[0]?.children ?? [];
    for (const path of Object.keys(PRACTICE_BREADCRUMBS) as PracticeRoute[]) {
      expect(children.find((route) => route.path === path)?.handle, path).toBe(PRACTICE_BREADCRUMBS[path]);
    }
    expect(children.find((route) => route.index)?.handle).toBeUndefined();
  });

  it('reads the stored trail and ignores anything unreadable', () => {
    localStorage.setItem(
      'breadcrumbs',
      JSON.stringify([{ label: 'dashboard', path: '/dashboard/doctor' }, { nonsense: 1 }]),
    );
    expect(readStoredBreadcrumbs()).toEqual([{ label: 'dashboard', path: '/dashboard/doctor' }]);
    localStorage.setItem('breadcrumbs', '{not json');
    expect(readStoredBreadcrumbs()).toEqual([]);
  });
});
