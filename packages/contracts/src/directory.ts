import { z } from 'zod';
import { PRACTICE_ROLE_CODES } from './access-control-constants';
import { calendarDate } from './input';
import { dataList } from './envelope';

/** Shapes of the administration reads (patient-booking.md §3.3, 3.6, 3.7; practice-portal.md §3.3). */

export const GENDERS = ['Male', 'Female', 'Other', 'Unknown'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

export const practiceRoleCodeSchema = z.enum(PRACTICE_ROLE_CODES);

export const identifierSchema = z.object({
  System: z.string().min(1).max(500),
  Value: z.string().min(1).max(500),
  Use: z.string().max(50).nullable().optional(),
});
export type Identifier = z.infer<typeof identifierSchema>;

export const auditTrailSchema = z.object({
  CreatedBySystem: z.string(),
  LastChangedBySystem: z.string(),
  WorkflowOrServiceName: z.string().nullable(),
  CreatedOn: z.string(),
  LastChangedOn: z.string(),
});
export type AuditTrail = z.infer<typeof auditTrailSchema>;

export const photoSchema = z.object({ Url: z.string() });

export const addressSchema = z.object({
  Address1: z.string().nullable(),
  Address2: z.array(z.string()),
  City: z.string().nullable(),
  State: z.string().nullable(),
  ZipCode: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

// ---------- practitioners ----------

export const practitionerNameSchema = z.object({
  Prefix: z.array(z.string()),
  Given: z.array(z.string()),
  Family: z.string(),
  Suffix: z.string().nullable(),
  Title: z.string().nullable(),
});

export const practitionerSchema = z.object({
  Id: z.string(),
  Type: z.literal('Practitioner'),
  Active: z.boolean(),
  Identifier: z.array(identifierSchema),
  Name: z.array(practitionerNameSchema),
  Gender: genderSchema.nullable(),
  Npi: z.string().nullable(),
  Photos: z.array(photoSchema),
  Specialities: z.array(z.object({ Id: z.string(), Name: z.string() })),
  hide_public_profile: z.boolean(),
  HidePublicProfile: z.boolean(),
  Languages: z.array(z.string()),
  About: z.string().nullable(),
  AuditTrail: auditTrailSchema,
});
export type Practitioner = z.infer<typeof practitionerSchema>;
export const practitionerListSchema = dataList(practitionerSchema);

const idList = z.array(z.uuid()).max(1000);

export const practitionerSearchSchema = z.object({
  Identifier: z.array(z.string().min(1).max(1000)).max(100).optional(),
  FamilyName: z.string().min(1).max(35).optional(),
  GivenName: z.string().min(1).max(35).optional(),
  Npi: z
    .string()
    .regex(/^[0-9]{10}$/, '10 digits')
    .optional(),
  Email: z.string().max(320).optional(),
  OrganizationId: z.uuid().optional(),
  UserRoles: z.array(practiceRoleCodeSchema).max(3).optional(),
  Ids: idList.optional(),
  Limit: z.number().int().min(0).max(1000).default(10).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});
export type PractitionerSearch = z.infer<typeof practitionerSearchSchema>;

export const practitionerRoleSchema = z.object({
  Id: z.string(),
  PractitionerId: z.string(),
  OrganizationId: z.string(),
  Code: z.array(practiceRoleCodeSchema),
  LocationIds: z.array(z.string()),
  Active: z.boolean(),
});
export type PractitionerRole = z.infer<typeof practitionerRoleSchema>;
export const practitionerRoleListSchema = dataList(practitionerRoleSchema);

export const practitionerRoleSearchSchema = z.object({
  PractitionerId: z.uuid().optional(),
  OrganizationId: z.uuid().optional(),
  Code: z.array(practiceRoleCodeSchema).max(3).optional(),
  LocationId: z.uuid().optional(),
});
export type PractitionerRoleSearch = z.infer<typeof practitionerRoleSearchSchema>;

// ---------- organizations and locations ----------

export const organizationSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Identifier: z.array(identifierSchema),
  Logo: z.string().nullable(),
  Banner: z.string().nullable(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
  Website: z.string().nullable(),
  Address: addressSchema,
  TimeZone: z.string(),
  strip_account_id: z.string().nullable(),
  has_reputation_enabled: z.boolean(),
  Active: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = dataList(organizationSchema);

export const organizationSearchSchema = z.object({
  OrganizationId: z.uuid().optional(),
  Name: z.string().min(1).max(75).optional(),
  Identifier: z.array(z.string().min(1).max(1000)).max(100).optional(),
  LocationIds: idList.optional(),
  Limit: z.number().int().min(0).max(1000).default(1000).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});

export const contactPersonNameSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  previous_firstname: z.string().nullable(),
  previous_lastname: z.string().nullable(),
  middle_name: z.string().nullable(),
  full_name: z.string().nullable(),
  suffix: z.string().nullable(),
  prefix: z.string().nullable(),
  full_name_with_title: z.string().nullable(),
});

export const locationAddressSchema = z.object({
  id: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  zip_code: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  county: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
});

export const locationSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  OrganizationId: z.string(),
  TimeZone: z.string().describe('IANA zone of the facility'),
  iana_time_zone: z.string(),
  check_in_enabled: z.boolean(),
  contact_person_name: contactPersonNameSchema,
  address: locationAddressSchema,
  emails: z.array(z.string()),
  Phone: z.string().nullable(),
  Active: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = dataList(locationSchema);

export const locationSearchSchema = z.object({
  OrganizationId: z.uuid().optional(),
  Name: z.string().min(1).max(75).optional(),
  Ids: idList.optional(),
  Limit: z.number().int().min(0).max(1000).default(1000).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});

// ---------- healthcare services and care teams ----------

export const healthcareServiceSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  OrganizationId: z.string(),
  Category: z.string().nullable(),
  About: z.string().nullable(),
  Photo: z.object({ Url: z.string().nullable() }),
  LocationIds: z.array(z.string()),
  Active: z.boolean(),
});
export type HealthcareService = z.infer<typeof healthcareServiceSchema>;
export const healthcareServiceListSchema = dataList(healthcareServiceSchema);

