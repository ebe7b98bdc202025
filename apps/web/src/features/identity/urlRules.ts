/** URL-driven rules of patient-booking.md §2.2 and §2.7 that belong to sign-in. Comparisons ignore case, as everywhere. */

const has = (url: string, part: string) => url.toLowerCase().includes(part);

/** URLs containing 'appointment-action' clear the stored login and permissions on load. */
export const clearsStoredLoginOnLoad = (url: string) => has(url, 'appointment-action');

/**
 * URLs containing 'start-survey' sign out in place (decision 0074): the product's session ends and every stored
 * login goes, without the trip through the realm's logout, whose only way back is '/', so the survey link still
 * opens the survey.
 */
export const signsOutInPlace = (url: string) => has(url, 'start-survey');

/** URLs containing 'passport' skip the post-login redirect: the user comes back to the passport page. */
export const skipsPostLoginRedirect = (url: string) => has(url, 'passport');

/**
 * URLs containing 'practice' (a practice's profile) close the login dialog and do not redirect to a
 * dashboard: like 'passport', the user comes back to the page where sign-in started.
 */
export const returnsToPageAfterLogin = (url: string) => skipsPostLoginRedirect(url) || has(url, 'practice');

/** The login screen's variants (§2.7): vaccination passport, feedback (patient review), or the plain one. */
export type LoginVariant =
  { kind: 'passport' } | { kind: 'feedback'; appointmentId: string } | { kind: 'default' };

export function loginVariant(pathname: string): LoginVariant {
  if (has(pathname, 'passport')) return { kind: 'passport' };
  const review = /\/patient-review\/appointments\/([^/]+)/i.exec(pathname);
  if (review?.[1]) return { kind: 'feedback', appointmentId: review[1] };
  return { kind: 'default' };
}

/** Where 'Create New Account' leads (§2.7): the review's sign-up in the feedback variant, else the activation-code question. */
export function createAccountPath(variant: LoginVariant): string {
  return variant.kind === 'feedback'
    ? `/patient-review/appointments/${variant.appointmentId}/signup`
    : '/account/activation-code-question';
}

/**
 * Where the forgot-password link leads: recovery on the same path family (§2.8), so the login under
 * /account recovers under /account and the feedback login under its patient-review path.
 */
export function forgotPasswordPath(variant: LoginVariant, pathname: string): string {
  if (variant.kind === 'feedback')
    return `/patient-review/appointments/${variant.appointmentId}/forgot-password`;
  return pathname.toLowerCase().startsWith('/account') ? '/account/forgot-password' : '/forgot-password';
}

/** Where the user comes back to after signing in from a variant (stored as return_url), or null for the landing table. */
export function returnAfterLogin(variant: LoginVariant): string | null {
  if (variant.kind === 'passport') return '/vaccine-passport';
  if (variant.kind === 'feedback') return `/patient-review/appointments/${variant.appointmentId}`;
  return null;
}
