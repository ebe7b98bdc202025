import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FindCareResult, FindCareSearch } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** POST /careslot-marketplace/api/v1/WebCatalog/find-care/catalogs → {count, providers}. */
export const findCareQuery = (body: FindCareSearch) =>
  queryOptions({
    queryKey: ['find-care', body],
    queryFn: ({ signal }) =>
      apiRequest<FindCareResult>('/careslot-marketplace/api/v1/WebCatalog/find-care/catalogs', {
        method: 'POST',
        body,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useFindCare(body: FindCareSearch | null) {
  return useQuery({ ...findCareQuery(body ?? {}), enabled: body !== null });
}