/**
 * GET v1/web/organizations/{id} (practice-portal.md §7 "Organizations", the aggregate): a practice with its
 * facilities, practitioners and resources in one answer, the practice data a session loads (§4.4). All of it
 * is what the public reads answer one by one.
 */
export const webOrganizationSchema = z.object({
  Organization: organizationSchema,
  Locations: z.array(locationSchema),
  Practitioners: z.array(practitionerSchema),
  HealthcareServices: z.array(healthcareServiceSchema),
});
export type WebOrganization = z.infer<typeof webOrganizationSchema>;

export const healthcareServiceSearchSchema = z.object({
  OrganizationId: z.uuid().optional(),
  LocationId: z.uuid().optional(),
  Name: z.string().min(1).max(75).optional(),
  Ids: idList.optional(),
  Limit: z.number().int().min(0).max(1000).default(0).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});

export const careTeamSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  OrganizationId: z.string(),
  Status: z.string(),
  Participants: z.array(z.object({ PractitionerId: z.string(), Role: z.string() })),
});
export type CareTeam = z.infer<typeof careTeamSchema>;
export const careTeamListSchema = dataList(careTeamSchema);

export const careTeamSearchSchema = z.object({
  OrganizationId: z.uuid().optional(),
  PractitionerId: z.uuid().optional(),
  Limit: z.number().int().min(0).max(1000).default(0).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});

// ---------- patients ----------

export const TELECOM_SYSTEMS = ['Email', 'Phone', 'Mobile'] as const;

export const patientNameSchema = z.object({
  Use: z.string(),
  Text: z.string(),
  Given: z.array(z.string()),
  Family: z.string(),
  Prefix: z.array(z.string()),
  Suffix: z.array(z.string()),
});

export const telecomSchema = z.object({
  System: z.enum(TELECOM_SYSTEMS),
  Value: z.string(),
  Use: z.string().nullable(),
  IsVerified: z.boolean(),
});

export const patientSchema = z.object({
  Id: z.string(),
  Active: z.boolean(),
  Identifier: z.array(identifierSchema),
  Name: z.array(patientNameSchema),
  Telecom: z.array(telecomSchema),
  BirthDate: z.string().nullable().describe('ISO date, YYYY-MM-DD'),
  Gender: genderSchema.nullable(),
  Address: addressSchema,
  Communication: z.array(z.string()),
  Contact: z.array(z.object({ PatientId: z.string(), Relationship: z.string() })),
  Photos: z.array(photoSchema),
  ManagingOrganization: z.string().nullable(),
  TimeZone: z.string().nullable(),
  AuditTrail: auditTrailSchema,
});
export type Patient = z.infer<typeof patientSchema>;
export const patientListSchema = dataList(patientSchema);

