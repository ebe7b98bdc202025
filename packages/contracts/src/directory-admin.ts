import { z } from 'zod';
import { dataList } from './envelope';
import { careTeamSchema, healthcareServiceSchema, locationSchema, organizationSchema } from './directory';

/**
 * What a practice admin changes in the directory (practice-portal.md §3.3, §3.9, §5 and the §7 Administration
 * calls): the organization with its logo and banner, its settings, facilities (locations) with the insurances
 * they accept, resources (healthcare services) with their photo and settings, care teams, the practice's
 * clinical settings and its patient-portal settings. Limits are the spec's (§5); messages name the rule.
 */

export const FACILITY_LIMITS = {
  name: 75,
  address: 50,
  city: 30,
  phone: 14,
  email: 320,
  emails: 5,
  coordinate: 20,
  about: 1000,
  welcome: 500,
  instructions: 1000,
  role: 50,
} as const;

/** The time zones a US facility may pick (IANA names). */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
] as const;
export const usTimeZoneSchema = z.enum(US_TIME_ZONES, {
  message: 'must be one of the US time zones (IANA name)',
});

/** The six languages of the product (constants.md). */
export const PRODUCT_LANGUAGES = ['es', 'en', 'zh-CN', 'vi', 'ko', 'ja'] as const;

