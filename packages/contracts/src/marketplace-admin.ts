import { z } from 'zod';
import { VISIT_TYPES } from './constants';
import { PAGE_PROFILE_ENTITY_TYPES } from './marketplace';

/**
 * Editing page profiles and the marketplace's catalog (practice-portal.md §3.4, §7 Marketplace): a practice
 * admin edits its own practice's, providers' and services' profiles; super users every one, and they list,
 * add and remove catalog entries (published profiles).
 */

const NO_UNWANTED = /^[^~`]*$/;

export const hiddenFacilitySchema = z
  .object({ providerId: z.uuid().optional(), resourceId: z.uuid().optional(), facilityId: z.uuid() })
  .refine((h) => !(h.providerId && h.resourceId), {
    message: 'either providerId or resourceId',
    path: ['resourceId'],
  });
export type HiddenFacility = z.infer<typeof hiddenFacilitySchema>;

/** The settings of a page profile as its editors see them (published or not). */
export const pageProfileSettingsSchema = z.object({
  Id: z.string(),
  Entity: z.object({ Id: z.string(), Type: z.enum(PAGE_PROFILE_ENTITY_TYPES) }),
  OrganizationId: z.string().nullable(),
  NameIdentity: z.string(),
  Name: z.string(),
  Title: z.string().nullable(),
  About: z.string().nullable(),
  VisitTypes: z.array(z.enum(VISIT_TYPES)),
  IsPublished: z.boolean(),
  ShowSuggestedEntities: z.boolean(),
  EnableLocationSearch: z.boolean(),
  DisplaySpecialities: z.boolean(),
  DisplayInsurances: z.boolean(),
  DisplayLocationPhone: z.boolean(),
  ScheduleViaReferrer: z.boolean(),
  EnableSplitCalendar: z.boolean(),
  EnableProfileRanking: z.boolean(),
  ReferrerUrl: z.string().nullable(),
  ReferrerInstructions: z.string().nullable(),
  PageProfileScheduleType: z.string().nullable(),
  HiddenFacilities: z.array(hiddenFacilitySchema),
  HiddenSuggestedIds: z.array(z.string()),
});
export type PageProfileSettings = z.infer<typeof pageProfileSettingsSchema>;
export const pageProfileSettingsListSchema = z.object({
  Data: z.array(pageProfileSettingsSchema),
  Total: z.number().int(),
});

/** PUT/POST pageProfiles/{id}: the fields given change, the others stay. */
export const pageProfileUpdateSchema = z
  .object({
    Title: z.string().trim().max(100).regex(NO_UNWANTED).nullable(),
    About: z.string().trim().max(2000).regex(NO_UNWANTED).nullable(),
    VisitTypes: z.array(z.enum(VISIT_TYPES)).min(1).max(3),
    IsPublished: z.boolean(),
    ShowSuggestedEntities: z.boolean(),
    EnableLocationSearch: z.boolean(),
    DisplaySpecialities: z.boolean(),
    DisplayInsurances: z.boolean(),
    DisplayLocationPhone: z.boolean(),
    ScheduleViaReferrer: z.boolean(),
    EnableSplitCalendar: z.boolean(),
    EnableProfileRanking: z.boolean(),
    ReferrerUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable(),
    ReferrerInstructions: z.string().trim().max(1000).regex(NO_UNWANTED).nullable(),
    PageProfileScheduleType: z.string().trim().max(50).nullable(),
    HiddenFacilities: z.array(hiddenFacilitySchema).max(200),
    HiddenSuggestedIds: z.array(z.uuid()).max(200),
  })
  .partial()
  .refine((u) => !u.ScheduleViaReferrer || u.ReferrerUrl !== null, {
    message: 'ReferrerUrl is required to schedule via the referrer',
    path: ['ReferrerUrl'],
  });
export type PageProfileUpdate = z.infer<typeof pageProfileUpdateSchema>;

/** POST pageProfiles (answers the new profile's id as text) and POST careslot-gateway/market-place/calendar/add. */
export const pageProfileCreateSchema = z.object({
  EntityType: z.enum(PAGE_PROFILE_ENTITY_TYPES),
  EntityId: z.uuid(),
});
export type PageProfileCreate = z.infer<typeof pageProfileCreateSchema>;

/** POST careslot-gateway/market-place/calendar/add: these providers' or services' calendars join the marketplace. */
export const marketplaceCalendarAddSchema = z.object({
  Entities: z.array(pageProfileCreateSchema).min(1).max(100),
});
export type MarketplaceCalendarAdd = z.infer<typeof marketplaceCalendarAddSchema>;

/** The super users' catalog list: page profiles of the marketplace, by name. */
export const catalogAdminQuerySchema = z.object({
  Name: z.string().trim().max(100).optional(),
  EntityType: z.enum(PAGE_PROFILE_ENTITY_TYPES).optional(),
  Offset: z.coerce.number().int().min(1).default(1),
  Limit: z.coerce.number().int().min(1).max(100).default(15),
});
export type CatalogAdminQuery = z.infer<typeof catalogAdminQuerySchema>;
