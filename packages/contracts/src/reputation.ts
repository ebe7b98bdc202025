import { z } from 'zod';
import { safeText } from './input';

/**
 * The review platform (practice-portal.md §2.10, §3.8, §5, §7 "Review platform"): a practice's reputation
 * settings (organization, per location, per provider), its per-entity review-request configuration, and the
 * sign-on form that opens the external reputation site. Paths start at {gw}/careslot-reputation-service/api/v1.
 */
export const REPUTATION_BASE = '/careslot-reputation-service/api/v1';

/** practice-portal.md §5: the reputation-service API key is 32 characters, the business id 15. */
export const REPUTATION_API_KEY_LENGTH = 32;
export const REPUTATION_BUSINESS_ID_LENGTH = 15;
/** The rules a key or business id breaks (the `rule` of a 400's issue; the web names them too). */
export const REPUTATION_RULES = { exactLength: 'exact_length', alphanumeric: 'alphanumeric' } as const;
/** The redirect the sign-on form asks the reputation site for (§2.10). */
export const REPUTATION_REDIRECT_URL = '/dashboard/home';

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/** Why a value is not a valid fixed-length reputation code, or null (shared by the zod schema and the web form). */
export function reputationCodeIssue(value: string, length: number): { rule: string; message: string } | null {
  if (value.length !== length)
    return {
      rule: REPUTATION_RULES.exactLength,
      message: `must be exactly ${length} characters (has ${value.length})`,
    };
  if (!ALPHANUMERIC.test(value))
    return { rule: REPUTATION_RULES.alphanumeric, message: 'must contain only letters and digits' };
  return null;
}

const code = (length: number) =>
  z.string().superRefine((value, ctx) => {
    const issue = reputationCodeIssue(value, length);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, params: { rule: issue.rule } });
  });

export const reputationApiKeySchema = code(REPUTATION_API_KEY_LENGTH);
export const reputationBusinessIdSchema = code(REPUTATION_BUSINESS_ID_LENGTH);

// ---------- organization settings ----------

/** What a caller sends: Id present means update, absent means add (§3.8). ApiKey may be left out on update to keep the stored one. */
export const reputationOrganizationSettingsInputSchema = z.object({
  Id: z.uuid().optional(),
  OrganizationId: z.uuid(),
  ApiKey: reputationApiKeySchema.optional(),
  BusinessId: reputationBusinessIdSchema,
  /** Reputation management is on for the practice (the menu item shows, review requests are sent). */
  IsActive: z.boolean().default(true),
});
export type ReputationOrganizationSettingsInput = z.input<typeof reputationOrganizationSettingsInputSchema>;

/** What the settings calls answer: the key masked (the last 4 characters), never in full. */
export const reputationOrganizationSettingsSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  ApiKeyMasked: z.string(),
  HasApiKey: z.boolean(),
  BusinessId: z.string(),
  IsActive: z.boolean(),
  UpdatedOn: z.string(),
});
export type ReputationOrganizationSettings = z.infer<typeof reputationOrganizationSettingsSchema>;

export const reputationOrganizationQuerySchema = z.object({ organizationId: z.uuid() });

// ---------- location and provider settings ----------

/** A location's or provider's own listing on the review platform. */
export const reputationEntitySettingsInputSchema = z.object({
  Id: z.uuid().optional(),
  OrganizationId: z.uuid(),
  BusinessId: reputationBusinessIdSchema,
  IsActive: z.boolean().default(true),
  ReviewSiteUrl: safeText()
    .max(500)
    .regex(/^https:\/\/\S+$/, 'must be an https:// address')
    .nullable()
    .optional(),
});
export const reputationLocationSettingsInputSchema = reputationEntitySettingsInputSchema.extend({
  LocationId: z.uuid(),
});
export const reputationProviderSettingsInputSchema = reputationEntitySettingsInputSchema.extend({
  ProviderId: z.uuid(),
});
export type ReputationLocationSettingsInput = z.input<typeof reputationLocationSettingsInputSchema>;
export type ReputationProviderSettingsInput = z.input<typeof reputationProviderSettingsInputSchema>;

const entitySettingsFields = {
  Id: z.string(),
  OrganizationId: z.string(),
  BusinessId: z.string(),
  IsActive: z.boolean(),
  ReviewSiteUrl: z.string().nullable(),
  UpdatedOn: z.string(),
};
export const reputationLocationSettingsSchema = z.object({ ...entitySettingsFields, LocationId: z.string() });
export const reputationProviderSettingsSchema = z.object({ ...entitySettingsFields, ProviderId: z.string() });
export type ReputationLocationSettings = z.infer<typeof reputationLocationSettingsSchema>;
export type ReputationProviderSettings = z.infer<typeof reputationProviderSettingsSchema>;
export const reputationLocationSettingsListSchema = z.object({
  Data: z.array(reputationLocationSettingsSchema),
  Total: z.number().int(),
});
export const reputationProviderSettingsListSchema = z.object({
  Data: z.array(reputationProviderSettingsSchema),
  Total: z.number().int(),
});

// ---------- per-entity review-request configuration ----------

