import { HEADER_LINK_ORDER, homeForRoles } from '../../shared/session/roleHome';
import type { SessionUser } from '../../shared/session/session';

/** Where the header is: the path and the query, as the spec's "the URL contains ..." rules read it. */
export interface HeaderPlace {
  pathname: string;
  search: string;
}

const LOGIN_HIDDEN_ON = [
  'screening-form',
  'vaccine-passport',
  'patient-review',
  'health-cards',
  'start-survey',
  'appointment-action',
  'mobile',
];

function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/**
 * The Login button is hidden (practice-portal.md §2.3) when the user is signed in, when the last path
 * segment is 'account', when the URL names one of the flows that handle sign-in themselves, or for a guest
 * meeting participant. The spec's "the URL contains 'uri'" means the guest meeting link route, so it is
 * read as a 'uri' path segment: a plain substring test would also hide Login on paths such as /security.
 */
export function isLoginHidden(place: HeaderPlace, signedIn: boolean): boolean {
  if (signedIn) return true;
  const parts = segments(place.pathname);
  if (parts.at(-1)?.toLowerCase() === 'account') return true;
  const url = `${place.pathname}${place.search}`.toLowerCase();
  if (LOGIN_HIDDEN_ON.some((marker) => url.includes(marker))) return true;
  return parts.some((part) => part.toLowerCase() === 'uri');
}

/** The language widget is hidden on the health-cards pages (practice-portal.md §2.3). */
export function isLanguageWidgetHidden(place: HeaderPlace): boolean {
  return `${place.pathname}${place.search}`.toLowerCase().includes('health-cards');
}

/** Login goes to the vaccine passport from the FAQ; otherwise sign-in starts (null). */
export function loginShortcut(place: HeaderPlace): string | null {
  return `${place.pathname}${place.search}`.toLowerCase().includes('faq') ? '/vaccine-passport' : null;
}

const LOGO_KEEPS_LANDING_OFF_ON = [
  'health-cards',
  'start-survey',
  'appointment-action',
  'practice/',
  'mobile',
];

export interface LogoDestination {
  to: string;
  /** A signed-out visitor is taken back to the landing page: the landing dismissal ends on the way. */
  landing: boolean;
}

/**
 * The logo (spec README, "logo"): a signed-in user goes to their home by role, in the header's
 * provider-first order; a signed-out visitor goes to the landing page when the deployment has it on,
 * except on the URLs the spec lists; otherwise to '/'.
 */
export function logoDestination(
  user: SessionUser | null,
  place: HeaderPlace,
  landingEnabled: boolean,
): LogoDestination {
  if (user) return { to: homeForRoles(user.roles, HEADER_LINK_ORDER) ?? '/', landing: false };
  const url = `${place.pathname}${place.search}`.toLowerCase();
  const landing = landingEnabled && !LOGO_KEEPS_LANDING_OFF_ON.some((marker) => url.includes(marker));
  return { to: '/', landing };
}

/**
 * A profile photo that is already a full address is used as it is; a bare file name is served from the
 * image server's photos folder, which in this product is the app's own origin.
 */
export function photoUrl(photo: string | undefined): string | null {
  if (!photo) return null;
  if (/^https?:\/\//i.test(photo) || photo.startsWith('//')) return photo;
  return `/photos/${photo.replace(/^\/+/, '')}`;
}