/**
 * POST v2/patient/advance-search (practice-portal.md §7 Patients). Who is searched follows the caller: a
 * practice user searches their practice's patients, a support agent or super user every practice, a patient
 * themself and their family. At least one criterion is required, so nobody pages through every patient.
 */
export const patientSearchSchema = z
  .object({
    Name: z
      .string()
      .trim()
      .min(2)
      .max(100)
      .optional()
      .describe('Part of the given, family or preferred name; several words must all match'),
    BirthDate: calendarDate("must be a date as 'YYYY-MM-DD'").optional(),
    Phone: z
      .string()
      .regex(/^\d{10}$/, { message: 'must be 10 digits' })
      .optional()
      .describe('Home or mobile number, digits only'),
    Email: z.email().max(254).optional(),
    Identifier: z.array(z.string().min(1).max(1000)).max(100).optional(),
    OrganizationId: z.uuid().optional().describe('Only the patients this practice manages'),
    Limit: z.number().int().min(1).max(100).default(10),
    Offset: z
      .number()
      .int()
      .min(0)
      .default(1)
      .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
  })
  .refine((q) => Boolean(q.Name || q.BirthDate || q.Phone || q.Email || q.Identifier?.length), {
    message: 'give at least one of Name, BirthDate, Phone, Email or Identifier',
    path: ['Name'],
  });
export type PatientSearch = z.infer<typeof patientSearchSchema>;

export const relatedPersonSchema = z.object({
  Id: z.string(),
  PatientId: z.string().describe('The account holder'),
  RelatedPatientId: z.string().describe('The family member, a patient of their own'),
  Relationship: z.string(),
  Active: z.boolean(),
  Name: z.array(patientNameSchema),
  Gender: genderSchema.nullable(),
  BirthDate: z.string().nullable(),
  Telecom: z.array(telecomSchema),
});
export type RelatedPerson = z.infer<typeof relatedPersonSchema>;
export const relatedPersonListSchema = dataList(relatedPersonSchema);

export const COVERAGE_PRIORITIES = ['Primary', 'Secondary', 'Tertiary'] as const;
export const COVERAGE_STATUSES = ['Active', 'Cancelled', 'Draft', 'Entered-In-Error'] as const;

export const coverageSchema = z.object({
  Id: z.string(),
  Identifier: z.array(identifierSchema),
  PatientId: z.string(),
  Subscriber: z.object({
    Id: z.string().nullable(),
    Gender: genderSchema.nullable(),
    Name: z.object({
      Use: z.string(),
      Text: z.string(),
      Family: z.string(),
      Given: z.array(z.string()),
      Prefix: z.array(z.string()),
      Suffix: z.array(z.string()),
      Period: z.object({ Start: z.string().nullable(), End: z.string().nullable() }),
    }),
    BirthDate: z.string().nullable(),
  }),
  SubscriberId: z.string().nullable(),
  DependentNumber: z.string().nullable(),
  CardPictures: z.array(z.object({ Url: z.string(), Side: z.string().nullable() })),
  Eligibility: z.record(z.string(), z.unknown()).nullable(),
  Kind: z.string(),
  Relationship: z.string(),
  Status: z.enum(COVERAGE_STATUSES),
  Priority: z.enum(COVERAGE_PRIORITIES),
  Period: z.object({ Start: z.string().nullable(), End: z.string().nullable() }),
  Insurance: z.object({ Reference: z.string().nullable(), Display: z.string(), Type: z.string().nullable() }),
  IsDefault: z.boolean(),
  Name: z.string().describe('The insurance display name (read by booking, patient-booking.md §5.3)'),
  PolicyNumber: z.string().nullable(),
  AuditTrail: auditTrailSchema,
});
export type Coverage = z.infer<typeof coverageSchema>;
export const coverageListSchema = dataList(coverageSchema);

export const coverageSearchSchema = z.object({
  PatientId: z.uuid(),
  Status: z.enum(COVERAGE_STATUSES).optional(),
  Priority: z.enum(COVERAGE_PRIORITIES).optional(),
  Limit: z.number().int().min(0).max(100).default(0).describe('0 means all'),
  Offset: z
    .number()
    .int()
    .min(0)
    .default(1)
    .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
});

export const idParamSchema = z.object({ id: z.uuid() });
export const orgIdParamSchema = z.object({ orgId: z.uuid() });
export const identifierQuerySchema = z.object({
  identifier: z.string().min(1).max(1000).describe("'System|Value', or a bare Value matched in any system"),
});
