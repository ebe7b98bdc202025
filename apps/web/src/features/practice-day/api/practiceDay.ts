import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentCounts,
  AppointmentStatus,
  NewPracticePatient,
  Patient,
  PracticeAppointment,
  PracticeCalendarContext,
  ScheduleException,
  Slot,
  WalkInQueue,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const APPOINTMENTS_V1 = '/careslot-appointment-service/api/v1';
const CALENDAR = '/careslot-calendar/api/v2';
const ADMINISTRATION = '/careslot-administration/api/v2';

interface List<T> {
  Data: T[];
  Total: number;
}

/** Every query of the practice's day starts with this key, so one live event can refresh them all. */
export const PRACTICE_DAY_KEY = 'practice-day';

export const calendarContextQuery = () =>
  queryOptions({
    queryKey: [PRACTICE_DAY_KEY, 'context'],
    queryFn: ({ signal }) =>
      apiRequest<PracticeCalendarContext>(`${APPOINTMENTS}/practice/calendar-context`, { signal }),
    staleTime: 5 * 60_000,
  });

export function useCalendarContext(enabled = true) {
  return useQuery({ ...calendarContextQuery(), enabled });
}

export interface AppointmentFilter {
  from: string;
  to: string;
  providerIds?: string[];
  resourceIds?: string[];
  locationIds?: string[];
  statuses?: AppointmentStatus[];
}

/** POST appointments/advance-search: the practice's appointments in a range. */
export function useAppointments(filter: AppointmentFilter | null) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'appointments', filter],
    queryFn: ({ signal }) =>
      apiRequest<List<PracticeAppointment>>(`${APPOINTMENTS}/appointments/advance-search`, {
        method: 'POST',
        body: {
          From: filter!.from,
          To: filter!.to,
          ...(filter!.providerIds?.length ? { ProviderIds: filter!.providerIds } : {}),
          ...(filter!.resourceIds?.length ? { ResourceIds: filter!.resourceIds } : {}),
          ...(filter!.locationIds?.length ? { LocationIds: filter!.locationIds } : {}),
          ...(filter!.statuses?.length ? { Statuses: filter!.statuses } : {}),
          Limit: 1000,
        },
        signal,
      }),
    enabled: filter !== null,
    placeholderData: (previous) => previous,
  });
}

/** GET Appointments/providers/{id}/appointments/count: WalkinCount, ScheduledCount and PendingCount of the provider's day. */
export function useProviderCounts(providerId: string | null) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'counts', providerId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AppointmentCounts }>(
          `${APPOINTMENTS}/Appointments/providers/${providerId}/appointments/count`,
          { signal },
        )
      ).data,
    enabled: !!providerId,
  });
}

export function useWalkInQueue(providerId: string | null) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'walk-in-queue', providerId],
    queryFn: ({ signal }) =>
      apiRequest<WalkInQueue>(`${APPOINTMENTS}/Appointments/providers/${providerId}/walk-in-queue`, {
        signal,
      }),
    enabled: !!providerId,
  });
}

export interface HotlistEntry {
  Patient: PracticeAppointment['Patient'];
  LastAppointmentId: string;
  LastVisit: string;
  LastStatus: AppointmentStatus;
  Visits: number;
}

export function useHotlist(providerId: string | null) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'hotlist', providerId],
    queryFn: ({ signal }) =>
      apiRequest<List<HotlistEntry>>(`${APPOINTMENTS}/Appointments/providers/${providerId}/patient-hotlist`, {
        signal,
      }),
    enabled: !!providerId,
  });
}

/** Refreshes every query of the practice's day (after a change made here, or announced by the hub). */
export function useRefreshPracticeDay() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [PRACTICE_DAY_KEY] });
}

export function useCallNextWalkIn(providerId: string | null) {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: () =>
      apiRequest<WalkInQueue>(
        `${APPOINTMENTS}/Appointments/providers/${providerId}/walk-in-queue/call-next`,
        { method: 'POST' },
      ),
    onSettled: refresh,
  });
}

