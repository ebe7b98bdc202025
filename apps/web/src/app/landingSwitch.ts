import { useSyncExternalStore } from 'react';

/**
 * Which page '/' shows (practice-portal.md §2.14, patient-booking.md §2.3): the landing page for doctors
 * when it is enabled and the URL is '/' or carries utm_source or section; the patient home otherwise.
 * 'Find a Top Doctor' clears the landing state for the rest of the browser session, so '/' then shows the
 * home page; a campaign or section link opens the landing page again.
 */
export const LANDING_DISMISSED_KEY = 'landing_dismissed';

export function isLandingUrl(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('utm_source') || params.has('section');
}

export function showsLanding(options: { enabled: boolean; search: string; dismissed: boolean }): boolean {
  if (!options.enabled) return false;
  return isLandingUrl(options.search) || !options.dismissed;
}

const listeners = new Set<() => void>();

function readDismissed(): boolean {
  return sessionStorage.getItem(LANDING_DISMISSED_KEY) === '1';
}

export function dismissLanding() {
  sessionStorage.setItem(LANDING_DISMISSED_KEY, '1');
  listeners.forEach((listener) => listener());
}

/** The logo brings a signed-out visitor back to the landing page (spec README, logo), so the dismissal ends. */
export function restoreLanding() {
  sessionStorage.removeItem(LANDING_DISMISSED_KEY);
  listeners.forEach((listener) => listener());
}

export function useLandingDismissed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readDismissed,
    () => false,
  );
}
