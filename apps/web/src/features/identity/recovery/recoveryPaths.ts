/** The three screens of password recovery (patient-booking.md §2.8). */
export type RecoveryStep = 'forgot-password' | 'verify-code' | 'reset-password';

/**
 * Where the next recovery screen lives, from the current path (§2.8): the product goes to
 * {first path segment}/{step}, so /account/forgot-password leads to /account/verify-code and the
 * top-level /forgot-password to /verify-code; under a patient-review path it keeps the full path minus
 * the last segment (/patient-review/appointments/7/forgot-password → /patient-review/appointments/7/verify-code).
 */
export function recoveryPath(currentPath: string, step: RecoveryStep): string {
  const segments = currentPath.split('/').filter(Boolean);
  if (segments.some((segment) => segment.toLowerCase() === 'patient-review')) {
    return `/${[...segments.slice(0, -1), step].join('/')}`;
  }
  // A lone segment is the recovery screen itself (/forgot-password): its siblings are top-level too.
  if (segments.length < 2) return `/${step}`;
  return `/${segments[0]}/${step}`;
}
