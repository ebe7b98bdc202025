import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageProfile, PageProfileEntityType } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const MARKETPLACE = '/careslot-marketplace/api/v1';

/** A published profile by its address segment: GET pageProfiles/entity/{nameIdentity}. */
export const pageProfileQuery = (nameIdentity: string) =>
  queryOptions({
    queryKey: ['page-profile', nameIdentity],
    queryFn: ({ signal }) =>
      apiRequest<PageProfile>(`${MARKETPLACE}/pageProfiles/entity/${encodeURIComponent(nameIdentity)}`, {
        signal,
      }),
    staleTime: 60_000,
  });

/** A published profile by its entity: POST pageProfiles/entity/get. */
export const entityProfileQuery = (entityType: PageProfileEntityType, entityId: string) =>
  queryOptions({
    queryKey: ['page-profile', entityType, entityId],
    queryFn: ({ signal }) =>
      apiRequest<PageProfile>(`${MARKETPLACE}/pageProfiles/entity/get`, {
        method: 'POST',
        body: { EntityType: entityType, EntityId: entityId },
        signal,
      }),
    staleTime: 60_000,
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A profile's address segment: lower-case letters, digits and dashes. */
const NAME_IDENTITY = /^[a-z0-9-]{1,200}$/;

/**
 * The profile a page address names: an entity id (the provider links of the results and the calendars) or
 * the profile's address segment. `valid` is false for an address that can name no profile.
 */
export function usePublicProfile(entityType: PageProfileEntityType, idOrNameIdentity: string) {
  const byId = UUID.test(idOrNameIdentity);
  const valid = byId || NAME_IDENTITY.test(idOrNameIdentity);
  const query = useQuery({
    ...(byId ? entityProfileQuery(entityType, idOrNameIdentity) : pageProfileQuery(idOrNameIdentity)),
    enabled: valid,
  });
  return { ...query, valid };
}
