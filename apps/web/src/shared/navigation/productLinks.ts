/** Addresses inside the product that several screens link to. */

/** 'For Doctors' opens the marketing landing page at its first section (practice-portal.md §2.14). */
export const FOR_DOCTORS_URL = '/?section=home';

/**
 * 'About Us' (practice-portal.md §2.3, §2.15) opens the main app's own about page: '/' shows a signed-out visitor
 * the doctors' landing page when it is on (decision 0041).
 */
export const ABOUT_US_URL = '/about-us';

/** Sign Up starts new-account creation (patient-booking.md §2.1). */
export const SIGN_UP_URL = '/account/activation-code-question';

/**
 * 'List your practice': the provider sign-up is built into the product as the landing page's Request a
 * Demo section (practice-portal.md §2.14), so the promotion opens that section.
 */
export const LIST_PRACTICE_URL = '/?section=request-demo';

export const TERMS_OF_USE_URL = '/terms-of-use';
export const PRIVACY_POLICY_URL = '/privacy-policy';
export const VACCINE_PASSPORT_URL = '/vaccine-passport';

/** The public vaccine finder of the US government, opened in a new tab (patient-booking.md §2.3). */
export const VACCINE_FINDER_URL = 'https://www.vaccines.gov/';

/**
 * The survey app is built into the product under /survey (spec README, placeholders). A survey link's signature
 * (exp, sig; decision 0074) goes along, and nothing else of the address it came from.
 */
export function surveyUrl(
  appointmentId: string,
  signature?: { exp: string | null; sig: string | null },
): string {
  const path = `/survey/appointment/${encodeURIComponent(appointmentId)}`;
  if (!signature?.exp || !signature.sig) return path;
  return `${path}?${new URLSearchParams({ exp: signature.exp, sig: signature.sig }).toString()}`;
}

/** The patient search: a signed-in patient's way back to finding care (issue 30 item 8). */
export { FIND_OTHER_DOCTORS_PATH as PATIENT_SEARCH_URL } from '@careslot/domain';
