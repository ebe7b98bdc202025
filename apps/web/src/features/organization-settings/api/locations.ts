import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EntityInsurances,
  InsuranceMapping,
  Location,
  LocationInput,
  ZipCode,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const V2 = '/careslot-administration/api/v2';
const LIBRARY = '/careslot-resource-library/api/v1';
type Envelope<T> = { status_code: number; message: string; data: T };
type List<T> = { Data: T[]; Total: number };

/** POST v2/location/advance-search {OrganizationId, Limit 1000} (constants: organization/location queries). */
export const locationsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['locations', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<Location>>(`${V2}/location/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 1000 },
        signal,
      }).then((r) => r.Data),
  });

/** GET zip-codes/{zip}: the city, state and county of a US zip; null when the catalog has none. */
export async function lookUpZip(zip: string, signal?: AbortSignal): Promise<ZipCode | null> {
  try {
    return await apiRequest<ZipCode>(`${LIBRARY}/zip-codes/${zip}`, signal ? { signal } : {});
  } catch {
    return null;
  }
}

/** GET insurances/mappings: every plan with its carrier. */
export const insuranceMappingsQuery = () =>
  queryOptions({
    queryKey: ['insurance-mappings'],
    queryFn: ({ signal }) =>
      apiRequest<List<InsuranceMapping>>(`${LIBRARY}/insurances/mappings`, { signal }).then((r) => r.Data),
    staleTime: 60 * 60_000,
  });

/** POST EntityInsurances/get: the plans a facility accepts. */
export const locationInsurancesQuery = (locationId: string) =>
  queryOptions({
    queryKey: ['entity-insurances', 'Location', locationId],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<EntityInsurances>>(`${LIBRARY}/EntityInsurances/get`, {
        method: 'POST',
        body: { EntityType: 'Location', EntityId: locationId },
        signal,
      }).then((r) => r.data.InsurancePlanIds),
  });

/** POST v2/location or PUT v2/location/{id}, then the accepted insurances (EntityInsurances/upsert). */
export function useSaveLocation(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      insurancePlanIds,
    }: {
      id: string | null;
      input: LocationInput;
      insurancePlanIds: string[];
    }) => {
      const saved = id
        ? await apiRequest<Envelope<Location>>(`${V2}/location/${id}`, { method: 'PUT', body: input })
        : await apiRequest<Envelope<Location>>(`${V2}/location`, { method: 'POST', body: input });
      await apiRequest(`${LIBRARY}/EntityInsurances/upsert`, {
        method: 'POST',
        query: { type: 'Location', id: saved.data.Id, identifier: organizationId },
        body: { InsurancePlanIds: insurancePlanIds },
      });
      return saved.data;
    },
    onSuccess: (location) => {
      void client.invalidateQueries({ queryKey: locationsQuery(organizationId).queryKey });
      void client.invalidateQueries({ queryKey: locationInsurancesQuery(location.Id).queryKey });
    },
  });
}