const noTildeOrBacktick = /^[^~`]*$/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .regex(noTildeOrBacktick, { message: 'must not contain ~ or `' });
const requiredText = (max: number) => text(max).min(1, { message: 'is required' });

export const facilityNameSchema = requiredText(FACILITY_LIMITS.name);
/**
 * A US number (10 digits, or 11 with the country code 1) as every screen shows it, '(312) 555-0177', however it
 * was typed; anything else as typed (issue 30, item 13: the wizard's digits were shown raw in the search).
 */
export function usPhoneText(value: string): string {
  const digits = value.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (local.length !== 10) return value;
  return `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
}
export const facilityPhoneSchema = z
  .string()
  .trim()
  .max(FACILITY_LIMITS.phone, { message: `must be at most ${FACILITY_LIMITS.phone} characters` })
  .regex(/^[0-9()\-\s.+]*$/, { message: 'may hold digits, spaces, ( ) - . + only' })
  .refine((v) => v === '' || v.replace(/\D/g, '').length >= 10, { message: 'must have 10 digits' })
  .transform(usPhoneText);
export const facilityEmailSchema = z
  .string()
  .trim()
  .max(FACILITY_LIMITS.email, { message: `must be at most ${FACILITY_LIMITS.email} characters` })
  .pipe(z.email({ message: 'must be a valid e-mail address' }));
export const facilityZipSchema = z
  .string()
  .trim()
  .regex(/^(\d{5}|\d{5}-?\d{4})$/, { message: 'must have exactly 5 or 9 digits' })
  .transform((v) => v.replace('-', ''));
export const facilityCitySchema = requiredText(FACILITY_LIMITS.city).regex(/^[A-Za-z ]+$/, {
  message: 'may hold letters and spaces only',
});
export const facilityStateSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'must be a 2-letter state code' })
  .transform((v) => v.toUpperCase());
/** A latitude or longitude: a number whose text is at most 20 characters (FACILITY_LATITUDE, FACILITY_LONGITUDE). */
const coordinate = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .refine((v) => String(v).length <= FACILITY_LIMITS.coordinate, {
      message: `must be at most ${FACILITY_LIMITS.coordinate} characters`,
    });

const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.number().int(), message: z.string(), data });

// ---------- organization ----------

export const organizationUpdateSchema = z.object({
  Name: facilityNameSchema,
  Phone: facilityPhoneSchema.optional().default(''),
  Email: z
    .union([z.literal(''), facilityEmailSchema])
    .optional()
    .default(''),
  Website: z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, message: 'must be a web address starting with http:// or https://' })
        .max(200, { message: 'must be at most 200 characters' }),
    ])
    .optional()
    .default(''),
  TimeZone: usTimeZoneSchema,
  Address: z
    .object({
      Address1: text(FACILITY_LIMITS.address).optional().default(''),
      Address2: text(FACILITY_LIMITS.address).optional().default(''),
      City: z
        .union([z.literal(''), facilityCitySchema])
        .optional()
        .default(''),
      State: z
        .union([z.literal(''), facilityStateSchema])
        .optional()
        .default(''),
      ZipCode: z
        .union([z.literal(''), facilityZipSchema])
        .optional()
        .default(''),
    })
    .optional(),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;
export type OrganizationUpdateInput = z.input<typeof organizationUpdateSchema>;
export const organizationResponseSchema = envelopeOf(organizationSchema);
export const organizationNameQuerySchema = z.object({
  name: z.string().trim().min(1, { message: 'is required' }).max(FACILITY_LIMITS.name),
});
export const organizationNameResponseSchema = envelopeOf(
  z.object({ Id: z.string(), Name: z.string() }).nullable(),
);
export const IMAGE_KINDS = ['logo', 'banner'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

// ---------- organization settings ----------

export const organizationSettingsSchema = z.object({
  /** One record per practice: its Id is the organization's id. */
  Id: z.string(),
  OrganizationId: z.string(),
  ContactEmail: z.string(),
  ContactPhone: z.string(),
  TimeZone: z.string(),
  DefaultLanguage: z.enum(PRODUCT_LANGUAGES),
  /** Whether patient e-mails and texts carry the visit's details (time, provider, place). */
  SendAppointmentDetailsInPatientCommunication: z.boolean(),
  /** Whether notifications leave out the visit's reason. */
  HideReasonInNotifications: z.boolean(),
  /** False while nothing was saved: the values are the defaults. */
  Saved: z.boolean(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
const organizationSettingsFields = {
  ContactEmail: z.union([z.literal(''), facilityEmailSchema]),
  ContactPhone: facilityPhoneSchema,
  TimeZone: usTimeZoneSchema,
  DefaultLanguage: z.enum(PRODUCT_LANGUAGES, { message: 'must be one of es, en, zh-CN, vi, ko, ja' }),
  SendAppointmentDetailsInPatientCommunication: z.boolean(),
  HideReasonInNotifications: z.boolean(),
};
export const organizationSettingsInputSchema = z.object({
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  ContactEmail: organizationSettingsFields.ContactEmail.default(''),
  ContactPhone: organizationSettingsFields.ContactPhone.default(''),
  TimeZone: organizationSettingsFields.TimeZone,
  DefaultLanguage: organizationSettingsFields.DefaultLanguage.default('en'),
  SendAppointmentDetailsInPatientCommunication:
    organizationSettingsFields.SendAppointmentDetailsInPatientCommunication.default(true),
  HideReasonInNotifications: organizationSettingsFields.HideReasonInNotifications.default(false),
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsInputSchema>;
export type OrganizationSettingsFormInput = z.input<typeof organizationSettingsInputSchema>;
/** PATCH: only the fields given change (no defaults fill the others). */
export const organizationSettingsPatchSchema = z
  .object(organizationSettingsFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'give at least one field to change' });
export const organizationSettingsResponseSchema = envelopeOf(organizationSettingsSchema);

// ---------- practice clinical settings ----------

export const CLINICAL_SECTIONS = [
  'MedicalHistory',
  'FamilyHistory',
  'SurgicalHistory',
  'SocialHistory',
  'Medications',
  'Allergies',
  'Immunizations',
  'Vitals',
] as const;
export type ClinicalSection = (typeof CLINICAL_SECTIONS)[number];
export const practiceClinicalSettingsSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  /** The clinical-history sections digital check-in asks the patient for. */
  Sections: z.array(z.enum(CLINICAL_SECTIONS)),
  /** Whether a provider must write a summary note before a televisit is closed. */
  RequireSummaryNote: z.boolean(),
  Saved: z.boolean(),
});
export type PracticeClinicalSettings = z.infer<typeof practiceClinicalSettingsSchema>;
export const practiceClinicalSettingsInputSchema = z.object({
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  Sections: z
    .array(z.enum(CLINICAL_SECTIONS, { message: `must be one of ${CLINICAL_SECTIONS.join(', ')}` }))
    .max(CLINICAL_SECTIONS.length)
    .default([]),
  RequireSummaryNote: z.boolean().default(false),
});
export type PracticeClinicalSettingsInput = z.infer<typeof practiceClinicalSettingsInputSchema>;
export const practiceClinicalSettingsCriteriaSchema = z.object({
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
});
export const practiceClinicalSettingsResponseSchema = envelopeOf(practiceClinicalSettingsSchema);
export const practiceClinicalSettingsListSchema = dataList(practiceClinicalSettingsSchema);

// ---------- patient-portal settings ----------

export const patientPortalSettingsSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  PortalEnabled: z.boolean(),
  AllowOnlineCancellation: z.boolean(),
  AllowOnlineReschedule: z.boolean(),
  /** How many hours before the visit a patient may still cancel or move it online. */
  CancellationCutoffHours: z.number().int(),
  ShowBalance: z.boolean(),
  AllowFamilyMembers: z.boolean(),
  WelcomeMessage: z.string(),
  Saved: z.boolean(),
});
export type PatientPortalSettings = z.infer<typeof patientPortalSettingsSchema>;

/**
 * Whether a visit starting at `start` is inside the practice's cancellation cutoff at `now`: its patients may no
 * longer cancel or move it online. The cutoff binds once the practice saved its portal settings (decision 0104).
 */
export function withinPortalCutoff(
  settings: Pick<PatientPortalSettings, 'CancellationCutoffHours' | 'Saved'>,
  start: Date,
  now: Date,
): boolean {
  return settings.Saved && start.getTime() - now.getTime() < settings.CancellationCutoffHours * 3_600_000;
}
export const patientPortalSettingsInputSchema = z.object({
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  PortalEnabled: z.boolean().default(true),
  AllowOnlineCancellation: z.boolean().default(true),
  AllowOnlineReschedule: z.boolean().default(true),
  CancellationCutoffHours: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be at least 0' })
    .max(168, { message: 'must be at most 168' })
    .default(24),
  ShowBalance: z.boolean().default(true),
  AllowFamilyMembers: z.boolean().default(true),
  WelcomeMessage: text(FACILITY_LIMITS.welcome).default(''),
});
export type PatientPortalSettingsInput = z.infer<typeof patientPortalSettingsInputSchema>;
export const patientPortalSettingsSearchSchema = z.object({
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
});
export const patientPortalSettingsResponseSchema = envelopeOf(patientPortalSettingsSchema);
export const patientPortalSettingsListSchema = dataList(patientPortalSettingsSchema);

// ---------- locations ----------

export const locationInputSchema = z.object({
  Name: facilityNameSchema,
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  TimeZone: usTimeZoneSchema,
  Address: z.object({
    Address1: requiredText(FACILITY_LIMITS.address),
    Address2: text(FACILITY_LIMITS.address).optional().default(''),
    City: facilityCitySchema,
    State: facilityStateSchema,
    ZipCode: facilityZipSchema,
    Latitude: coordinate(-90, 90).nullable().optional(),
    Longitude: coordinate(-180, 180).nullable().optional(),
  }),
  Phone: facilityPhoneSchema.default(''),
  Emails: z
    .array(facilityEmailSchema)
    .max(FACILITY_LIMITS.emails, { message: `at most ${FACILITY_LIMITS.emails} e-mail addresses` })
    .default([]),
  CheckInEnabled: z.boolean().default(false),
  Active: z.boolean().default(true),
  ContactPerson: z
    .object({
      FirstName: text(35).optional().default(''),
      LastName: text(35).optional().default(''),
    })
    .optional(),
});
export type LocationInput = z.infer<typeof locationInputSchema>;
export type LocationFormInput = z.input<typeof locationInputSchema>;
export const locationResponseSchema = envelopeOf(locationSchema);

// ---------- entity insurances ----------

export const INSURED_ENTITY_TYPES = ['Location', 'Practitioner'] as const;
export const entityInsuranceQuerySchema = z.object({
  type: z.enum(INSURED_ENTITY_TYPES, { message: 'must be Location or Practitioner' }),
  id: z.uuid({ message: 'must be an id' }),
  identifier: z.string().max(200).optional().describe("The practice's id, when given it must own the entity"),
});
export const entityInsuranceUpsertSchema = z.object({
  InsurancePlanIds: z
    .array(z.uuid({ message: 'must be insurance plan ids' }))
    .max(500)
    .default([]),
});
export const entityInsuranceGetSchema = z.object({
  EntityType: z.enum(INSURED_ENTITY_TYPES, { message: 'must be Location or Practitioner' }),
  EntityId: z.uuid({ message: 'must be an id' }),
});
export const insuranceMappingSchema = z.object({
  PlanId: z.string(),
  PlanCode: z.string(),
  PlanName: z.string(),
  PlanType: z.string().nullable(),
  CarrierId: z.string(),
  CarrierName: z.string(),
  PayerId: z.string().nullable(),
  /** 'Carrier Plan', as a coverage and search show it. */
  Display: z.string(),
});
export type InsuranceMapping = z.infer<typeof insuranceMappingSchema>;
export const insuranceMappingListSchema = dataList(insuranceMappingSchema);
export const entityInsurancesSchema = z.object({
  EntityType: z.enum(INSURED_ENTITY_TYPES),
  EntityId: z.string(),
  InsurancePlanIds: z.array(z.string()),
  Insurances: z.array(insuranceMappingSchema),
});
export type EntityInsurances = z.infer<typeof entityInsurancesSchema>;
export const entityInsurancesResponseSchema = envelopeOf(entityInsurancesSchema);
export const referenceEntityQuerySchema = z.object({
  type: z.enum(INSURED_ENTITY_TYPES, { message: 'must be Location or Practitioner' }),
  id: z.uuid({ message: 'must be an id' }),
});

// ---------- healthcare services (resources) ----------

export const healthcareServiceInputSchema = z.object({
  Name: facilityNameSchema,
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  Category: text(75).optional().default(''),
  About: text(FACILITY_LIMITS.about).optional().default(''),
  LocationIds: z
    .array(z.uuid({ message: 'must be location ids' }))
    .max(100)
    .default([]),
  Active: z.boolean().default(true),
});
export type HealthcareServiceInput = z.infer<typeof healthcareServiceInputSchema>;
export const healthcareServiceResponseSchema = envelopeOf(healthcareServiceSchema);

export const healthcareServiceSettingsSchema = z.object({
  HealthcareServiceId: z.string(),
  /** Patients may book the resource online (its schedules still decide the times). */
  OnlineBookingEnabled: z.boolean(),
  HidePublicProfile: z.boolean(),
  /** What the survey after a visit with the resource tells the patient (§3.6 patient_survey_instructions). */
  PatientSurveyInstructions: z.string(),
  Saved: z.boolean(),
});
export type HealthcareServiceSettings = z.infer<typeof healthcareServiceSettingsSchema>;
export const healthcareServiceSettingsGetSchema = z.object({
  HealthcareServiceId: z.uuid({ message: 'must be a healthcare service id' }),
});
export const healthcareServiceSettingsInputSchema = z.object({
  HealthcareServiceId: z.uuid({ message: 'must be a healthcare service id' }),
  OnlineBookingEnabled: z.boolean().default(true),
  HidePublicProfile: z.boolean().default(false),
  PatientSurveyInstructions: text(FACILITY_LIMITS.instructions).default(''),
});
export type HealthcareServiceSettingsInput = z.infer<typeof healthcareServiceSettingsInputSchema>;
export const healthcareServiceSettingsResponseSchema = envelopeOf(healthcareServiceSettingsSchema);

// ---------- care teams ----------

export const CARE_TEAM_STATUSES = ['active', 'inactive'] as const;
export const careTeamInputSchema = z.object({
  Name: facilityNameSchema,
  OrganizationId: z.uuid({ message: 'must be an organization id' }),
  Status: z.enum(CARE_TEAM_STATUSES, { message: 'must be active or inactive' }).default('active'),
  Participants: z
    .array(
      z.object({
        PractitionerId: z.uuid({ message: 'must be a practitioner id' }),
        Role: requiredText(FACILITY_LIMITS.role),
      }),
    )
    .max(50, { message: 'at most 50 members' })
    .default([]),
});
export type CareTeamInput = z.infer<typeof careTeamInputSchema>;
export const careTeamResponseSchema = envelopeOf(careTeamSchema);
