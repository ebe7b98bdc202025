import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_PATHS, RESET_MESSAGES, type ResetAnswer } from '@careslot/contracts';
import { ApiError, apiRequest } from '../../../shared/api/client';

/** POST send-email?email=: a 6-digit code goes to the account's e-mail. */
export function useSendResetCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<ResetAnswer>(ACCOUNT_PATHS.sendResetEmail, { method: 'POST', query: { email } }),
  });
}

/** PUT reset-password?email= without a body: looks the e-mail up again and sends a new code. */
export function useResendResetCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<ResetAnswer>(ACCOUNT_PATHS.resetPassword, { method: 'PUT', query: { email } }),
  });
}

/** PUT reset-password?email= with {Code} checks the code; with {Code, NewPassword} sets the password. */
export function useCheckResetCode() {
  return useMutation({
    mutationFn: ({ email, code, newPassword }: { email: string; code: string; newPassword?: string }) =>
      apiRequest<ResetAnswer>(ACCOUNT_PATHS.resetPassword, {
        method: 'PUT',
        query: { email },
        body: { Code: code, ...(newPassword ? { NewPassword: newPassword } : {}) },
      }),
  });
}

/** The translation key (identity namespace) for a failed recovery call. */
export function recoveryErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'recovery.errors.failed';
  if (error.status === 404) return 'recovery.errors.noRecord';
  if (error.status === 429)
    return error.message === RESET_MESSAGES.exhausted ? 'recovery.errors.exhausted' : 'recovery.errors.wait';
  if (error.status === 400) {
    const rule = error.issues[0]?.rule;
    if (rule === 'expired') return 'recovery.errors.expired';
    if (rule === 'invalid_code') return 'recovery.errors.invalidCode';
    if (rule === 'common_password') return 'recovery.errors.passwordCommon';
    if (error.issues.some((issue) => issue.field.includes('NewPassword')))
      return 'recovery.errors.passwordRules';
    if (error.issues.some((issue) => issue.field.includes('email'))) return 'recovery.errors.emailInvalid';
    return 'recovery.errors.invalidCode';
  }
  return 'recovery.errors.failed';
}
