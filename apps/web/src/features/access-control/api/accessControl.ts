import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCESS_CONTROL_BASE,
  type AccessService,
  type EntityConfiguration,
  type FeatureCode,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** Access control's calls (practice-portal.md §7 "Other services"; decision 0059). */
const KEY = 'access-control';

/** GET Service: the features and the roles the menu rules give them. */
export function useServices() {
  return useQuery({
    queryKey: [KEY, 'services'],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: AccessService[] }>(`${ACCESS_CONTROL_BASE}/Service`, { signal }).then((a) => a.Data),
    staleTime: Infinity,
  });
}

/** POST EntityConfigurations/get: the practice's switches per role. */
export function useConfigurations(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, 'configurations', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: EntityConfiguration[] }>(`${ACCESS_CONTROL_BASE}/EntityConfigurations/get`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
        signal,
      }).then((a) => a.Data),
    enabled: !!organizationId,
  });
}

/** PUT EntityConfigurations/{id} (text answer): one switch of one role. */
export function useSwitchFeature(organizationId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      configurationId,
      feature,
      enabled,
    }: {
      configurationId: string;
      feature: FeatureCode;
      enabled: boolean;
    }) =>
      apiRequest<string>(
        `${ACCESS_CONTROL_BASE}/EntityConfigurations/${encodeURIComponent(configurationId)}`,
        {
          method: 'PUT',
          body: { Services: [{ ServiceCode: feature, Enabled: enabled }] },
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, 'configurations', organizationId] }),
  });
}
