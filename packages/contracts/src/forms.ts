import { z } from 'zod';
import { CUSTOM_FORM_TYPES } from './constants';
import { UPLOAD_RULES } from './upload-rules';

/**
 * Custom forms (patient-booking.md §3.9, §7 Custom forms): a practice's form definition, the association
 * query that finds the forms of a booking, and the responses a patient gives.
 *
 * A definition is a list of sections, each a list of components. A component has a stable Key (its answer's
 * key), a Type, a Label, an optional Required flag and, optionally, a ShowWhen condition on an earlier
 * component's answer: hidden components are neither required nor kept.
 */
export const FORM_COMPONENT_TYPES = [
  'text',
  'number',
  'date',
  'choice',
  'multi-choice',
  'yes-no',
  'signature',
  'file',
  /** A 1..N rating (Min and Max bound it; default 0..10). */
  'scale',
  /** Instructions or a section note: shown, never answered. */
  'display',
] as const;
export type FormComponentType = (typeof FORM_COMPONENT_TYPES)[number];

/** The 'all reasons' association: a form linked to this service type (Id '-1') applies to every reason. */
export const ALL_REASONS_SERVICE_TYPE = { Id: '-1', Name: 'All Reasons' } as const;

const key = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'must be a letter followed by letters, digits or _' });

export const formOptionSchema = z.object({
  Value: z.string().min(1).max(100),
  Label: z.string().min(1).max(200),
});

/** Show the component only when the answer of `Key` equals one of `In` (yes-no answers are 'yes' / 'no'). */
export const formConditionSchema = z.object({ Key: key, In: z.array(z.string().max(100)).min(1).max(20) });
export type FormCondition = z.infer<typeof formConditionSchema>;

export const formComponentSchema = z.object({
  Key: key,
  Type: z.enum(FORM_COMPONENT_TYPES),
  Label: z.string().min(1).max(500),
  Help: z.string().max(500).optional(),
  Required: z.boolean().default(false),
  Options: z.array(formOptionSchema).max(50).optional(),
  /** text: longest answer; number: Min/Max bounds. */
  MaxLength: z.number().int().min(1).max(5000).optional(),
  Min: z.number().optional(),
  Max: z.number().optional(),
  ShowWhen: formConditionSchema.optional(),
});
export type FormComponent = z.infer<typeof formComponentSchema>;

