import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@careslot/contracts';
import type { ConnectionState } from '../../../shared/realtime/connection';
import { subscribeHub } from '../../../shared/realtime/sharedHub';
import { followSchedules } from '../../../shared/slots/calendarHub';
import { PRACTICE_DAY_KEY } from './practiceDay';

/** Appointment events of the appointments hub: each one means the practice's day changed. */
export const APPOINTMENT_EVENTS: readonly RealtimeEvent[] = [
  'AppointmentBooked',
  'AppointmentStatusUpdated',
  'AppointmentArrived',
  'AppointmentCheckedIn',
  'AppointmentCheckedOut',
  'AppointmentCancelled',
  'AppointmentPending',
  'AppointmentProposed',
  'AppointmentParticipantAdded',
];

/** Many events in one burst (a booking sends several) cost one refetch. */
const COALESCE_MS = 150;

/**
 * Keeps the practice's day live: the appointments hub puts every signed-in practice user in their practice's
 * room, so a booking or status change anywhere in the practice refreshes calendars, counts and queues. When
 * `scheduleIds` are given, blocked time on them (SlotDeleted / SlotAdded on the calendar hub) refreshes too.
 * After a lost connection comes back everything is refetched, since missed events are not replayed.
 */
export function usePracticeDayLive(scheduleIds: readonly string[] = []): ConnectionState {
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const refresh = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void client.invalidateQueries({ queryKey: [PRACTICE_DAY_KEY] });
      }, COALESCE_MS);
    };
    const hub = subscribeHub('appointments');
    APPOINTMENT_EVENTS.forEach((event) => hub.on(event, refresh));
    let last: ConnectionState = hub.state;
    setState(last);
    hub.onStateChange((next) => {
      if (next === 'connected' && last === 'reconnecting') refresh();
      last = next;
      setState(next);
    });
    return () => {
      hub.release();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [client]);

  const key = scheduleIds.join(',');
  useEffect(() => {
    if (!key) return;
    const follow = followSchedules(
      key.split(','),
      ['SlotDeleted', 'SlotAdded'],
      () => void client.invalidateQueries({ queryKey: [PRACTICE_DAY_KEY, 'blocks'] }),
      () => void client.invalidateQueries({ queryKey: [PRACTICE_DAY_KEY] }),
    );
    return () => follow.stop();
  }, [client, key]);

  return state;
}
