import { useSyncExternalStore } from 'react';
import type { FeatureCode } from '@careslot/contracts';

/**
 * What the header shows beside its links (practice-portal.md §3.2 "Header state"): the unseen
 * notifications on the bell, the pending requests on Requests, the provider's walk-in queue (read by the
 * logout dialog) and whether the practice has reputation management. The features that own these numbers
 * write them here; the header only reads. Until a feature writes, every count is 0 and the switch is off.
 */
export interface HeaderState {
  notificationCount: number;
  requestCount: number;
  patientsInProviderQueue: number;
  reputationEnabled: boolean;
  /** What the practice's access control lets the user use (decision 0059); null until loaded. */
  features: ReadonlySet<FeatureCode> | null;
}

const EMPTY: HeaderState = {
  notificationCount: 0,
  requestCount: 0,
  patientsInProviderQueue: 0,
  reputationEnabled: false,
  features: null,
};

let state: HeaderState = EMPTY;
const listeners = new Set<() => void>();

export function setHeaderState(change: Partial<HeaderState>) {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
}

/** Logout zeroes the notification, request and walk-in counts (practice-portal.md §4.3). */
export function resetHeaderState() {
  setHeaderState(EMPTY);
}

export function getHeaderState(): HeaderState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHeaderState(): HeaderState {
  return useSyncExternalStore(subscribe, getHeaderState, getHeaderState);
}
