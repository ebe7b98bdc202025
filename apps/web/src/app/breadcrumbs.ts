import { useEffect, useMemo } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { STORAGE_KEYS } from '@careslot/contracts';

/** A step of the trail: a key of common:breadcrumb and the address it leads back to. */
export interface Breadcrumb {
  label: string;
  path: string;
}

export interface BreadcrumbHandle {
  /** Key of common:breadcrumb naming this level of the route tree. */
  breadcrumb?: string;
}

/** The trail is built from the route data 'breadcrumb' of every matched level (practice-portal.md §2.2). */
export function breadcrumbsFromMatches(matches: readonly Pick<UIMatch, 'pathname' | 'handle'>[]): Breadcrumb[] {
  return matches.flatMap((match) => {
    const label = (match.handle as BreadcrumbHandle | undefined)?.breadcrumb;
    return label ? [{ label, path: match.pathname }] : [];
  });
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
  const trail = useMemo(() => breadcrumbsFromMatches(matches), [matches]);
  const serialized = JSON.stringify(trail);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.local.breadcrumbs, serialized);
  }, [serialized]);
  return trail;
}
