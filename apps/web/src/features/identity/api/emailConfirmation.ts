import { useMutation } from '@tanstack/react-query';
import { PEOPLE_PATHS, type EmailConfirmationLink } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** POST email-confirmation (decision 0085): the link from the new address makes the change of login e-mail. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (body: EmailConfirmationLink) =>
      apiRequest<{ data: { Email: string } }>(PEOPLE_PATHS.emailConfirmation, { method: 'POST', body }),
  });
}
