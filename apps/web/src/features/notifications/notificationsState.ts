import { useSyncExternalStore } from 'react';
import type { PresentedNotification } from './api/inAppNotifications';

/**
 * The notification sidebar's list (practice-portal.md §4.2): the loaded items newest first, how many there
 * are, which were new when the panel opened (shown as new until it closes: "viewed"), and the moment the
 * relative ages are computed from (refreshed on navigation to calendar, dashboard or settings, and on open).
 */
export interface NotificationsState {
  items: PresentedNotification[];
  total: number;
  pagesLoaded: number;
  loading: boolean;
  failed: boolean;
  /** Ids that were new when the panel opened: shown as new until it closes. */
  viewing: ReadonlySet<string>;
  ageNow: number;
}

const EMPTY: NotificationsState = {
  items: [],
  total: 0,
  pagesLoaded: 0,
  loading: false,
  failed: false,
  viewing: new Set(),
  ageNow: Date.now(),
};

let state: NotificationsState = EMPTY;
const listeners = new Set<() => void>();

export function updateNotifications(change: Partial<NotificationsState>) {
  state = { ...state, ...change };
  listeners.forEach((l) => l());
}

export function resetNotifications() {
  state = { ...EMPTY, viewing: new Set(), ageNow: Date.now() };
  listeners.forEach((l) => l());
}

export function getNotifications(): NotificationsState {
  return state;
}

export function useNotifications(): NotificationsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getNotifications,
    getNotifications,
  );
}

/** Items of a newer page merged in: no duplicates, newest first. */
export function mergeItems(
  current: PresentedNotification[],
  incoming: PresentedNotification[],
): PresentedNotification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort(
    (a, b) => b.notification_date.localeCompare(a.notification_date) || b.id.localeCompare(a.id),
  );
}

/** Paths whose visit refreshes the relative ages (§4.2). */
export function refreshesAges(pathname: string): boolean {
  return /calendar|dashboard|settings/i.test(pathname);
}
