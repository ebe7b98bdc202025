import { LANGUAGES } from './constants';
import { z } from 'zod';
import { REGIONS } from './constants';

/**
 * Phone verification by one-time code (patient-booking.md §7 Notification, design.md §4): 6 digits, valid
 * 10 minutes, single use, bound to its request, at most 5 tries, at most 5 sends in 10 minutes.
 */
export const OTP_RULES = {
  digits: 6,
  validMinutes: 10,
  maxAttempts: 5,
  maxSends: 5,
  sendWindowMinutes: 10,
} as const;

/** The spec's marker and text for a wrong code (§8: '400 containing INVALID_OTP'). */
export const INVALID_OTP = 'INVALID_OTP';
export const OTP_MESSAGES = {
  sent: 'A verification code has been sent to your phone.',
  verified: 'Your phone number has been verified.',
  invalid: 'You entered an invalid otp code',
  expired: 'The verification code has expired. Request a new code.',
  exhausted: 'Too many wrong codes. Request a new code.',
  tooManySends: 'Too many verification codes were sent. Please try again in a few minutes.',
  settingsSaved: 'Notification settings saved.',
} as const;

/** validFor: minutes the code lives; 0 (the spec's default) means the standard 10 minutes. */
export const otpValidForQuerySchema = z.object({
  validFor: z.coerce.number().int().min(0).max(OTP_RULES.validMinutes).default(0),
});

export const otpGenerateSchema = z.object({
  /** The national number, digits with optional punctuation: (555) 123-4567. */
  PhoneNumber: z
    .string()
    .trim()
    .min(7)
    .max(20)
    .regex(/^[0-9()+\-.\s]+$/, { message: 'must contain digits only' }),
  Region: z.enum(REGIONS).default('US'),
  /** Whose phone it is: the caller's own record or a family member's; the caller's when absent. */
  PatientId: z.string().uuid().optional(),
});
export type OtpGenerate = z.infer<typeof otpGenerateSchema>;

export const otpResendSchema = z.object({ Id: z.string().uuid() });
export const otpIdParamsSchema = z.object({ id: z.string().uuid() });
export const otpVerifyQuerySchema = z.object({
  otp: z.string().regex(/^\d{6}$/, { message: 'must be 6 digits' }),
});

export const otpRequestSchema = z.object({
  Id: z.string().uuid(),
  PatientId: z.string().uuid(),
  /** The number, masked except for its last 4 digits. */
  PhoneNumber: z.string(),
  Region: z.enum(REGIONS),
  ExpiresAt: z.string(),
  IsVerified: z.boolean(),
});
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const otpResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: otpRequestSchema,
});

/** Patient notification settings (§3.6). */
export const patientSettingsInputSchema = z.object({
  PatientId: z.string().uuid(),
  TimeZone: z.string().trim().min(1).max(64),
  SmsAlertsEnabled: z.boolean(),
  /** The language of the patient's messages (decision 0061); absent: unchanged, null: their languages decide. */
  PreferredLanguage: z
    .enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` })
    .nullable()
    .optional(),
});
export const patientSettingsSchema = patientSettingsInputSchema.extend({ Id: z.string().uuid() });
export type PatientSettings = z.infer<typeof patientSettingsSchema>;
export const patientSettingsResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: patientSettingsSchema,
});
