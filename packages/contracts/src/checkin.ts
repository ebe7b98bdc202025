import { z } from 'zod';
import { customFormSchema, formAnswersSchema } from './forms';
import { calendarDate } from './input';

/**
 * Digital check-in (practice-portal.md §2.12, §7 Check-in service; decision 0094). The patient opens the link
 * `/check-in/{token}`: the opaque token is the only thing in the address and travels to the API in the
 * `X-Checkin-Token` header. The check-in's calls take the appointment id.
 */
export const CHECKIN_TOKEN_HEADER = 'x-checkin-token';
export const CHECKIN_STATUSES = ['not-sent', 'sent', 'in-progress', 'completed'] as const;
export type CheckInStatus = (typeof CHECKIN_STATUSES)[number];
export const CHECKIN_STEPS = ['Demographics', 'Insurance', 'Forms', 'Consents', 'CheckedIn'] as const;
export type CheckInStep = (typeof CHECKIN_STEPS)[number];
/** The audit workflows of the check-in (constants.md). */
export const CHECKIN_WORKFLOWS = {
  patient: 'Digital_Checkin_Appointments_List_Web',
  summary: 'Checkin_Summary_Web',
  telehealth: 'Telehealth_Checkin_Web',
} as const;

export const checkInDemographicsSchema = z.object({
  FirstName: z.string().trim().min(1).max(35),
  LastName: z.string().trim().min(1).max(35),
  BirthDate: z.string().max(10).nullable(),
  Email: z.string().trim().max(254).nullable(),
  Phone: z.string().trim().max(20).nullable(),
  Address1: z.string().trim().max(100).nullable(),
  City: z.string().trim().max(60).nullable(),
  State: z.string().trim().max(2).nullable(),
  ZipCode: z.string().trim().max(10).nullable(),
});
export type CheckInDemographics = z.infer<typeof checkInDemographicsSchema>;

export const checkInInsuranceSchema = z.object({
  IsPolicyHolder: z.boolean(),
  CarrierName: z.string().trim().min(1).max(200),
  /** Becomes the coverage's subscriber id at check-in (the same rule as v2/PatientCoverage). */
  MemberId: z
    .string()
    .trim()
    .min(1)
    .max(30, { message: 'must be at most 30 characters' })
    .regex(/^[A-Za-z0-9-]+$/, { message: 'may hold letters, digits and dashes only' }),
  GroupNumber: z.string().trim().max(30).nullish(),
  /** When the patient is a dependent: the policy holder. */
  PolicyHolder: z
    .object({
      FirstName: z.string().trim().min(1).max(35),
      LastName: z.string().trim().min(1).max(35),
      /** Required: the coverage names its subscriber with a birth date. */
      BirthDate: calendarDate("must be a date as 'YYYY-MM-DD'"),
      Relationship: z.enum(['Spouse', 'Parent', 'Child', 'Other']),
    })
    .nullish(),
  FrontFileId: z.string().uuid().nullish(),
  BackFileId: z.string().uuid().nullish(),
});
export type CheckInInsurance = z.infer<typeof checkInInsuranceSchema>;

export const checkInFormResponseSchema = z.object({
  Id: z.string().uuid(),
  CustomFormId: z.string().uuid(),
  FormName: z.string(),
  FormType: z.string(),
  FormVersion: z.number().int(),
  Status: z.enum(['in-progress', 'completed']),
  Components: formAnswersSchema,
  UpdatedOn: z.string(),
});
export type CheckInFormResponse = z.infer<typeof checkInFormResponseSchema>;

/** What the patient's check-in page reads with its token (no more than the visit needs). */
export const checkInSessionSchema = z.object({
  AppointmentId: z.string().uuid(),
  Status: z.enum(CHECKIN_STATUSES),
  StartTime: z.string(),
  TimeZone: z.string(),
  PracticeName: z.string(),
  WithWhom: z.string(),
  Demographics: checkInDemographicsSchema,
  DemographicsConfirmed: z.boolean(),
  Insurance: checkInInsuranceSchema.nullable(),
  Forms: z.array(customFormSchema),
  Responses: z.array(checkInFormResponseSchema),
});
export type CheckInSession = z.infer<typeof checkInSessionSchema>;

export const checkInFormAnswerInputSchema = z.object({
  CustomFormId: z.string().uuid(),
  Components: formAnswersSchema,
  /** in-progress: saved to continue later (not checked for completeness); completed: checked. */
  Status: z.enum(['in-progress', 'completed']).default('completed'),
});
export type CheckInFormAnswerInput = z.infer<typeof checkInFormAnswerInputSchema>;

export const checkInWorkflowInputSchema = z.object({
  AppointmentId: z.string().uuid(),
  Step: z.enum(CHECKIN_STEPS),
  Demographics: checkInDemographicsSchema.nullish(),
});

export const cardPictureInputSchema = z.object({
  Side: z.enum(['front', 'back']),
  Name: z.string().trim().min(1).max(255),
  ContentType: z.string().max(100),
  Data: z.string().min(1).max(7_000_000, { message: 'must be at most 5 MB' }),
});

/** A visit's check-in as the Check-In Summary shows it. */
export const checkInSummaryRowSchema = z.object({
  AppointmentId: z.string().uuid(),
  Status: z.enum(CHECKIN_STATUSES),
  CompletedOn: z.string().nullable(),
  LastSentOn: z.string().nullable(),
  Sends: z.number().int(),
  Demographics: checkInDemographicsSchema.nullable(),
  Insurance: checkInInsuranceSchema.nullable(),
  Responses: z.array(checkInFormResponseSchema),
  /** The forms each response answered, at the version answered (labels for the answers). */
  Forms: z.array(customFormSchema),
});
export type CheckInSummaryRow = z.infer<typeof checkInSummaryRowSchema>;

export const checkInSettingsSchema = z.object({
  OrganizationId: z.string().uuid(),
  Enabled: z.boolean(),
  /** When the link goes out: this many hours before the visit (1..168). */
  SendHoursBefore: z.number().int().min(1).max(168),
});
export type CheckInSettings = z.infer<typeof checkInSettingsSchema>;
