import type { SessionUser } from '../../shared/session/session';

const PRACTICE_ROLES = ['practiceadmin', 'staff', 'provider'];

/** Practice-side organization data loads only for practiceadmin, staff or provider with an OrganizationId (§4.4, §6). */
export function practiceToLoad(user: SessionUser | null): string | null {
  if (!user?.organizationId) return null;
  const roles = user.roles.map((role) => role.toLowerCase());
  return PRACTICE_ROLES.some((role) => roles.includes(role)) ? user.organizationId : null;
}
