import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingRequest, OnboardingResult } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** POST /careslot-gateway/organization/add: the whole practice in one call (decision 0064). */
export function useOnboardPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: OnboardingRequest) =>
      apiRequest<OnboardingResult>('/careslot-gateway/organization/add', { method: 'POST', body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['practices'] }),
  });
}
