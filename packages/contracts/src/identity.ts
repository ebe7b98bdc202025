import { z } from 'zod';
import { mfaCodeSchema } from './mfa';
import { LANGUAGES } from './constants';
import { genderSchema, identifierSchema, TELECOM_SYSTEMS } from './directory';

/** Account and identity shapes of patient-booking.md §7 "Account and identity" shared by server and web. */

/** The password rule of CareSlot accounts: 8 to 128 characters with at least one letter and one digit. */
export const PASSWORD_RULES = { min: 8, max: 128 } as const;
export const passwordSchema = z
  .string()
  .min(PASSWORD_RULES.min, { error: 'must be at least 8 characters' })
  .max(PASSWORD_RULES.max, { error: 'must be at most 128 characters' })
  .regex(/[A-Za-z]/, { error: 'must contain a letter' })
  .regex(/\d/, { error: 'must contain a digit' });

/** Password reset codes: 6 digits (design.md §4). */
export const RESET_CODE_DIGITS = 6;
export const resetCodeSchema = z.string().regex(/^\d{6}$/, { error: 'must be 6 digits' });

/** PUT v1/account/reset-password?email=: no body (lookup and resend), {Code} (check) or {Code, NewPassword}. */
export const resetPasswordBodySchema = z.object({
  Code: resetCodeSchema,
  NewPassword: passwordSchema.optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetAnswerSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({ Email: z.string(), CodeVerified: z.boolean(), PasswordReset: z.boolean() }),
});
export type ResetAnswer = z.infer<typeof resetAnswerSchema>;

/** The reset answers' texts (server messages; the web shows its translations of the same outcomes). */
export const RESET_MESSAGES = {
  sent: 'A verification code has been sent to your e-mail.',
  verified: 'Code verified.',
  reset: 'Your password has been reset.',
  noRecord: 'No record found',
  invalid: 'The verification code is invalid.',
  expired: 'The verification code has expired. Request a new code.',
  exhausted: 'Too many wrong codes. Request a new code.',
  wait: 'Please wait before requesting another code.',
} as const;

// ---------- sign-up (POST v1/web/account/signup) ----------

const signupName = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(35, { error: 'must be at most 35 characters' });