export const formSectionSchema = z.object({
  Key: key,
  Title: z.string().min(1).max(200),
  Description: z.string().max(1000).optional(),
  Components: z.array(formComponentSchema).min(1).max(100),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const formDefinitionSchema = z.object({ Sections: z.array(formSectionSchema).min(1).max(30) });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

export const customFormTypeSchema = z.enum(CUSTOM_FORM_TYPES);
export type CustomFormType = z.infer<typeof customFormTypeSchema>;

export const serviceTypeRefSchema = z.object({ Id: z.string().max(100), Name: z.string().max(200) });

export const customFormSchema = z.object({
  Id: z.string().uuid(),
  Name: z.string(),
  Description: z.string().nullable(),
  FormType: customFormTypeSchema,
  OrganizationId: z.string().uuid(),
  AssociatedServiceTypes: z.array(serviceTypeRefSchema),
  Definition: formDefinitionSchema,
  /** 1, 2, 3 ...: every saved edit is a new version; a response keeps the version it answered. */
  Version: z.number().int().positive().optional(),
  LocationIds: z.array(z.string()).optional(),
  ProviderIds: z.array(z.string()).optional(),
  ResourceIds: z.array(z.string()).optional(),
  Active: z.boolean().optional(),
});
export type CustomForm = z.infer<typeof customFormSchema>;

/** POST/PUT customform (the form builder, Custom_Form_Add_Web / Custom_Form_Edit_Web). */
export const customFormInputSchema = z.object({
  OrganizationId: z.string().uuid(),
  Name: z.string().trim().min(1).max(200),
  Description: z.string().trim().max(1000).nullish(),
  FormType: customFormTypeSchema,
  Definition: formDefinitionSchema,
  /** Reasons the form is for; empty or {Id: '-1'} means every reason. */
  AssociatedServiceTypes: z.array(serviceTypeRefSchema).max(100).default([]),
  LocationIds: z.array(z.string().uuid()).max(100).default([]),
  ProviderIds: z.array(z.string().uuid()).max(200).default([]),
  ResourceIds: z.array(z.string().uuid()).max(100).default([]),
  SortOrder: z.number().int().min(0).max(10000).default(0),
  Active: z.boolean().default(true),
});
export type CustomFormInput = z.infer<typeof customFormInputSchema>;

export const practiceFormsQuerySchema = z.object({
  FormType: customFormTypeSchema.nullish(),
  IncludeInactive: z.boolean().default(false),
});
export const customFormListSchema = z.array(customFormSchema);

/** The association query (§3.9). */
export const formAssociationQuerySchema = z.object({
  AppointmentId: z.string().uuid().nullish(),
  OrganizationId: z.string().uuid().nullish(),
  PatientId: z.string().uuid().nullish(),
  LocationId: z.string().uuid().nullish(),
  ProviderId: z.string().uuid().nullish(),
  ResourceId: z.string().uuid().nullish(),
  /** The chosen reason (service type) id; -1 or 'All' means every reason. */
  ReasonId: z.union([z.string().max(100), z.number().int()]).nullish(),
  WorkFlow: z.string().max(64).nullish(),
  InsuranceIds: z.array(z.string().max(100)).max(20).default([]),
  ProviderSpecialityList: z.array(z.string().max(200)).max(20).default([]),
});
export type FormAssociationQuery = z.infer<typeof formAssociationQuerySchema>;
export const formTypeQuerySchema = z.object({ formType: customFormTypeSchema.default('Screening Form') });

/** An uploaded file as a form answer or a card picture refers to it. */
export const storedFileRefSchema = z.object({
  FileId: z.string().uuid(),
  Name: z.string().max(255),
  ContentType: z.string().max(100),
  Size: z.number().int(),
});
export type StoredFileRef = z.infer<typeof storedFileRefSchema>;

export const formAnswerSchema = z.union([
  z.string().max(20000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100)).max(50),
  storedFileRefSchema,
  z.null(),
]);
export type FormAnswer = z.infer<typeof formAnswerSchema>;
export const formAnswersSchema = z.record(z.string().max(64), formAnswerSchema);
export type FormAnswers = z.infer<typeof formAnswersSchema>;

/** POST customformresponse (§3.9 custom form response). */
export const customFormResponseInputSchema = z.object({
  CustomFormId: z.string().uuid(),
  /** The patient the answers are about: the caller or a family member. */
  UserId: z.string().uuid(),
  EntityId: z.string().uuid().nullish(),
  EntityType: z.string().max(50).nullish(),
  EntityStatus: z.string().max(50).nullish(),
  Components: formAnswersSchema,
  WorkFlow: z.string().max(64).nullish(),
});
export type CustomFormResponseInput = z.infer<typeof customFormResponseInputSchema>;

export const customFormResponseSchema = z.object({
  Id: z.string().uuid(),
  CustomFormId: z.string().uuid(),
  UserId: z.string().uuid(),
  EntityId: z.string().nullable(),
  EntityType: z.string().nullable(),
  EntityStatus: z.string().nullable(),
  Components: formAnswersSchema,
  WorkFlow: z.string().nullable(),
  AuditTrail: z.object({
    CreatedBySystem: z.string(),
    LastChangedBySystem: z.string(),
    WorkflowOrServiceName: z.string().nullable(),
    CreatedOn: z.string(),
  }),
});
export type CustomFormResponse = z.infer<typeof customFormResponseSchema>;

/** POST api/v1/WebPreBookingResponse (§3.9 pre-booking response). */
export const preBookingResponseInputSchema = z.object({
  CustomFormId: z.string().uuid(),
  CustomFormResponse: formAnswersSchema,
  /** Whose booking it screens; the caller when absent. */
  PatientId: z.string().uuid().optional(),
});
export type PreBookingResponseInput = z.infer<typeof preBookingResponseInputSchema>;

export const preBookingResponseSchema = z.object({
  Id: z.string().uuid(),
  CustomFormId: z.string().uuid(),
  PatientId: z.string().uuid(),
  CustomFormResponse: formAnswersSchema,
  CreatedOn: z.string(),
});
export type PreBookingResponse = z.infer<typeof preBookingResponseSchema>;

export const formResponseIdParamsSchema = z.object({ id: z.string().uuid() });

export const fileUploadSchema = z.object({
  Name: z.string().trim().min(1).max(255),
  ContentType: z.string().max(100),
  /** The file's bytes, base64 (no data: prefix). */
  Data: z
    .string()
    .min(1)
    .max(Math.ceil((UPLOAD_RULES.maxBytes * 4) / 3) + 8, { message: 'must be at most 5 MB' }),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;
