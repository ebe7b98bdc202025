/**
 * The practice admin's settings (practice-portal.md §1, §2.2, §7 Administration): one section a line, each a
 * child route of /practice-admin/settings. The section nav (SettingsLayout) and the menu walk read this list,
 * so a section is added here and in the router together. Labels are keys of practiceSettings:sections.
 */
export interface SettingsSection {
  id: string;
  /** The child path under /practice-admin/settings. */
  path: string;
}

export const SETTINGS_BASE = '/practice-admin/settings';

export const SETTINGS_SECTIONS = [
  { id: 'organization', path: 'organization' },
  { id: 'locations', path: 'locations' },
  { id: 'users', path: 'user/list' },
  { id: 'resources', path: 'resources' },
  { id: 'careTeams', path: 'care-teams' },
  { id: 'schedules', path: 'schedules' },
  { id: 'reasons', path: 'reasons' },
  { id: 'pageProfile', path: 'page-profile' },
  { id: 'payments', path: 'payments' },
  { id: 'communication', path: 'communication' },
  { id: 'reminders', path: 'reminders' },
  { id: 'accessControl', path: 'access-control' },
  { id: 'reputation', path: 'reputation' },
  { id: 'forms', path: 'forms' },
  { id: 'patientPortal', path: 'patient-portal' },
] as const satisfies readonly SettingsSection[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export function settingsPath(id: SettingsSectionId): string {
  const section = SETTINGS_SECTIONS.find((s) => s.id === id)!;
  return `${SETTINGS_BASE}/${section.path}`;
}
