import { useMutation, useQuery } from '@tanstack/react-query';
import { PEOPLE_PATHS, type ActivationLink } from '@careslot/contracts';
import { ApiError, apiRequest } from '../../../shared/api/client';

interface ActivationInfo {
  data: { Email: string; FirstName: string };
}

/** GET activation: whom an invitation link is for, or a 400 when it is invalid, used or expired. */
export function useActivationInfo(link: ActivationLink | null) {
  return useQuery({
    queryKey: ['activation', link?.invitation, link?.exp, link?.sig],
    enabled: !!link,
    retry: false,
    queryFn: () => apiRequest<ActivationInfo>(PEOPLE_PATHS.activation, { query: { ...link! } }),
  });
}

/** POST activation: the invited user's first password. */
export function useActivate() {
  return useMutation({
    mutationFn: (body: ActivationLink & { Password: string; ConfirmPassword: string }) =>
      apiRequest<{ data: { Email: string } }>(PEOPLE_PATHS.activation, { method: 'POST', body }),
  });
}

/** The activation namespace's key for a failed call. */
export function activationErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.failed';
  const rules = error.issues.map((i) => i.rule);
  if (rules.includes('link_invalid') || error.issues.some((i) => i.field.startsWith('query.')))
    return 'errors.linkInvalid';
  if (rules.includes('common_password')) return 'errors.passwordCommon';
  if (error.issues.some((i) => i.field.includes('Password'))) return 'errors.passwordRules';
  if (error.status === 429) return 'errors.wait';
  return 'errors.failed';
}
