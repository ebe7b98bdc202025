import { useEffect, useMemo } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';
import { useSession } from '../shared/session/session';
import { homeLink } from './layout/menuRules';

/** A step of the trail: a key of common:header.nav (the header's name for the page) and its address. */
export interface Breadcrumb {
  label: string;
  path: string;
}

export interface BreadcrumbHandle {
  /** Key of common:header.nav naming this page, as the header's menu names it. */
  breadcrumb?: string;
  /** The trail starts at the signed-in user's home (their dashboard), the way back from this page. */
  fromHome?: boolean;
}

/**
 * The practice side's pages and their route data 'breadcrumb' (practice-portal.md §2.2). The spec names the
 * pages but not the trail's words, so each page is called what the header's menu calls it (decision 0022):
 * a dashboard is 'Dashboard' ('Practices' for the super user's, §2.2), and the pages reached from a
 * dashboard start at the user's own dashboard.
 */
export const PRACTICE_BREADCRUMBS = {
  'dashboard/doctor': { breadcrumb: 'dashboard' },
  'dashboard/practice-staff': { breadcrumb: 'dashboard' },
  'practice-admin/dashboard': { breadcrumb: 'dashboard' },
  'super-user/dashboard': { breadcrumb: 'practices' },
  'super-user/finance': { breadcrumb: 'dashboard' },
  'support-agent/dashboard': { breadcrumb: 'dashboard' },
  'providers/:userId/calendar': { breadcrumb: 'calendar', fromHome: true },
  'staff-member/calendar': { breadcrumb: 'calendar', fromHome: true },
  'practice-admin/calendar': { breadcrumb: 'calendar', fromHome: true },
  'dashboard/appointment-requests': { breadcrumb: 'requests', fromHome: true },
  'super-user/settings/demo-requests': { breadcrumb: 'demoRequests', fromHome: true },
  'practice-admin/settings': { breadcrumb: 'settings', fromHome: true },
  'providers/:userId/surveys': { breadcrumb: 'surveys', fromHome: true },
  'practice-admin/surveys': { breadcrumb: 'surveys', fromHome: true },
  'staff-member/surveys': { breadcrumb: 'surveys', fromHome: true },
  'practice-admin/reports/message-logs': { breadcrumb: 'reports', fromHome: true },
  'practice-admin/reports/checked-in': { breadcrumb: 'reports', fromHome: true },
  'practice-admin/reports/confirmations': { breadcrumb: 'reports', fromHome: true },
  'practice-admin/reports/activity-log': { breadcrumb: 'reports', fromHome: true },
  'practice-admin/reports/session-log': { breadcrumb: 'reports', fromHome: true },
  'practice-admin/billing': { breadcrumb: 'billing', fromHome: true },
  'super-user/practice-onboarding/wizard': { breadcrumb: 'onboardingWizard', fromHome: true },
  'practice-onboarding': { breadcrumb: 'practiceOnboarding', fromHome: true },
  'super-user/marketplace': { breadcrumb: 'marketplace', fromHome: true },
  'super-user/settings': { breadcrumb: 'platformSettings', fromHome: true },
} as const satisfies Record<string, BreadcrumbHandle>;

/**
 * The trail is built from the route data 'breadcrumb' of every matched level (practice-portal.md §2.2); a
 * level marked fromHome is preceded by the user's home unless it is that home.
 */
export function breadcrumbsFromMatches(
  matches: readonly Pick<UIMatch, 'pathname' | 'handle'>[],
  roles: readonly string[] = [],
): Breadcrumb[] {
  const home = homeLink(roles);
  const trail = matches.flatMap((match) => {
    const handle = match.handle as BreadcrumbHandle | undefined;
    if (!handle?.breadcrumb) return [];
    const here = { label: handle.breadcrumb, path: match.pathname };
    return handle.fromHome && home && home.to !== match.pathname
      ? [{ label: home.label, path: home.to }, here]
      : [here];
  });
  // A home already on the trail is not repeated.
  return trail.filter((crumb, index) => trail.findIndex((other) => other.path === crumb.path) === index);
}

function isBreadcrumb(value: unknown): value is Breadcrumb {
  if (!value || typeof value !== 'object') return false;
  const { label, path } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof path === 'string';
}

/** The last trail, as persisted in local storage under 'breadcrumbs'; an unreadable entry counts as none. */
export function readStoredBreadcrumbs(): Breadcrumb[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.local.breadcrumbs) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isBreadcrumb) : [];
  } catch {
    return [];
  }
}

/** The current trail; it is persisted so screens opened in a new tab or after a reload can read it back. */
export function useBreadcrumbs(): Breadcrumb[] {
  const matches = useMatches();
  const { user } = useSession();
  const roles = user?.roles;
  const trail = useMemo(() => breadcrumbsFromMatches(matches, roles ?? []), [matches, roles]);
  const serialized = JSON.stringify(trail);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.local.breadcrumbs, serialized);
  }, [serialized]);
  return trail;
}
