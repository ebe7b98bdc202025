import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** GET /careslot-calendar/api/v2/schedule/{id}: the held slot's calendar, for the facility's zone. */
export const scheduleQuery = (calendarId: string) =>
  queryOptions({
    queryKey: ['schedule', calendarId],
    queryFn: ({ signal }) =>
      apiRequest<Schedule>(`/careslot-calendar/api/v2/schedule/${encodeURIComponent(calendarId)}`, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export function useSchedule(calendarId: string | null) {
  return useQuery({ ...scheduleQuery(calendarId ?? ''), enabled: !!calendarId });
}
