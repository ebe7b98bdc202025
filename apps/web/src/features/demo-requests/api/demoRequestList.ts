import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoRequestList } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

export const DEMO_REQUEST_PAGE_SIZE = 10;

/** GET /careslot-marketing/api/v1/demo-requests: newest first, super users only. */
export const demoRequestListQuery = (page: number) =>
  queryOptions({
    queryKey: ['demo-requests', page],
    queryFn: ({ signal }) =>
      apiRequest<DemoRequestList>('/careslot-marketing/api/v1/demo-requests', {
        query: { Offset: page, Limit: DEMO_REQUEST_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useDemoRequestList(page: number, enabled: boolean) {
  return useQuery({ ...demoRequestListQuery(page), enabled });
}
