import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PageProfileEntityType,
  PageProfileSettings,
  PageProfileUpdate,
  VisitType,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const MARKETPLACE = '/careslot-marketplace/api/v1';
export const PROFILE_PAGE_SIZE = 15;

interface List<T> {
  Data: T[];
  Total: number;
}

export interface ProfileFilter {
  name: string;
  entityType: PageProfileEntityType | '';
  organizationId: string | null;
  page: number;
  /** Page size; the catalog's by default, up to 100 (a practice's settings list them all). */
  limit?: number;
}

/** GET pageProfiles/settings: a practice admin's own profiles, or (super users) by name or practice. */
export function usePageProfiles(filter: ProfileFilter, enabled = true) {
  return useQuery({
    queryKey: ['page-profiles', filter],
    queryFn: ({ signal }) =>
      apiRequest<List<PageProfileSettings>>(`${MARKETPLACE}/pageProfiles/settings`, {
        query: {
          Name: filter.name || null,
          EntityType: filter.entityType || null,
          OrganizationId: filter.organizationId,
          Offset: filter.page,
          Limit: filter.limit ?? PROFILE_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** PUT pageProfiles/{id}: the editor's changes. */
export function useUpdatePageProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: PageProfileUpdate }) =>
      apiRequest<PageProfileSettings>(`${MARKETPLACE}/pageProfiles/${id}`, { method: 'PUT', body: update }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['page-profiles'] }),
  });
}

/** Super users: catalog entries (PUT/DELETE catalogs/{id}) and calendars added to the marketplace. */
export function useCatalogActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['page-profiles'] });
  return {
    edit: useMutation({
      mutationFn: ({ id, VisitTypes }: { id: string; VisitTypes: VisitType[] }) =>
        apiRequest<PageProfileSettings>(`${MARKETPLACE}/catalogs/${id}`, {
          method: 'PUT',
          body: { VisitTypes },
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<PageProfileSettings>(`${MARKETPLACE}/catalogs/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
    add: useMutation({
      mutationFn: (entity: { EntityType: PageProfileEntityType; EntityId: string }) =>
        apiRequest<{ Ids: string[] }>('/careslot-gateway/market-place/calendar/add', {
          method: 'POST',
          body: { Entities: [entity] },
        }),
      onSuccess: done,
    }),
  };
}
