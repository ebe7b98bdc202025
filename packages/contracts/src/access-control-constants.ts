/**
 * The access-control constants without zod (decision 0059): the web's start-up code (menus, the practice data
 * loaded at sign-in) reads them, and the patient pages' JavaScript budget has no room for zod.
 */

/** Where the access-control calls live. */
export const ACCESS_CONTROL_BASE = '/careslot-access-control/api/v1';

/** The roles of a practice's users (practice-portal.md §6). */
export const PRACTICE_ROLE_CODES = ['provider', 'staff', 'practiceadmin'] as const;
export type PracticeRoleCode = (typeof PRACTICE_ROLE_CODES)[number];

/** The features (the spec's "services") a practice can switch per role, in menu order. */
export const FEATURE_CODES = [
  'checkInSummary',
  'calendar',
  'surveys',
  'requests',
  'reports',
  'reputation',
  'settings',
] as const;
export type FeatureCode = (typeof FEATURE_CODES)[number];

/** The entity type of a role's configuration (the spec's entity configurations are per entity). */
export const ACCESS_ENTITY_TYPE = 'Role';
