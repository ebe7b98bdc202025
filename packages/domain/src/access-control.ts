import {
  FEATURE_CODES,
  PRACTICE_ROLE_CODES,
  type FeatureCode,
  type PracticeRoleCode,
} from '@careslot/contracts';

/**
 * Which practice roles may use which feature (practice-portal.md §6 menu rules, decision 0059). The spec's
 * rules are the most a practice can allow; its access control (entity configurations per role) can only
 * switch features off, and never the practice admin's own settings. One home for the server's enforcement and
 * the web's menus.
 */
export const FEATURE_RULE_ROLES: Readonly<Record<FeatureCode, readonly PracticeRoleCode[]>> = {
  // Check-In Summary, Calendar, Requests: practice admin, provider or staff.
  checkInSummary: ['practiceadmin', 'provider', 'staff'],
  calendar: ['practiceadmin', 'provider', 'staff'],
  // Surveys: a provider practice admin in the bar, a practice admin under 'More'.
  surveys: ['practiceadmin', 'provider'],
  requests: ['practiceadmin', 'provider', 'staff'],
  // Reports: practice admin (or provider practice admin).
  reports: ['practiceadmin'],
  // Reputation Management: anyone of a practice with reputation enabled.
  reputation: ['practiceadmin', 'provider', 'staff'],
  // Settings: PROVIDER or PRACTICE_ADMIN.
  settings: ['practiceadmin', 'provider'],
};

/** Cells no configuration can switch off: the practice admin keeps the settings (and with them this page). */
export const FEATURE_LOCKED_ROLES: Readonly<Record<FeatureCode, readonly PracticeRoleCode[]>> = {
  checkInSummary: [],
  calendar: [],
  surveys: [],
  requests: [],
  reports: [],
  reputation: [],
  settings: ['practiceadmin'],
};

/** One role's switches as stored: a feature not named is on (the spec's default). */
export interface RoleFeatureSwitches {
  EntityId: string;
  Services: readonly { ServiceCode: FeatureCode; Enabled: boolean }[];
}

export const isPracticeRoleCode = (role: string): role is PracticeRoleCode =>
  (PRACTICE_ROLE_CODES as readonly string[]).includes(role.toLowerCase());

/** Whether a role may use a feature at a practice with these switches. */
export function roleMayUse(
  feature: FeatureCode,
  role: PracticeRoleCode,
  switches: RoleFeatureSwitches | undefined,
): boolean {
  if (!FEATURE_RULE_ROLES[feature].includes(role)) return false;
  if (FEATURE_LOCKED_ROLES[feature].includes(role)) return true;
  return switches?.Services.find((s) => s.ServiceCode === feature)?.Enabled ?? true;
}

/**
 * The features a user holding these roles may use: a feature any of their practice roles may use (a provider
 * practice admin keeps the calendar when only providers lose it). Role names compare case-insensitively (§5).
 */
export function enabledFeatures(
  configurations: readonly RoleFeatureSwitches[],
  roles: readonly string[],
): Set<FeatureCode> {
  const held = roles.map((r) => r.toLowerCase()).filter(isPracticeRoleCode);
  const byRole = new Map(configurations.map((c) => [c.EntityId.toLowerCase(), c]));
  return new Set(
    FEATURE_CODES.filter((feature) => held.some((role) => roleMayUse(feature, role, byRole.get(role)))),
  );
}

/** A role's switches after a change: locked cells and cells the rules do not allow stay as they must. */
export function applyFeatureSwitches(
  role: PracticeRoleCode,
  current: RoleFeatureSwitches['Services'],
  changes: RoleFeatureSwitches['Services'],
): { ServiceCode: FeatureCode; Enabled: boolean }[] {
  const next = new Map(current.map((s) => [s.ServiceCode, s.Enabled]));
  for (const change of changes) next.set(change.ServiceCode, change.Enabled);
  return FEATURE_CODES.filter((f) => FEATURE_RULE_ROLES[f].includes(role)).map((feature) => ({
    ServiceCode: feature,
    Enabled: FEATURE_LOCKED_ROLES[feature].includes(role) ? true : (next.get(feature) ?? true),
  }));
}

/** The change asks to switch off a cell that cannot be: which one, or null. */
export function lockedSwitchOff(
  role: PracticeRoleCode,
  changes: RoleFeatureSwitches['Services'],
): FeatureCode | null {
  return (
    changes.find((c) => !c.Enabled && FEATURE_LOCKED_ROLES[c.ServiceCode].includes(role))?.ServiceCode ?? null
  );
}
