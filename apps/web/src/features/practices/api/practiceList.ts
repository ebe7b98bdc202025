import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

export const PRACTICE_PAGE_SIZE = 10;

interface PracticeList {
  Data: Organization[];
  Total: number;
}

/** POST /careslot-administration/api/v2/organization/advance-search: practices by name, alphabetically. */
export const practiceListQuery = (name: string, page: number) =>
  queryOptions({
    queryKey: ['practices', name, page],
    queryFn: ({ signal }) =>
      apiRequest<PracticeList>('/careslot-administration/api/v2/organization/advance-search', {
        method: 'POST',
        body: { ...(name ? { Name: name } : {}), Limit: PRACTICE_PAGE_SIZE, Offset: page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function usePracticeList(name: string, page: number, enabled: boolean) {
  return useQuery({ ...practiceListQuery(name, page), enabled });
}
