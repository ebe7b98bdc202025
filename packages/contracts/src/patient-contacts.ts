import { z } from 'zod';
import { dataList } from './envelope';
import { patientAddressInputSchema, patientUpdateSchema } from './patient-updates';

/**
 * A patient's preferred pharmacies and emergency contacts (practice-portal.md §7 Patients: v2/patient/{id}/pharmacies,
 * v2/PatientPharmacies/advance-search, v1/PatientContact/advance-search) and the family members an account holder
 * adds (v2/patient/{id}/family-member?relation=). FHIR shapes: a pharmacy is an Organization, an emergency contact a
 * Patient.contact, a family member a RelatedPerson (decision 0110).
 */

/** HL7 v3 RoleCode personal relationships: [code, the display the product stores and shows]. */
export const PERSONAL_RELATIONS = [
  ['ONESELF', 'Self'],
  ['SPS', 'Spouse'],
  ['DOMPART', 'Domestic Partner'],
  ['CHILD', 'Child'],
  ['PRN', 'Parent'],
  ['SIB', 'Sibling'],
  ['GRPRN', 'Grandparent'],
  ['GRNDCHILD', 'Grandchild'],
  ['GUARD', 'Legal Guardian'],
  ['STPCHLD', 'Stepchild'],
  ['O', 'Other'],
] as const;
export const V3_ROLE_CODE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
/** The relations another person can have to the patient (all but Self). */
export const OTHER_RELATIONS = PERSONAL_RELATIONS.map(([, display]) => display).filter(
  (display) => display !== 'Self',
) as [string, ...string[]];
export const relationSchema = z.enum(OTHER_RELATIONS, {
  message: `must be one of ${OTHER_RELATIONS.join(', ')}`,
});

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });
const optionalPhone = patientUpdateSchema.shape.Mobile.nullable().optional();

const addressSchema = z.object({
  Address1: z.string(),
  Address2: z.array(z.string()),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
});

// ---------- pharmacies ----------

export const pharmacyInputSchema = z.object({
  PatientId: z.uuid({ message: 'must be a patient id' }),
  Name: text(100),
  NcpdpId: z
    .string()
    .trim()
    .regex(/^\d{7}$/, { message: 'must be 7 digits' })
    .nullable()
    .optional()
    .describe("The pharmacy's NCPDP provider id"),
  Npi: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { message: 'must be 10 digits' })
    .nullable()
    .optional(),
  Phone: optionalPhone,
  Fax: optionalPhone,
  Address: patientAddressInputSchema.nullable().optional(),
});
export type PharmacyInput = z.infer<typeof pharmacyInputSchema>;

export const pharmacySchema = z.object({
  Id: z.string(),
  PatientId: z.string(),
  Name: z.string(),
  NcpdpId: z.string().nullable(),
  Npi: z.string().nullable(),
  Phone: z.string().nullable(),
  Fax: z.string().nullable(),
  Address: addressSchema.nullable(),
  CreatedAt: z.string(),
});
export type Pharmacy = z.infer<typeof pharmacySchema>;
export const pharmacyListSchema = dataList(pharmacySchema);

/** POST v2/PatientPharmacies/advance-search: the spec's defaults are OrderBy desc, Offset 0, Limit 10. */
export const pharmacySearchSchema = z.object({
  PatientId: z.uuid({ message: 'must be a patient id' }),
  OrderBy: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('desc'),
  Offset: z.number().int().min(0).default(0).describe('1-based page; 0 and 1 both mean the first page'),
  Limit: z.number().int().min(0).max(100).default(10).describe('0 means all'),
  SortBy: z.enum(['CreatedAt', 'Name'], { message: 'must be CreatedAt or Name' }).default('CreatedAt'),
});
export type PharmacySearch = z.infer<typeof pharmacySearchSchema>;

// ---------- emergency contacts ----------

export const contactInputSchema = z
  .object({
    PatientId: z.uuid({ message: 'must be a patient id' }),
    FirstName: text(35),
    LastName: text(35),
    Relationship: relationSchema,
    Phone: optionalPhone,
    Email: z.email({ message: 'must be a valid e-mail address' }).max(320).nullable().optional(),
  })
  .refine((c) => Boolean(c.Phone || c.Email), { message: 'give a phone or an e-mail', path: ['Phone'] });
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactSchema = z.object({
  Id: z.string(),
  PatientId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Relationship: z.string(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
  CreatedAt: z.string(),
});
export type PatientContact = z.infer<typeof contactSchema>;
export const contactListSchema = dataList(contactSchema);

/** POST v1/PatientContact/advance-search. */
export const contactSearchSchema = z.object({
  PatientId: z.uuid({ message: 'must be a patient id' }),
  Offset: z.number().int().min(0).default(1),
  Limit: z.number().int().min(0).max(100).default(10).describe('0 means all'),
});

/** DELETE of a pharmacy or contact: its id beside the patient's. */
export const patientEntryParamsSchema = z.object({
  id: z.uuid({ message: 'must be a patient id' }),
  entryId: z.uuid({ message: 'must be an id' }),
});

// ---------- family members ----------

/** POST v2/patient/{id}/family-member?relation=: the family member's own demographics. */
export const familyMemberQuerySchema = z.object({ relation: relationSchema });
export const familyMemberInputSchema = patientUpdateSchema
  .pick({ FirstName: true, LastName: true, BirthDate: true, Gender: true })
  .extend({
    Email: patientUpdateSchema.shape.Email.nullable().optional(),
    Mobile: optionalPhone,
  });
export type FamilyMemberInput = z.infer<typeof familyMemberInputSchema>;