/** OfficeAppointments/{id}/status?status=: the practice moves a visit on (Arrived, Checked-In, ...). */
export function useChangeStatus() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (input: { id: string; status: AppointmentStatus; telehealth: boolean; reason?: string }) =>
      apiRequest(
        `${APPOINTMENTS}/${input.telehealth ? 'TeleAppointments' : 'OfficeAppointments'}/${input.id}/status`,
        {
          method: 'PATCH',
          query: { status: input.status },
          body: {
            ...(input.reason ? { Reason: input.reason } : {}),
            AuditTrail: { WorkflowOrServiceName: 'Calendar_Web' },
          },
        },
      ),
    onSettled: refresh,
  });
}

/** PUT appointments/{id}: the practice moves a booked visit to an open slot (decision 0023). */
export function useMoveVisit() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (input: { id: string; CalendarId: string; StartTime: string }) =>
      apiRequest<PracticeAppointment>(`${APPOINTMENTS}/appointments/${input.id}`, {
        method: 'PUT',
        body: { CalendarId: input.CalendarId, StartTime: input.StartTime },
      }),
    onSettled: refresh,
  });
}

export interface BookOnBehalfInput {
  CalendarId: string;
  StartTime?: string;
  ScheduleType: 'Scheduled' | 'Walk-In';
  PatientId?: string;
  NewPatient?: NewPracticePatient;
  Reasons: { Name: string }[];
}

export function useBookOnBehalf() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (input: BookOnBehalfInput) =>
      apiRequest<{ data: string; PatientId: string }>(`${APPOINTMENTS}/OfficeAppointments`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: refresh,
  });
}

/** The free slots of one schedule on one day, for booking on behalf of a patient. */
export function useOpenSlots(scheduleId: string | null, from: Date | null, to: Date | null) {
  const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'open-slots', scheduleId, from?.toISOString(), to?.toISOString()],
    queryFn: ({ signal }) =>
      apiRequest<List<Slot>>(`${CALENDAR}/slot/advance-search`, {
        method: 'POST',
        body: { ScheduleIds: [scheduleId], StartDate: utc(from!), EndDate: utc(to!), IsAvailable: true },
        signal,
      }),
    enabled: !!scheduleId && !!from && !!to,
  });
}

/** POST v2/patient/advance-search: the practice's own patients by name. */
export function usePatientSearch(name: string) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'patients', name],
    queryFn: ({ signal }) =>
      apiRequest<List<Patient>>(`${ADMINISTRATION}/patient/advance-search`, {
        method: 'POST',
        body: { Name: name, Limit: 10 },
        signal,
      }),
    enabled: name.trim().length >= 2,
  });
}

/** GET practice/blocked-time: time off and holidays on the practice's schedules in a range. */
export function useBlocks(from: string | null, to: string | null) {
  return useQuery({
    queryKey: [PRACTICE_DAY_KEY, 'blocks', from, to],
    queryFn: ({ signal }) =>
      apiRequest<List<ScheduleException>>(`${APPOINTMENTS}/practice/blocked-time`, {
        query: { from, to },
        signal,
      }),
    enabled: !!from && !!to,
    placeholderData: (previous) => previous,
  });
}

export function useBlockTime() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (input: { scheduleId: string; Start: string; End: string; Note: string }) =>
      apiRequest<ScheduleException>(`${CALENDAR}/schedule/${input.scheduleId}/exceptions`, {
        method: 'POST',
        body: { Kind: 'TimeOff', Start: input.Start, End: input.End, Note: input.Note },
      }),
    onSuccess: refresh,
  });
}

export function useLiftBlock() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (block: ScheduleException) =>
      apiRequest(`${CALENDAR}/schedule/${block.ScheduleId}/exceptions/${block.Id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useAddParticipant() {
  const refresh = useRefreshPracticeDay();
  return useMutation({
    mutationFn: (input: {
      appointmentId: string;
      Type: 'Practitioner' | 'Staff' | 'HealthCareService';
      ParticipantId: string;
    }) =>
      apiRequest<PracticeAppointment>(`${APPOINTMENTS_V1}/appointmentparticipants/${input.appointmentId}`, {
        method: 'POST',
        body: { Type: input.Type, ParticipantId: input.ParticipantId },
      }),
    onSuccess: refresh,
  });
}
