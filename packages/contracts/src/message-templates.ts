import { z } from 'zod';
import { LANGUAGES } from './constants';

/**
 * The practice's e-mail and SMS templates (practice-portal.md §7 "E-mail and SMS templates", issue 18 item 3):
 * one template per workflow key, channel and language; `{{placeholder}}` names filled when the message is sent.
 */

/** The moments a patient is written to, in the order the settings page lists them. */
export const WORKFLOW_KEYS = [
  'confirmation',
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'moved',
  'reminder',
  'check-in-link',
  'survey',
  'video-visit-link',
] as const;
export type WorkflowKey = (typeof WORKFLOW_KEYS)[number];

/** The names a template may use between double braces. */
export const MESSAGE_PLACEHOLDERS = [
  'patientFirstName',
  'providerName',
  'practiceName',
  'appointmentDate',
  'appointmentTime',
  'locationAddress',
  'reason',
  'declineReason',
  'link',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];
export type MessageValues = Partial<Record<MessagePlaceholder, string | null>>;

/** Left out when the practice sends no appointment details (sendAppointmentDetailsInPatientCommunication off). */
export const DETAIL_PLACEHOLDERS: readonly MessagePlaceholder[] = [
  'appointmentDate',
  'appointmentTime',
  'locationAddress',
];

export const TEMPLATE_LIMITS = {
  emailSubject: 150,
  emailBody: 5000,
  /** Two SMS segments of 160 characters. */
  smsBody: 320,
} as const;

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const language = z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` });
const workflowKey = z.enum(WORKFLOW_KEYS, { message: `must be one of ${WORKFLOW_KEYS.join(', ')}` });

export const workflowKeyParamsSchema = z.object({ org: z.string().uuid(), key: workflowKey });
export const practiceIdParamsSchema = z.object({ id: z.string().uuid() });

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** The two options of the preview (absent: the organization's notification settings). */
export const templateQuerySchema = z.object({
  sendAppointmentDetailsInPatientCommunication: flag,
  hideReasonInNotifications: flag,
  language: language.optional(),
});

export const emailTemplateSchema = z.object({
  WorkflowKey: workflowKey,
  Language: language,
  Subject: z.string(),
  Body: z.string(),
  /** False: the product's built-in text (the practice saved none). */
  IsCustom: z.boolean(),
  UpdatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const smsTemplateSchema = emailTemplateSchema.omit({ Subject: true });
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

export const emailTemplateListSchema = z.object({
  is_success: z.boolean(),
  data: z.array(emailTemplateSchema),
});
export const smsTemplateListSchema = z.object({ is_success: z.boolean(), data: z.array(smsTemplateSchema) });

export const renderedMessageSchema = z.object({
  Subject: z.string().nullable(),
  Body: z.string(),
  Html: z.string().nullable(),
  Length: z.number().int(),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;

/** One key's templates in every language, with a preview of each rendered from sample data under the options. */
export const emailTemplateDetailSchema = z.object({
  is_success: z.boolean(),
  data: z.object({
    WorkflowKey: workflowKey,
    Templates: z.array(emailTemplateSchema.extend({ Preview: renderedMessageSchema })),
  }),
});
export const smsTemplateDetailSchema = z.object({
  is_success: z.boolean(),
  data: z.object({
    WorkflowKey: workflowKey,
    Templates: z.array(smsTemplateSchema.extend({ Preview: renderedMessageSchema })),
  }),
});

export const emailTemplateUpsertSchema = z.object({
  OrganizationId: z.string().uuid(),
  WorkflowKey: workflowKey,
  Language: language,
  Subject: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(TEMPLATE_LIMITS.emailSubject, {
      message: `must be at most ${TEMPLATE_LIMITS.emailSubject} characters`,
    }),
  Body: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(TEMPLATE_LIMITS.emailBody, { message: `must be at most ${TEMPLATE_LIMITS.emailBody} characters` }),
  /** True: forget the practice's text; the built-in text is used again. */
  UseDefault: z.boolean().optional(),
});
export const smsTemplateUpsertSchema = z.object({
  OrganizationId: z.string().uuid(),
  WorkflowKey: workflowKey,
  Language: language,
  Body: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(TEMPLATE_LIMITS.smsBody, { message: `must be at most ${TEMPLATE_LIMITS.smsBody} characters` }),
  UseDefault: z.boolean().optional(),
});
export type EmailTemplateUpsert = z.infer<typeof emailTemplateUpsertSchema>;
export type SmsTemplateUpsert = z.infer<typeof smsTemplateUpsertSchema>;
export const emailTemplateResponseSchema = z.object({
  is_success: z.boolean(),
  message: z.string(),
  data: emailTemplateSchema,
});
export const smsTemplateResponseSchema = z.object({
  is_success: z.boolean(),
  message: z.string(),
  data: smsTemplateSchema,
});

/** The organization's notification settings (notification/OrganizationSettings). */
export const organizationNotificationSettingsSchema = z.object({
  OrganizationId: z.string().uuid(),
  SendAppointmentDetailsInPatientCommunication: z.boolean(),
  HideReasonInNotifications: z.boolean(),
  EmailEnabled: z.boolean(),
  SmsEnabled: z.boolean(),
});
export type OrganizationNotificationSettings = z.infer<typeof organizationNotificationSettingsSchema>;
export const organizationNotificationSettingsResponseSchema = z.object({
  is_success: z.boolean(),
  message: z.string(),
  data: organizationNotificationSettingsSchema,
});

/** The SMS logs report (POST smslogsreport, /download, /print). */
export const smsLogQuerySchema = z
  .object({
    OrganizationId: z.string().uuid(),
    From: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' }),
    To: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' }),
    /** Matches the workflow key, the status or the recipient's last digits. */
    Search: z.string().trim().max(50, { message: 'must be at most 50 characters' }).optional(),
    PageNumber: z.number().int().min(1).default(1),
    PageSize: z.number().int().min(1).max(500).default(50),
  })
  .refine((q) => q.From <= q.To, { path: ['To'], message: 'must not be before From' });
export type SmsLogQuery = z.infer<typeof smsLogQuerySchema>;
export const smsLogRowSchema = z.object({
  Id: z.string().uuid(),
  SentAt: z.string(),
  /** The number with all but its last four digits hidden. */
  Recipient: z.string(),
  WorkflowKey: z.string(),
  Status: z.string(),
});
export type SmsLogRow = z.infer<typeof smsLogRowSchema>;
export const smsLogPageSchema = z.object({
  is_success: z.boolean(),
  data: z.object({ Data: z.array(smsLogRowSchema), Total: z.number().int() }),
});
