import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentRequest, RequestActivity } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import { setHeaderState } from '../../../shared/navigation/headerState';

const V2 = '/careslot-appointment-service/api/v2';
export const REQUESTS_PAGE_SIZE = 10;
export const ACTIVITY_PAGE_SIZE = 10;

interface Listed<T> {
  status_code: number;
  message: string;
  data: { Data: T[]; Total: number };
}

/** POST appointments/requests/get: the practice's pending appointments, soonest first; the Requests badge follows its Total. */
export const requestsQuery = (page: number) =>
  queryOptions({
    queryKey: ['appointment-requests', page],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<Listed<AppointmentRequest>>(`${V2}/appointments/requests/get`, {
        method: 'POST',
        body: { Offset: page, Limit: REQUESTS_PAGE_SIZE, OrderBy: 'asc' },
        signal,
      });
      setHeaderState({ requestCount: answer.data.Total });
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });

export function useAppointmentRequests(page: number) {
  return useQuery(requestsQuery(page));
}

/** POST appointmentrequestactivity/logs/get: the practice's decisions on requests, newest first. */
export const activityQuery = (page: number) =>
  queryOptions({
    queryKey: ['appointment-request-activity', page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Listed<RequestActivity>>(`${V2}/appointmentrequestactivity/logs/get`, {
          method: 'POST',
          body: { Offset: page, Limit: ACTIVITY_PAGE_SIZE, OrderBy: 'desc' },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export function useRequestActivity(page: number) {
  return useQuery(activityQuery(page));
}

/** The status calls answer to the appointment's family: tele visits to TeleAppointments, the rest to OfficeAppointments. */
function familyPath(request: Pick<AppointmentRequest, 'AppointmentType'>): string {
  return request.AppointmentType === 'TeleHealth' ? 'TeleAppointments' : 'OfficeAppointments';
}

export type Decision = { kind: 'accept' } | { kind: 'decline'; reason: string };

/** Accept (the confirm action: Scheduled) or decline (status Rejected with a reason). */
export function decide(request: Pick<AppointmentRequest, 'Id' | 'AppointmentType'>, decision: Decision) {
  const base = `${V2}/${familyPath(request)}/${request.Id}`;
  return decision.kind === 'accept'
    ? apiRequest<{ data: Appointment }>(`${base}/confirm`, {
        method: 'PUT',
        body: { AuditTrail: { WorkflowOrServiceName: 'Confirm_Pending_Appointment_Web' } },
      })
    : apiRequest<{ data: Appointment }>(`${base}/status`, {
        method: 'PUT',
        query: { status: 'Rejected' },
        body: {
          Reason: decision.reason,
          AuditTrail: { WorkflowOrServiceName: 'Pending_Appointment_List_Web' },
        },
      });
}

export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      request,
      decision,
    }: {
      request: Pick<AppointmentRequest, 'Id' | 'AppointmentType'>;
      decision: Decision;
    }) => decide(request, decision),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['appointment-requests'] }),
        client.invalidateQueries({ queryKey: ['appointment-request-activity'] }),
      ]),
  });
}
