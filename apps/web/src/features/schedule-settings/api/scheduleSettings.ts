import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Schedule,
  ScheduleException,
  ScheduleSettings,
  ServiceCategory,
  ServiceType,
  VisitType,
  WorkingHoursInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const CALENDAR = '/careslot-calendar/api/v2';

interface List<T> {
  Data: T[];
  Total: number;
}

/** Every query of the schedule settings starts with this key; a save refreshes them all. */
const KEY = 'schedule-settings';

/** POST schedule/advance-search: the practice's schedules (calendars), of providers and of resources. */
export function usePracticeSchedules(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, 'schedules', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<Schedule>>(`${CALENDAR}/schedule/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
        signal,
      }),
    enabled: !!organizationId,
    select: (list) => list.Data,
  });
}

/** GET schedulesetting/schedule/{id}. */
export function useScheduleSetting(scheduleId: string | null) {
  return useQuery({
    queryKey: [KEY, 'setting', scheduleId],
    queryFn: ({ signal }) =>
      apiRequest<ScheduleSettings>(
        `${CALENDAR}/schedulesetting/schedule/${encodeURIComponent(scheduleId!)}`,
        { signal },
      ),
    enabled: !!scheduleId,
  });
}

export interface ScheduleChanges {
  WorkingHours: WorkingHoursInput[];
  VisitType: VisitType[];
  PlanningHorizonDays: number;
  SlotHideHours: number;
  OnlineBookingEnabled: boolean;
  requires_approval: boolean;
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

/** PUT schedule/{id}: hours, visit types, horizon, hidden hours, online booking and approval. */
export function useUpdateSchedule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; changes: ScheduleChanges }) =>
      apiRequest<Schedule>(`${CALENDAR}/schedule/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: input.changes,
      }),
    onSuccess: refresh,
  });
}

/** PUT schedulesetting/{id}: the booking settings of the schedule. */
export function useSaveScheduleSetting() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: {
      scheduleId: string;
      CollectPatientDemographics: boolean;
      EnableInsurance: boolean;
    }) =>
      apiRequest<ScheduleSettings>(`${CALENDAR}/schedulesetting/${encodeURIComponent(input.scheduleId)}`, {
        method: 'PUT',
        body: {
          CollectPatientDemographics: input.CollectPatientDemographics,
          EnableInsurance: input.EnableInsurance,
        },
      }),
    onSuccess: refresh,
  });
}

/** PUT schedule/{id}/update-services: the reasons the schedule offers. */
export function useUpdateScheduleServices() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; serviceTypeIds: string[] }) =>
      apiRequest<Schedule>(`${CALENDAR}/schedule/${encodeURIComponent(input.id)}/update-services`, {
        method: 'PUT',
        body: { ServiceTypeIds: input.serviceTypeIds },
      }),
    onSuccess: refresh,
  });
}

/** A day off (or a holiday): POST schedule/{id}/exceptions; removing it gives the time back. */
export function useAddException() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: {
      scheduleId: string;
      Kind: 'TimeOff' | 'Holiday';
      Start: string;
      End: string;
      Note: string | null;
    }) =>
      apiRequest<ScheduleException>(
        `${CALENDAR}/schedule/${encodeURIComponent(input.scheduleId)}/exceptions`,
        {
          method: 'POST',
          body: { Kind: input.Kind, Start: input.Start, End: input.End, Note: input.Note },
        },
      ),
    onSuccess: refresh,
  });
}

export function useRemoveException() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (exception: ScheduleException) =>
      apiRequest(
        `${CALENDAR}/schedule/${encodeURIComponent(exception.ScheduleId)}/exceptions/${encodeURIComponent(exception.Id)}`,
        { method: 'DELETE' },
      ),
    onSuccess: refresh,
  });
}

/** POST servicecategory/advance-search: the practice's service categories. */
export function useServiceCategories(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, 'categories', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<ServiceCategory>>(`${CALENDAR}/servicecategory/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
        signal,
      }),
    enabled: !!organizationId,
    select: (list) => list.Data,
  });
}

/** POST servicetype/advance-search: the practice's service types (visit reasons). */
export function useServiceTypes(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, 'types', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<ServiceType>>(`${CALENDAR}/servicetype/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
        signal,
      }),
    enabled: !!organizationId,
    select: (list) => list.Data,
  });
}

export interface CategoryInput {
  Name: string;
  Duration: number;
  Capacity: number | null;
}

/** POST servicecategory (no id) or PUT servicecategory/{id}. */
export function useSaveCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; values: CategoryInput }) =>
      input.id
        ? apiRequest<ServiceCategory>(`${CALENDAR}/servicecategory/${encodeURIComponent(input.id)}`, {
            method: 'PUT',
            body: input.values,
          })
        : apiRequest<ServiceCategory>(`${CALENDAR}/servicecategory`, { method: 'POST', body: input.values }),
    onSuccess: refresh,
  });
}

export interface TypeInput {
  Name: string;
  Alias: string | null;
  Duration: number;
  ServiceCategoryId: string | null;
  VisitType: VisitType;
  Services: string[];
}

/** POST servicetype (no id) or PUT servicetype/{id}. */
export function useSaveType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; values: TypeInput }) =>
      input.id
        ? apiRequest<ServiceType>(`${CALENDAR}/servicetype/${encodeURIComponent(input.id)}`, {
            method: 'PUT',
            body: input.values,
          })
        : apiRequest<ServiceType>(`${CALENDAR}/servicetype`, { method: 'POST', body: input.values }),
    onSuccess: refresh,
  });
}
