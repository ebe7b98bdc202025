import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeAppointment, RealtimeEvent } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import type { ConnectionState } from '../../../shared/realtime/connection';
import { subscribeHub } from '../../../shared/realtime/sharedHub';

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
      apiRequest<{ Data: PracticeAppointment[]; Total: number }>('/careslot-appointment-service/api/v2/appointments/check-in/get', {
        method: 'POST',
        body: {
          ...(filter.date ? { Date: filter.date } : {}),
          ...(filter.providerId ? { ProviderIds: [filter.providerId] } : {}),
          ...(filter.locationId ? { LocationIds: [filter.locationId] } : {}),
        },
        signal,
      }),
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
];

/**
 * Keeps the list live: every signed-in practice user is in their practice's room of the appointments hub, so any
 * visit's change refetches the list (messages carry ids only); a connection that comes back refetches too.
 */
export function useCheckInLive(): ConnectionState {
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: [KEY] });
    const hub = subscribeHub('appointments');
    EVENTS.forEach((event) => hub.on(event, refresh));
    let last = hub.state;
    // The shared hub's state is outside React: read once on subscribing, then followed by its listener.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState(last);
    hub.onStateChange((next) => {
      if (next === 'connected' && last === 'reconnecting') refresh();
      last = next;
      setState(next);
    });
    return () => hub.release();
  }, [client]);
  return state;
}
