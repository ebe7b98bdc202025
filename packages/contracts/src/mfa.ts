import { z } from 'zod';

/** Two-step sign-in of practice users (issue 24 item 6, decision 0105). */
export const MFA_PATHS = {
  /** GET: the caller's second factors. */
  status: '/careslot-administration/api/v1/account/mfa',
  /** POST: a new authenticator secret (otpauth URI and its QR code); DELETE with a code: removes it. */
  totp: '/careslot-administration/api/v1/account/mfa/totp',
  /** POST {Code}: the first code confirms the authenticator; answers the recovery codes, once. */
  totpConfirm: '/careslot-administration/api/v1/account/mfa/totp/confirm',
  /** GET / PUT {Required}: whether a practice requires a second factor of all its users. */
  practiceRequirement: '/careslot-administration/api/v1/practice/:practiceId/mfa-requirement',
} as const;

export const mfaStatusSchema = z.object({
  TotpEnrolled: z.boolean(),
  RecoveryCodesLeft: z.number().int(),
  Required: z.boolean(),
  /** Who requires it: the practice's setting, or the platform's rule for the account's role; null when nobody. */
  RequiredBy: z.enum(['practice', 'role']).nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpEnrolmentSchema = z.object({
  Secret: z.string(),
  OtpauthUri: z.string(),
  /** The otpauth URI as a QR code, SVG markup. */
  QrSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const mfaCodeSchema = z.object({
  Code: z
    .string()
    .trim()
    .min(6, { error: 'must be a 6-digit code or a recovery code' })
    .max(20, { error: 'must be a 6-digit code or a recovery code' }),
});

export const totpConfirmedSchema = z.object({
  TotpEnrolled: z.literal(true),
  /** Shown once; only their hashes are kept. */
  RecoveryCodes: z.array(z.string()),
});

/**
 * The API sign-in's answers about the second factor (POST api/account/login), each naming `body.Code` and its
 * rule: `required` (401, the account has one and none was sent), `invalid_code` (401),
 * `enrolment_required` (403: its practice or the platform requires one and it has none; it enrols at the
 * realm's sign-in page).
 */
export const MFA_LOGIN_MESSAGES = {
  required: 'Enter the 6-digit code from your authenticator app',
  invalid: 'The code is not right, or was already used',
  enrolmentRequired: 'Two-step sign-in is required: sign in on the sign-in page to set it up',
} as const;

export const mfaRequirementSchema = z.object({ PracticeId: z.string(), Required: z.boolean() });
export const mfaRequirementInputSchema = z.object({ Required: z.boolean() });