export const REPUTATION_ENTITY_TYPES = ['Organization', 'Location', 'Provider'] as const;
export type ReputationEntityType = (typeof REPUTATION_ENTITY_TYPES)[number];

/** Whether and when a patient is asked for a review after a visit with this entity. */
export const reputationEntityConfigurationSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  EntityType: z.enum(REPUTATION_ENTITY_TYPES),
  EntityId: z.string(),
  SendReviewRequests: z.boolean(),
  /** Hours after the visit ends, 0 to 168 (a week). */
  ReviewRequestDelayHours: z.number().int(),
  UpdatedOn: z.string(),
});
export type ReputationEntityConfiguration = z.infer<typeof reputationEntityConfigurationSchema>;
/** The longest wait before a review request: a week after the visit. */
export const REVIEW_REQUEST_MAX_DELAY_HOURS = 168;
export const reputationEntityConfigurationInputSchema = z.object({
  SendReviewRequests: z.boolean(),
  ReviewRequestDelayHours: z.number().int().min(0).max(REVIEW_REQUEST_MAX_DELAY_HOURS),
});
export type ReputationEntityConfigurationInput = z.infer<typeof reputationEntityConfigurationInputSchema>;
export const reputationEntityConfigurationParamsSchema = z.object({
  type: z.enum(REPUTATION_ENTITY_TYPES),
  id: z.uuid(),
});
/** POST EntityConfiguration/entities: the configurations of many entities of the practice in one call. */
export const reputationEntityConfigurationBatchSchema = z.object({
  Entities: z
    .array(z.object({ EntityType: z.enum(REPUTATION_ENTITY_TYPES), EntityId: z.uuid() }))
    .min(1)
    .max(500),
});
export type ReputationEntityConfigurationBatch = z.infer<typeof reputationEntityConfigurationBatchSchema>;
export const reputationEntityConfigurationListSchema = z.object({
  Data: z.array(reputationEntityConfigurationSchema),
});

// ---------- user details and sign-on ----------

export const reputationUserDetailsSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({
    Email: z.string(),
    OrganizationId: z.string(),
    OrganizationName: z.string(),
    ReputationEnabled: z.boolean(),
  }),
});

/** The hidden form the web posts in a new tab (§2.10): the target and its three fields. */
export const reputationSignOnSchema = z.object({
  Target: z.string(),
  Fields: z.object({ emailId: z.string(), apiKey: z.string(), redirectURL: z.string() }),
});
export type ReputationSignOn = z.infer<typeof reputationSignOnSchema>;

// ---------- the patient's review of a visit (the patient-review route, patient-booking.md §2.7) ----------

/** The longest comment or answer of a review. */
export const PATIENT_REVIEW_TEXT_MAX = 2000;
/** From this rating up a patient is invited to post on the practice's public review sites. */
export const PATIENT_REVIEW_HAPPY_RATING = 4;

export const patientReviewInputSchema = z.object({
  Rating: z
    .number({ error: 'must be a whole number from 1 to 5' })
    .int({ error: 'must be a whole number from 1 to 5' })
    .min(1, { error: 'must be a whole number from 1 to 5' })
    .max(5, { error: 'must be a whole number from 1 to 5' }),
  Comment: z
    .string()
    .trim()
    .max(PATIENT_REVIEW_TEXT_MAX, { error: `must be at most ${PATIENT_REVIEW_TEXT_MAX} characters` })
    .nullish(),
});
export type PatientReviewInput = z.infer<typeof patientReviewInputSchema>;

export const patientReviewSchema = z.object({
  Id: z.string(),
  AppointmentId: z.string(),
  OrganizationId: z.string(),
  Rating: z.number().int(),
  Comment: z.string().nullable(),
  /** The practice's answer. */
  Reply: z.string().nullable(),
  RepliedOn: z.string().nullable(),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type PatientReview = z.infer<typeof patientReviewSchema>;

/** The patient's view: their review of the visit (null before they wrote one) and where they may post it. */
export const patientVisitReviewSchema = z.object({
  AppointmentId: z.string(),
  /** False before the visit's start and for a cancelled visit: nothing to review yet. */
  CanReview: z.boolean(),
  Review: patientReviewSchema.nullable(),
  /** The public review pages of the visit's location and provider, offered after a happy rating. */
  ReviewSites: z.array(z.object({ Kind: z.enum(['Location', 'Provider']), Url: z.string() })),
});
export type PatientVisitReview = z.infer<typeof patientVisitReviewSchema>;

export const patientReviewReplySchema = z.object({
  Reply: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(PATIENT_REVIEW_TEXT_MAX, { error: `must be at most ${PATIENT_REVIEW_TEXT_MAX} characters` }),
});

/** The practice's list: newest first, with the patient's first name and the visit's time. */
export const practiceReviewSchema = patientReviewSchema.extend({
  PatientFirstName: z.string(),
  VisitStart: z.string(),
});
export type PracticeReview = z.infer<typeof practiceReviewSchema>;
export const practiceReviewListSchema = z.object({
  Data: z.array(practiceReviewSchema),
  Total: z.number().int(),
  AverageRating: z.number().nullable(),
});
export type PracticeReviewList = z.infer<typeof practiceReviewListSchema>;
