import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PracticeAppointment, RealtimeEvent } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import type { ConnectionState } from '../../../shared/realtime/connection';
import { useAppointmentsLive } from '../../../shared/realtime/useAppointmentsLive';

const KEY = 'checkin-summary';

export interface CheckInFilter {
  /** YYYY-MM-DD in the practice's zone; today when absent. */
  date: string | null;
  providerId: string | null;
  locationId: string | null;
}

/** POST appointments/check-in/get: the practice's visits of a day with their status (Checkin_Summary_Web). */
export function useCheckInList(filter: CheckInFilter, enabled: boolean) {
  return useQuery({
    queryKey: [KEY, filter],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: PracticeAppointment[]; Total: number }>(
        '/careslot-appointment-service/api/v2/appointments/check-in/get',
        {
          method: 'POST',
          body: {
            ...(filter.date ? { Date: filter.date } : {}),
            ...(filter.providerId ? { ProviderIds: [filter.providerId] } : {}),
            ...(filter.locationId ? { LocationIds: [filter.locationId] } : {}),
          },
          signal,
        },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The appointments hub's events that change a visit's check-in state. */
const EVENTS: readonly RealtimeEvent[] = [
  'AppointmentBooked',
  'AppointmentStatusUpdated',
  'AppointmentArrived',
  'AppointmentCheckedIn',
  'AppointmentCheckedOut',
  'AppointmentCancelled',
  // Digital check-in (§4.8): a form answered, a check-in completed.
  'CustomFormResponseAdded',
  'CheckInEnabled',
];

/** Keeps the list live: any visit's change in the practice, or a connection that comes back, refetches it. */
export function useCheckInLive(): ConnectionState {
  return useAppointmentsLive(KEY, EVENTS);
}