/** The patient the web app builds from the new user's token (§4.8 step 7, §5.2) or from an invitation. */
export const signupPatientSchema = z.object({
  Name: z
    .array(
      z.object({
        Use: z.string().max(20).optional(),
        Text: z.string().max(100).optional(),
        Given: z.array(signupName).min(1).max(3),
        Family: signupName,
        Prefix: z.array(z.string().max(10)).max(2).default([]),
        Suffix: z.array(z.string().max(25)).max(2).default([]),
      }),
    )
    .length(1),
  Telecom: z
    .array(
      z.object({
        System: z.enum(TELECOM_SYSTEMS),
        Value: z.string().trim().min(1).max(320),
        Use: z.string().max(20).nullable().optional(),
        IsVerified: z.boolean().optional(),
      }),
    )
    .max(5)
    .default([]),
  BirthDate: z.iso.date({ error: 'must be a date YYYY-MM-DD' }).nullable().optional(),
  Gender: genderSchema.nullable().optional(),
  TimeZone: z.string().max(64).nullable().optional(),
  Identifier: z.array(identifierSchema).max(5).default([]),
  /** The invitation the patient was created from (§4.8 step 6), when there is one. */
  InvitationId: z.uuid().optional(),
  /** The language the patient signed up in, kept as their Communication (issue 30, item 6). */
  Communication: z
    .array(z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` }))
    .max(LANGUAGES.length)
    .optional(),
});
export type SignupPatient = z.input<typeof signupPatientSchema>;

/** A product token answer: signup, login, exchange, refresh (data.access_token). */
export const productTokenResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({
    access_token: z.string(),
    expires_in: z.number().int(),
    token_type: z.literal('Bearer'),
    application_id: z.string(),
    refresh_token: z.string().optional(),
    id_token: z.string().optional(),
    PatientId: z.string().optional(),
  }),
});
export type ProductTokenResponse = z.infer<typeof productTokenResponseSchema>;

export const SIGNUP_MESSAGES = {
  signupFailed: 'Signup failed.',
  registrationFailed: 'User registration failed.',
  timezoneFailed: 'Failed to set timezone.',
} as const;

// ---------- agreements (§3.1) ----------

export const AGREEMENT_TYPES = ['eula', 'oha'] as const;
export const AGREEMENT_STATUSES = ['Accepted', 'Declined'] as const;
export const agreementSchema = z.object({ Id: z.string(), Type: z.enum(AGREEMENT_TYPES) });
export type Agreement = z.infer<typeof agreementSchema>;
export const unsignedAgreementQuerySchema = z.object({ userId: z.uuid({ error: 'must be a user id' }) });
export const userAgreementSchema = z.object({
  AgreementId: z.uuid({ error: 'must be an agreement id' }),
  UserId: z.uuid({ error: 'must be a user id' }),
  Status: z.enum(AGREEMENT_STATUSES),
});
export type UserAgreement = z.infer<typeof userAgreementSchema>;

// ---------- invitations (§3.1 Invitation: Address, BirthDate, Gender, Identifier, Telecom, Name, Practice.Id) ----------

export const INVITATION_TTL_DAYS = 30;
export const invitationInputSchema = z.object({
  Name: z.array(z.object({ Given: z.array(signupName).min(1).max(3), Family: signupName })).length(1),
  Telecom: z
    .array(z.object({ System: z.enum(TELECOM_SYSTEMS), Value: z.string().trim().min(1).max(320) }))
    .max(5)
    .default([]),
  BirthDate: z.iso.date({ error: 'must be a date YYYY-MM-DD' }).nullable().optional(),
  Gender: genderSchema.nullable().optional(),
  Address: z
    .object({
      Address1: z.string().max(50).nullable().optional(),
      City: z.string().max(30).nullable().optional(),
      State: z.string().max(2).nullable().optional(),
      ZipCode: z.string().max(10).nullable().optional(),
    })
    .default({}),
  Identifier: z.array(identifierSchema).max(5).default([]),
  Practice: z.object({ Id: z.uuid({ error: 'must be a practice id' }) }),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;
export const INVITATION_STATUSES = ['Pending', 'Accepted', 'Expired'] as const;
export const invitationSchema = z.object({
  Id: z.string(),
  Name: z.array(z.object({ Given: z.array(z.string()), Family: z.string() })),
  Telecom: z.array(z.object({ System: z.enum(TELECOM_SYSTEMS), Value: z.string() })),
  BirthDate: z.string().nullable(),
  Gender: genderSchema.nullable(),
  Address: z.object({
    Address1: z.string().nullable().optional(),
    City: z.string().nullable().optional(),
    State: z.string().nullable().optional(),
    ZipCode: z.string().nullable().optional(),
  }),
  Identifier: z.array(identifierSchema),
  Practice: z.object({ Id: z.string() }),
  Status: z.enum(INVITATION_STATUSES),
  ExpiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: invitationSchema,
});

// ---------- sign-in, identity user, refresh, identity token, signed links (§7) ----------

export const LOGIN_MESSAGES = {
  invalid: 'Invalid Username or password',
  failed: 'Login Failed.',
  success: 'User Logged in successfully',
  locked: 'Too many failed attempts. Wait a few minutes, then try again.',
  tokenExchangeFailed: 'Token exchange failed',
  noRecord: 'No record found',
} as const;

export const accountLoginSchema = z.object({
  UserName: z
    .email({ error: 'must be a valid e-mail address' })
    .max(320, { error: 'must be at most 320 characters' }),
  Password: z.string().min(1, { error: 'is required' }).max(1000),
  /**
   * The second factor (issue 24 item 6): the authenticator's 6-digit code or a recovery code, asked of an
   * account that has one (decision 0105's rules, as the realm's sign-in asks them).
   */
  Code: mfaCodeSchema.shape.Code.optional(),
});

export const identityUserQuerySchema = z.object({
  email: z.email({ error: 'must be a valid e-mail address' }).max(320),
});
export const identityUserSchema = z.object({
  Id: z.string(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  UserType: z.string(),
  UserRoles: z.array(z.string()),
  CareslotId: z.string().nullable(),
  PracticeId: z.string().nullable(),
  EmailVerified: z.boolean(),
  Locked: z.boolean(),
});
export type IdentityUser = z.infer<typeof identityUserSchema>;

/** Form of POST v1/account/refresh-token (context 'patientPortal'). */
export const refreshTokenFormSchema = z.object({
  grant_type: z.literal('refresh_token', { error: "must be 'refresh_token'" }),
  refresh_token: z.string().min(1, { error: 'is required' }).max(4096),
  client_id: z.string().min(1).max(100),
  scope: z.string().max(200).optional(),
});

/** Form of POST careslot-identity/api/openid-connect/token (the rerouted code exchange). */
export const identityTokenFormSchema = z.object({
  client_id: z.string().min(1).max(100),
  grant_type: z.literal('authorization_code', { error: "must be 'authorization_code'" }),
  code: z.string().min(1, { error: 'is required' }).max(4096),
  redirect_uri: z.url({ error: 'must be a URL' }).max(2000),
  code_verifier: z.string().min(43, { error: 'must be a PKCE verifier (43-128 characters)' }).max(128),
});
export const identityTokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  expires_in: z.number().int(),
  token_type: z.string(),
  scope: z.string().optional(),
});

export const SIGNED_LINK_MAX_MINUTES = 7 * 24 * 60;
export const signedLinkInputSchema = z.object({
  Path: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s]*$/, { error: "must be a path of CareSlot starting with '/'" }),
  ExpiresInMinutes: z.number().int().min(1).max(SIGNED_LINK_MAX_MINUTES).default(60),
});
export const signedLinkSchema = z.object({ Url: z.string(), ExpiresAt: z.string() });

// ---------- practitioner update (v1/account/practitioner/update, single sign-on step 5) ----------

/** Audit workflow of practitioner single sign-on (patient-booking.md §9). */
export const SINGLE_SIGN_ON_WORKFLOW = 'SINGLE_SIGN_ON_WEB';

/**
 * The practitioner update of single sign-on: the caller's own practitioner record (Id) gets the identifiers
 * it lacks. Only the identity-provider identifier of the caller ('IdentityProvider|{sub}') may be added.
 */
export const practitionerUpdateSchema = z.object({
  Id: z.uuid({ error: 'must be a practitioner id' }),
  Identifier: z.array(identifierSchema).min(1, { error: 'must name at least one identifier' }).max(10),
  AuditTrail: z
    .object({
      LastChangedBySystem: z.string().max(100).optional(),
      WorkflowOrServiceName: z.string().max(100).optional(),
    })
    .optional(),
});
export type PractitionerUpdate = z.infer<typeof practitionerUpdateSchema>;
