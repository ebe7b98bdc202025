import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@careslot/contracts';
import type { ConnectionState } from '../../../shared/realtime/connection';
import { useAppointmentsLive } from '../../../shared/realtime/useAppointmentsLive';
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

/**
 * Keeps the practice's day live: a booking or status change anywhere in the practice refreshes calendars, counts
 * and queues (shared/realtime/useAppointmentsLive). When `scheduleIds` are given, blocked time on them (SlotDeleted
 * / SlotAdded on the calendar hub) refreshes too.
 */
export function usePracticeDayLive(scheduleIds: readonly string[] = []): ConnectionState {
  const client = useQueryClient();
  const state = useAppointmentsLive(PRACTICE_DAY_KEY, APPOINTMENT_EVENTS);

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
