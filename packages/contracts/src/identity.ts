import { z } from 'zod';

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
export const resetPasswordBodySchema = z.object({ Code: resetCodeSchema, NewPassword: passwordSchema.optional() });
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

/** The paths of the account calls (spec §7); the gateway is the server's own origin. */
export const ACCOUNT_PATHS = {
  login: '/api/account/login',
  logout: '/api/account/logout',
  isAlreadyLoggedIn: '/api/account/is-already-loggedin',
  guest: '/api/account/login/guest',
  exchangeToken: '/api/account/exchange-token',
  sendResetEmail: '/careslot-administration/api/v1/account/password/reset/send-email',
  resetPassword: '/careslot-administration/api/v1/account/reset-password',
  signup: '/careslot-administration/api/v1/web/account/signup',
  identityUser: '/careslot-administration/api/v1/account/identity-user',
  refreshToken: '/careslot-administration/api/v1/account/refresh-token',
  unsignedAgreements: '/careslot-administration/api/v1/web/user-agreement-aggregator/unsigned-agreement',
  userAgreement: '/careslot-administration/api/v1/web/user-agreement',
  invitation: '/careslot-administration/api/v2/Invitation',
  signedLink: '/careslot-administration/api/v1/signed-link/create',
  identityToken: '/careslot-identity/api/openid-connect/token',
  patientSettings: '/careslot-notification/api/v1/notification/PatientSettings',
} as const;
