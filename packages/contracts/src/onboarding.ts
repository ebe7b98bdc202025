import { z } from 'zod';
import { SETTABLE_GATEWAYS } from './payment-settings';
import { VISIT_TYPES } from './constants';

/**
 * Practice onboarding (practice-portal.md §1, §7 "POST {p}-gateway/organization/add"): one call takes a new
 * practice from nothing to bookable. The patterns and limits are the spec's (§5); the rules that need
 * the domain package (NPI check digit, hours that do not overlap, time zones) are checked by the service
 * with @careslot/domain and answered as 400 naming the field.
 */

const NAME = /^[\p{L}' ]+$/u;
const CITY = /^[\p{L} ]+$/u;
const NO_UNWANTED = /^[^~`]*$/;
const ZIP = /^[0-9]{5}(-?[0-9]{4})?$/;
const PHONE = /^[0-9()+\-. ]{10,14}$/;

const personName = (max: number) =>
  z.string().trim().min(2).max(max).regex(NAME, 'letters, spaces and apostrophes only');
const text = (max: number) => z.string().trim().min(1).max(max).regex(NO_UNWANTED, 'no ~ or ` characters');

/** The gateways a practice can choose (its account is connected afterwards in the payment settings). */
export const ONBOARDING_GATEWAYS = SETTABLE_GATEWAYS;
export type OnboardingGateway = (typeof ONBOARDING_GATEWAYS)[number];

export const onboardingOrganizationSchema = z.object({
  Name: text(50),
  Phone: z.string().trim().regex(PHONE, 'a phone number of 10 to 14 characters'),
  Email: z.email().max(320),
  Website: z.url().max(200).nullable().optional(),
});

export const onboardingLocationSchema = z.object({
  Name: text(75),
  Address1: text(50),
  Address2: text(50).nullable().optional(),
  City: z.string().trim().min(1).max(30).regex(CITY, 'letters and spaces only'),
  State: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'a two-letter state code'),
  ZipCode: z.string().trim().regex(ZIP, '5 or 9 digits'),
  TimeZone: z.string().min(1).max(60),
  Phone: z.string().trim().regex(PHONE, 'a phone number of 10 to 14 characters'),
});

export const onboardingProviderSchema = z.object({
  Prefix: z.string().trim().max(10).nullable().optional(),
  FirstName: personName(35),
  LastName: personName(35),
  Suffix: z.string().trim().max(25).nullable().optional(),
  Gender: z.enum(['M', 'F', 'O', 'U']).nullable().optional(),
  Npi: z.string().regex(/^[0-9]{10}$/, '10 digits'),
  SpecialtyId: z.uuid(),
  Email: z.email().max(320),
});

export const onboardingReasonSchema = z.object({
  Name: text(100),
  DurationMinutes: z.number().int().min(5).max(480),
  VisitType: z.enum(VISIT_TYPES),
});

export const onboardingHoursSchema = z.object({
  /** 0 = Sunday .. 6 = Saturday. */
  Weekday: z.number().int().min(0).max(6),
  Start: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:MM'),
  End: z.string().regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, 'HH:MM'),
});

export const onboardingScheduleSchema = z.object({
  SlotMinutes: z.union([
    z.literal(10),
    z.literal(15),
    z.literal(20),
    z.literal(30),
    z.literal(45),
    z.literal(60),
  ]),
  Hours: z.array(onboardingHoursSchema).min(1).max(28),
  /** The service category of the reasons (e.g. "Consultation"). */
  CategoryName: text(100),
  Reasons: z.array(onboardingReasonSchema).min(1).max(20),
});

export const onboardingPaymentSchema = z.object({
  EnableOnlinePayment: z.boolean(),
  GatewayName: z.enum(ONBOARDING_GATEWAYS).nullable(),
});

export const onboardingRequestSchema = z.object({
  Organization: onboardingOrganizationSchema,
  Location: onboardingLocationSchema,
  Provider: onboardingProviderSchema,
  Schedule: onboardingScheduleSchema,
  Payment: onboardingPaymentSchema,
  /** Publish the provider's and the practice's page profiles now (the provider appears in patient search). */
  Publish: z.boolean(),
});
export type OnboardingRequest = z.infer<typeof onboardingRequestSchema>;

export const onboardingResultSchema = z.object({
  OrganizationId: z.string(),
  LocationId: z.string(),
  PractitionerId: z.string(),
  ScheduleId: z.string(),
  ServiceCategoryId: z.string(),
  ServiceTypeIds: z.array(z.string()),
  /** The provider's public profile address segment (/providers/{NameIdentity}). */
  ProviderNameIdentity: z.string().nullable(),
  Published: z.boolean(),
  /** The activation e-mail went to the provider's address (a new sign-in account was made). */
  InvitationSent: z.boolean(),
});
export type OnboardingResult = z.infer<typeof onboardingResultSchema>;
