import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeAppointment } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';
import { subscribeHub } from '../../../shared/realtime/sharedHub';
import { PRACTICE_DAY_KEY } from './practiceDay';

const APPOINTMENTS = '/careslot-appointment-service/api/v2';

/** A video visit's TeleVisitStatus (decision 0091): Scheduled → Waiting-Room → Started → Ended or Expired. */
export type TeleVisitStatus = 'Scheduled' | 'Waiting-Room' | 'Started' | 'Ended' | 'Expired';

export interface TeleVisitState {
  AppointmentId: string;
  MeetingId: string;
  Status: TeleVisitStatus;
  /** How many participants wait in the virtual waiting room. */
  Waiting: number;
}

const KEY = [PRACTICE_DAY_KEY, 'tele-visits'] as const;

/**
 * The TeleVisitStatus of the video visits among `appointments` (POST TeleVisits/statuses), kept live: each
 * TeleVisitStatus the practice's room hears on the practice-notifications hub refetches them, and so does the
 * socket joining, or coming back (missed messages are not replayed). Appointments booked in the office ask nothing.
 */
export function useTeleVisitStatuses(
  appointments: readonly Pick<PracticeAppointment, 'Id' | 'AppointmentType'>[],
): ReadonlyMap<string, TeleVisitState> {
  const client = useQueryClient();
  const ids = appointments
    .filter((a) => a.AppointmentType === 'TeleHealth')
    .map((a) => a.Id)
    .sort();
  const key = ids.join(',');
  const query = useQuery({
    queryKey: [...KEY, key],
    queryFn: ({ signal }) =>
      apiRequest<{ data: TeleVisitState[] }>(`${APPOINTMENTS}/TeleVisits/statuses`, {
        method: 'POST',
        body: { AppointmentIds: key.split(',') },
        signal,
      }).then((answer) => answer.data),
    enabled: key.length > 0,
  });

  const watching = key.length > 0;
  useEffect(() => {
    if (!watching) return;
    const refresh = () => void client.invalidateQueries({ queryKey: KEY });
    const hub = subscribeHub('practice-notifications');
    hub.on('TeleVisitStatus', refresh);
    // Asked again once the socket is in the practice's room (a status may change between the first answer and
    // the join) and after a lost connection comes back.
    let last = hub.state;
    hub.onStateChange((next) => {
      if (next === 'connected' && last !== 'connected') refresh();
      last = next;
    });
    return () => hub.release();
  }, [client, watching]);

  const data = query.data;
  return useMemo(() => new Map((data ?? []).map((state) => [state.AppointmentId, state])), [data]);
}
