/** The patient portal is built into the product under /portal (spec README, placeholders). */
export const PATIENT_PORTAL_BASE = '/portal';

export type HomeRole =
  'patient' | 'provider' | 'superuser' | 'supportagent' | 'staff' | 'practiceadmin' | 'financialsuperuser';

const HOME_BY_ROLE: Record<HomeRole, string> = {
  patient: PATIENT_PORTAL_BASE,
  provider: '/dashboard/doctor',
  superuser: '/super-user/dashboard',
  supportagent: '/support-agent/dashboard',
  staff: '/dashboard/practice-staff',
  practiceadmin: '/practice-admin/dashboard',
  // The spec's landing table has no row for the financial super user; their home is the finance page (decision 0056).
  financialsuperuser: '/super-user/finance',
};

/**
 * The spec gives two orders and the product uses both (spec README, "two readings"): patient first for
 * the landing after sign-in, provider first for the header's dashboard link and role URLs
 * (practice-portal.md §2.1). The order matters for a user who holds both roles.
 */
export const LOGIN_LANDING_ORDER: readonly HomeRole[] = [
  'patient',
  'provider',
  'superuser',
  'supportagent',
  'staff',
  'practiceadmin',
  'financialsuperuser',
];
export const HEADER_LINK_ORDER: readonly HomeRole[] = [
  'provider',
  'patient',
  'superuser',
  'supportagent',
  'staff',
  'practiceadmin',
  'financialsuperuser',
];

/** The home of the first matching role, compared case-insensitively as everywhere in the spec; null if none. */
export function homeForRoles(roles: readonly string[], order: readonly HomeRole[]): string | null {
  const held = new Set(roles.map((role) => role.toLowerCase()));
  const match = order.find((role) => held.has(role));
  return match ? HOME_BY_ROLE[match] : null;
}
