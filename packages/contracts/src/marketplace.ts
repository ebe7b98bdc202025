import { z } from 'zod';
import { calendarDate } from './input';
import { GENDER_CODES, VISIT_TYPES } from './constants';
import { slotSchema } from './scheduling';
import { SEARCH_MAX_DISTANCE_MILES, SEARCH_MAX_PAGE_SIZE, SEARCH_SORTS } from './search-constants';

/**
 * Find care (patient-booking.md §2.5, §3.2; practice-portal.md §7 Marketplace). The search call's body uses
 * the "reading 1" names (spec README decision); GET catalogs takes the same names as query parameters,
 * list values repeated (Specialty=a&Specialty=b) and null values left out.
 */

/** Visit types of the search filter: VISIT_TYPES of the constants (Office, TeleHealth, Walk-In). */
export const visitTypeSchema = z.enum(VISIT_TYPES);

export const searchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** One value, or the same parameter repeated: both become a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]),
    z.array(item).max(20),
  );

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const number = (schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

export const findCareSearchSchema = z.object({
  /** Specialty names (Display), e.g. 'Internist'; unknown names match nobody. */
  Specialty: z.preprocess(blankToUndefined, listOf(z.string().trim().min(1).max(200)).optional()),
  /** A condition name; it searches the specialties that treat it. */
  Condition: text(200),
  Gender: z.preprocess(
    blankToUndefined,
    z.enum(Object.keys(GENDER_CODES) as [keyof typeof GENDER_CODES]).optional(),
  ),
  /** Insurance carrier name (insurance_name) or id; plans narrow it further. */
  insurance_name: text(200),
  InsuranceCarrierId: z.preprocess(blankToUndefined, z.string().uuid().optional()),
  InsurancePlanIds: z.preprocess(blankToUndefined, listOf(z.string().uuid()).optional()),
  /** YYYY-MM-DD: the first day of the week of slots shown, and the earliest next availability. Default today. */
  Date: z.preprocess(blankToUndefined, calendarDate('must be YYYY-MM-DD').optional()),
  /** 5 digits or ZIP+4 (12345-6789 or 123456789). */
  ZipCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{5}(-?\d{4})?$/, { message: 'must have exactly 5 or 9 digits' })
      .optional(),
  ),
  City: text(100),
  StateName: text(100),
  Latitude: number(z.number().min(-90).max(90)),
  Longitude: number(z.number().min(-180).max(180)),
  /** Miles from the place; 0 or absent means any distance (results are still sorted by it). */
  Distance: number(z.number().min(0).max(SEARCH_MAX_DISTANCE_MILES)),
  VisitType: z.preprocess(blankToUndefined, visitTypeSchema.optional()),
  /**
   * walk_in_tele_visit_enabled of the page's URL: false leaves walk-in and telehealth visits out of the
   * search (only providers seen at the office, and a VisitType of Walk-In or TeleHealth matches nobody).
   * Default true.
   */
  WalkInTeleVisitEnabled: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : blankToUndefined(value)),
    z.boolean({ message: 'must be true or false' }).optional(),
  ),
  /** Free text: provider, practice, specialty or city. */
  TextField: text(100),
  SortBy: z.preprocess(blankToUndefined, searchSortSchema.optional()),
  /** Page number, from 1. */
  Offset: number(z.number().int().min(1).max(10_000)),
  Limit: number(z.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE)),
});
export type FindCareSearch = z.input<typeof findCareSearchSchema>;
export type FindCareSearchParsed = z.output<typeof findCareSearchSchema>;

export const searchLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string().nullable(),
  iana_time_zone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/**
 * Another office of the provider that matches the same search (issue 17): its address, distance and the
 * provider's schedule there (null when they take no online bookings at that office). A card lists only the
 * times of the office it shows; choosing one of these shows that office and its own calendar.
 */
export const searchOfficeSchema = searchLocationSchema.extend({
  distance: z.number().nullable(),
  schedule_id: z.string().nullable(),
});
export type SearchOffice = z.infer<typeof searchOfficeSchema>;

export const searchProviderSchema = z.object({
  practitioner_id: z.string(),
  name_identity: z.string(),
  display_name: z.string(),
  prefix: z.string().nullable(),
  given_names: z.array(z.string()),
  family_name: z.string(),
  suffix: z.string().nullable(),
  gender: z.string().nullable(),
  photo_url: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string() }),
  location: searchLocationSchema,
  /** Great-circle miles from the searched place, one decimal; null without a place. */
  distance: z.number().nullable(),
  specialties: z.array(z.object({ Id: z.string(), Display: z.string() })),
  insurance_carriers: z.array(z.object({ Id: z.string(), Name: z.string() })),
  visit_types: z.array(visitTypeSchema),
  /** The provider's schedule at this location (or an office-less one in its zone); null when none books online. */
  schedule_id: z.string().nullable(),
  /** The first open slot from the search date on (UTC ISO), null when none within the planning horizon. */
  next_availability: z.string().nullable(),
  /** The week's open slots from the search date, at most 3 a day in the location's time zone. */
  slots: z.array(slotSchema),
  /** Some day of the week has more open slots than the 3 listed ('More appointments', §2.6). */
  more_slots: z.boolean(),
  /** The provider's other offices matching the search, nearest first. */
  other_offices: z.array(searchOfficeSchema),
});
export type SearchProvider = z.infer<typeof searchProviderSchema>;

