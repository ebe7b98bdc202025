/**
 * Who sees what under /practice-admin/settings (practice-portal.md §2.2): a practice admin gets the settings
 * frame and every section; a staff member reaches exactly the users list ("More → Users"), read-only and
 * without the frame (its other sections are the admin's), also from the settings' own address (the trail's
 * "Settings" step); anyone else is turned away by the permission guard.
 */
export const STAFF_USERS_PATH = '/practice-admin/settings/user/list';
const SETTINGS_PATH = '/practice-admin/settings';

export type SettingsAccess = 'frame' | 'staff-users' | 'denied';

export function settingsAccess(roles: readonly string[], pathname: string): SettingsAccess {
  const held = new Set(roles.map((r) => r.toLowerCase()));
  if (held.has('practiceadmin')) return 'frame';
  const path = pathname.replace(/\/+$/, '');
  if (held.has('staff') && (path === STAFF_USERS_PATH || path === SETTINGS_PATH)) return 'staff-users';
  return 'denied';
}
