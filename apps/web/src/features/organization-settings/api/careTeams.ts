import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareTeam, CareTeamInput, Practitioner } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const V2 = '/careslot-administration/api/v2';
type Envelope<T> = { status_code: number; message: string; data: T };

/** POST v2/careteam/advance-search {OrganizationId}. */
export const careTeamsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['care-teams', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: CareTeam[] }>(`${V2}/careteam/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 0 },
        signal,
      }).then((r) => r.Data),
  });

/** GET v2/practitioner/get-by-organization/{orgId}: who may join a team. */
export const practitionersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['practitioners-of', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: Practitioner[] }>(`${V2}/practitioner/get-by-organization/${organizationId}`, {
        signal,
      }).then((r) => r.Data),
  });

/** POST v2/careteam or PUT v2/careteam/{id}. */
export function useSaveCareTeam(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CareTeamInput }) =>
      (id
        ? apiRequest<Envelope<CareTeam>>(`${V2}/careteam/${id}`, { method: 'PUT', body: input })
        : apiRequest<Envelope<CareTeam>>(`${V2}/careteam`, { method: 'POST', body: input })
      ).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: careTeamsQuery(organizationId).queryKey }),
  });
}