export const findCareResultSchema = z.object({
  count: z.number().int().nonnegative(),
  providers: z.array(searchProviderSchema),
  /** The search's first day (YYYY-MM-DD) and the place distances were measured from. */
  date: z.string(),
  place: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable(),
});
export type FindCareResult = z.infer<typeof findCareResultSchema>;

// ---------- page profiles (patient-booking.md §3.3, practice-portal.md §3.4) ----------

export const PAGE_PROFILE_ENTITY_TYPES = ['Provider', 'HealthCareService', 'Organization'] as const;
export type PageProfileEntityType = (typeof PAGE_PROFILE_ENTITY_TYPES)[number];

/** A booking reason a calendar offers (patient-booking.md §3.4); 'All' (id -1) is always offered by the page. */
export const profileReasonSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  VisitType: visitTypeSchema.nullable(),
});

export const pageProfileCalendarSchema = z.object({
  ScheduleId: z.string(),
  LocationId: z.string().nullable(),
  TimeZone: z.string(),
  /** Who the calendar books: the provider or the service (on a practice page, one of its providers). */
  EntityId: z.string(),
  EntityType: z.enum(['Provider', 'HealthCareService']),
  EntityName: z.string(),
  EntityPhoto: z.string().nullable(),
  EntitySpeciality: z.string().nullable(),
  Reasons: z.array(profileReasonSchema),
});
export type PageProfileCalendar = z.infer<typeof pageProfileCalendarSchema>;

export const pageProfileLocationSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Address1: z.string(),
  Address2: z.string().nullable(),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
  Phone: z.string().nullable(),
  TimeZone: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
});
export type PageProfileLocation = z.infer<typeof pageProfileLocationSchema>;

export const suggestedEntitySchema = z.object({
  Id: z.string(),
  Type: z.enum(PAGE_PROFILE_ENTITY_TYPES),
  Name: z.string(),
  Title: z.string().nullable(),
  Photo: z.string().nullable(),
  NameIdentity: z.string(),
  ProfileLink: z.string(),
});
export type SuggestedEntity = z.infer<typeof suggestedEntitySchema>;

export const pageProfileSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Title: z.string().nullable(),
  About: z.string().nullable(),
  ProfilePicture: z.string().nullable(),
  CoverPhoto: z.string().nullable(),
  ContactInfo: z.object({ Phone: z.string().nullable(), Email: z.string().nullable() }).nullable(),
  Entity: z.object({ Id: z.string(), Type: z.enum(PAGE_PROFILE_ENTITY_TYPES) }),
  /** The bookable calendars shown on the page: the entity's own, or a practice's providers'. */
  Calendars: z.array(pageProfileCalendarSchema),
  ProfileLink: z.string(),
  VisitTypes: z.array(visitTypeSchema),
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
  /** The practice the entity belongs to (the practice itself for an Organization profile). */
  Organization: z
    .object({ Id: z.string(), Name: z.string(), NameIdentity: z.string().nullable() })
    .nullable(),
  /** Empty unless DisplaySpecialities. */
  Specialities: z.array(z.object({ Id: z.string(), Name: z.string() })),
  /** Accepted carriers and their plans; empty unless DisplayInsurances. */
  Insurances: z.array(
    z.object({
      Id: z.string(),
      Name: z.string(),
      Plans: z.array(z.object({ Id: z.string(), Name: z.string() })),
    }),
  ),
  /** Facilities, hidden facility entries left out; Phone is null unless DisplayLocationPhone. */
  Locations: z.array(pageProfileLocationSchema),
  /** Other published profiles of the same practice; empty unless ShowSuggestedEntities (hidden ids left out). */
  SuggestedEntities: z.array(suggestedEntitySchema),
});
export type PageProfile = z.infer<typeof pageProfileSchema>;

export const pageProfileEntityRequestSchema = z.object({
  EntityId: z.string().uuid(),
  EntityType: z.enum(PAGE_PROFILE_ENTITY_TYPES).default('Provider'),
});

export const nameIdentityParamsSchema = z.object({
  nameIdentity: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9-]+$/, { message: 'lower-case letters, digits and dashes' }),
});

export const pageProfileSchedulesRequestSchema = z.object({
  NameIdentity: z.string().min(1).max(200),
  /** YYYY-MM-DD, default today. */
  Date: calendarDate('must be YYYY-MM-DD').optional(),
});

export const pageProfileSchedulesSchema = z.object({
  Data: z.array(
    z.object({
      ScheduleId: z.string(),
      LocationId: z.string().nullable(),
      TimeZone: z.string(),
      Slots: z.array(slotSchema),
    }),
  ),
  Total: z.number().int(),
});
