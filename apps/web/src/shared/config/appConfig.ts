import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@careslot/contracts';
import { apiRequest } from '../api/client';

/** Deployment settings (support e-mail, landing switch, identity provider); they do not change while the app runs. */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: ({ signal }) => apiRequest<AppConfig>('/api/app-config', { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
