import { LANGUAGES } from './constants';
import { z } from 'zod';
import { calendarDate } from './input';
import {
  COVERAGE_PRIORITIES,
  COVERAGE_STATUSES,
  coverageSchema,
  genderSchema,
  patientSchema,
} from './directory';
import { REGIONS } from './constants';

/**
 * What the booking flow changes: the patient's demographics (PUT/PATCH v2/patient/{id}), their coverages
 * (v2/PatientCoverage and the web variants) with card pictures, and the schedule settings that decide which
 * booking stages apply (GET schedulesetting/schedule/{id}).
 */

const name = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(35, { message: 'must be at most 35 characters' })
  .regex(/^[A-Za-z][A-Za-z' -]*$/, { message: 'may hold letters, spaces and apostrophes only' });
const isoDate = calendarDate("must be a date as 'YYYY-MM-DD'");
const phone = z
  .string()
  .trim()
  .max(14, { message: 'must be at most 14 characters' })
  .regex(/^[0-9()\-\s.+]*$/, { message: 'may hold digits, spaces, ( ) - . + only' })
  .refine((v) => v.replace(/\D/g, '').length === 10, { message: 'must have 10 digits' });

export const patientAddressInputSchema = z.object({
  Address1: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(50, { message: 'must be at most 50 characters' })
    .regex(/^[^~`]*$/, { message: 'must not contain ~ or `' }),
  Address2: z
    .array(
      z
        .string()
        .trim()
        .max(50)
        .regex(/^[^~`]*$/, { message: 'must not contain ~ or `' }),
    )
    .max(2)
    .default([]),
  City: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(30, { message: 'must be at most 30 characters' })
    .regex(/^[A-Za-z ]+$/, { message: 'may hold letters and spaces only' }),
  State: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { message: 'must be a 2-letter state code' })
    .transform((v) => v.toUpperCase()),
  ZipCode: z
    .string()
    .trim()
    .regex(/^(\d{5}|\d{5}-?\d{4})$/, { message: 'must have exactly 5 or 9 digits' })
    .transform((v) => v.replace('-', '')),
});

/** PUT v2/patient/{id}: the demographics the booking flow collects; PATCH takes any subset. */
export const patientUpdateSchema = z.object({
  FirstName: name,
  LastName: name,
  BirthDate: isoDate,
  Gender: genderSchema,
  Email: z.email({ message: 'must be a valid e-mail address' }).max(320),
  /** The mobile number; a changed number is not verified until a code confirms it. */
  Mobile: phone,
  Address: patientAddressInputSchema,
});
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;
export const patientPatchSchema = patientUpdateSchema
  .extend({
    /**
     * §4.5 step 3: after a booking, a patient without one gets the booking's organization. It is set once:
     * an organization that exists; a patient who already has another one keeps it.
     */
    ManagingOrganization: z.string().uuid({ message: 'must be an organization id' }),
    /**
     * The patient's languages (practice-portal 3.3), the first the one messages and codes are written in
     * (issue 30, item 6): one to six of the product's languages.
     */
    Communication: z
      .array(z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` }))
      .min(1, { message: 'give at least one language' })
      .max(LANGUAGES.length),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'give at least one field to change' });
export type PatientPatch = z.infer<typeof patientPatchSchema>;

export const patientUpdateResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: patientSchema,
});

/** POST v2/PatientCoverage and PUT v2/PatientCoverage/{id}. */
export const coverageInputSchema = z.object({
  PatientId: z.string().uuid(),
  /** The plan from the catalog, when the patient picked one of the provider's insurances. */
  InsurancePlanId: z.string().uuid().nullish(),
  Insurance: z.object({ Display: z.string().trim().min(1, { message: 'is required' }).max(200) }),
  SubscriberId: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(30, { message: 'must be at most 30 characters' })
    .regex(/^[A-Za-z0-9-]+$/, { message: 'may hold letters, digits and dashes only' }),
  DependentNumber: z.string().trim().max(10).nullish(),
  Relationship: z.enum(['Self', 'Spouse', 'Child', 'Other']).default('Self'),
  Subscriber: z
    .object({ FirstName: name, LastName: name, BirthDate: isoDate, Gender: genderSchema.nullish() })
    .nullish()
    .describe('The policy holder when it is not the patient (Relationship other than Self)'),
  Priority: z.enum(COVERAGE_PRIORITIES).default('Primary'),
  Status: z.enum(COVERAGE_STATUSES).default('Active'),
});
export type CoverageInput = z.infer<typeof coverageInputSchema>;
export const coverageResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: coverageSchema,
});

export const CARD_SIDES = ['Front', 'Back'] as const;
export const cardPictureQuerySchema = z.object({
  auditTrail: z.string().max(100).optional().describe('The workflow to record in the audit trail'),
  side: z.enum(CARD_SIDES).default('Front'),
});
export const cardPictureParamsSchema = z.object({ id: z.string().uuid(), fileId: z.string().uuid() });

/** GET schedulesetting/schedule/{id} (§3.4 schedule settings the booking flow reads). */
export const scheduleSettingsSchema = z.object({
  ScheduleId: z.string().uuid(),
  CollectPatientDemographics: z.boolean(),
  EnableInsurance: z.boolean(),
  /** 'Self paying' and 'Skip insurance' instead of "I don't have insurance" (2.9 insurance plan search). */
  EnableSelfPay: z.boolean(),
  RequiresApproval: z.boolean(),
  /** A patient booked at another calendar at the same minute may be booked here too (default false). */
  AllowConcurrentBookings: z.boolean().optional(),
  supported_regions: z.array(z.enum(REGIONS)),
  /** The provider's insurances at this calendar (their own list, else the facility's), by name. */
  Insurances: z.array(z.object({ Id: z.string().uuid(), Name: z.string() })),
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;
