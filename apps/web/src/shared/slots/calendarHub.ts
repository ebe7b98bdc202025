import { scheduleReasonsRoom, scheduleRoom, type RealtimeMessage } from '@careslot/contracts';
import type { ConnectionState } from '../realtime/connection';
import { subscribeHub } from '../realtime/sharedHub';
import { REASON_BASED_SLOT_EVENTS, type SlotEventName } from './slotEvents';

export interface CalendarFollow {
  /** Stops listening and leaves the rooms. */
  stop(): void;
}

/** Follows schedules' slot events; `onReconnected` runs after a lost connection came back (events may be missed). */
export function followSchedules(
  scheduleIds: readonly string[],
  events: readonly SlotEventName[],
  onEvent: (event: SlotEventName, message: RealtimeMessage) => void,
  onReconnected: () => void,
  onState?: (state: ConnectionState) => void,
): CalendarFollow {
  // The reason-based variants travel in their own rooms, so a calendar hears one kind only.
  const reasonBased = events.some((event) => REASON_BASED_SLOT_EVENTS.includes(event));
  const rooms = scheduleIds.map((id) => (reasonBased ? scheduleReasonsRoom(id) : scheduleRoom(id)));
  // The page's one calendar-hub socket, shared with every other calendar; rooms are counted there.
  const subscription = subscribeHub('calendar', rooms);
  events.forEach((event) => subscription.on(event, (message) => onEvent(event, message)));
  let last: ConnectionState = subscription.state;
  onState?.(last);
  subscription.onStateChange((state) => {
    if (state === 'connected' && last === 'reconnecting') onReconnected();
    last = state;
    onState?.(state);
  });
  return { stop: () => subscription.release() };
}
