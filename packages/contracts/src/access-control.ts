import { z } from 'zod';
import { ACCESS_ENTITY_TYPE, FEATURE_CODES, PRACTICE_ROLE_CODES } from './access-control-constants';

/**
 * Access control (practice-portal.md §1, §6 "Access controls per entity are kept in entity configurations",
 * §7 "Other services"): which of a practice's roles may use which feature. The spec names no service segment,
 * so the calls live under {gw}/careslot-access-control/api/v1 (decision 0059).
 */

export const featureCodeSchema = z.enum(FEATURE_CODES);

/** GET Service: every feature, the roles the spec's menu rules let use it, and the roles that cannot lose it. */
export const accessServiceSchema = z.object({
  Code: featureCodeSchema,
  Roles: z.array(z.enum(PRACTICE_ROLE_CODES)),
  LockedRoles: z.array(z.enum(PRACTICE_ROLE_CODES)),
});
export const accessServiceListSchema = z.object({
  Data: z.array(accessServiceSchema),
  Total: z.number().int(),
});
export type AccessService = z.infer<typeof accessServiceSchema>;

export const accessServiceSettingSchema = z.object({ ServiceCode: featureCodeSchema, Enabled: z.boolean() });

/** One role's configuration at one practice. */
export const entityConfigurationSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  EntityType: z.literal(ACCESS_ENTITY_TYPE),
  EntityId: z.enum(PRACTICE_ROLE_CODES),
  Services: z.array(accessServiceSettingSchema),
  UpdatedOn: z.string(),
});
export type EntityConfiguration = z.infer<typeof entityConfigurationSchema>;
export const entityConfigurationListSchema = z.object({
  Data: z.array(entityConfigurationSchema),
  Total: z.number().int(),
});

/** POST EntityConfigurations/get: the practice's configurations, optionally of some roles only. */
export const entityConfigurationSearchSchema = z.object({
  OrganizationId: z.uuid(),
  EntityType: z.literal(ACCESS_ENTITY_TYPE).optional(),
  EntityIds: z.array(z.enum(PRACTICE_ROLE_CODES)).max(10).optional(),
});

/** PUT EntityConfigurations/{id}: the switches to change (features not named keep their setting). */
export const entityConfigurationUpdateSchema = z.object({
  Services: z.array(accessServiceSettingSchema).min(1).max(FEATURE_CODES.length),
});
export type EntityConfigurationUpdate = z.infer<typeof entityConfigurationUpdateSchema>;
