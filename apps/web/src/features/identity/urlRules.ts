/** URL-driven rules of patient-booking.md §2.2 that belong to sign-in. Comparisons ignore case, as everywhere. */

/** URLs containing 'appointment-action' clear the stored login and permissions on load. */
export const clearsStoredLoginOnLoad = (url: string) => url.toLowerCase().includes('appointment-action');

/** URLs containing 'passport' skip the post-login redirect: the user comes back to the passport page. */
export const skipsPostLoginRedirect = (url: string) => url.toLowerCase().includes('passport');
