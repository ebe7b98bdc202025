import { scheduleReasonsRoom, scheduleRoom, type RealtimeMessage } from '@careslot/contracts';
import { HubConnection, type ConnectionState } from '../realtime/connection';
import { getSession } from '../session/session';
import { REASON_BASED_SLOT_EVENTS, type SlotEventName } from './slotEvents';

/**
 * One connection to the calendar hub for the whole page, however many calendars show: each calendar
 * follows its schedules' rooms, counted so that one calendar leaving does not deafen another.
 */
let hub: HubConnection | null = null;
let users = 0;
const roomCounts = new Map<string, number>();

function acquire(): HubConnection {
  if (!hub) {
    hub = new HubConnection('calendar', {
      getToken: () => getSession().accessToken,
      userId: getSession().user?.userId ?? null,
    });
  }
  users += 1;
  hub.start();
  return hub;
}

function release() {
  users -= 1;
  if (users > 0 || !hub) return;
  hub.stop();
  hub = null;
  roomCounts.clear();
}

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
  const connection = acquire();
  // The reason-based variants travel in their own rooms, so a calendar hears one kind only.
  const reasonBased = events.some((event) => REASON_BASED_SLOT_EVENTS.includes(event));
  const rooms = scheduleIds.map((id) => (reasonBased ? scheduleReasonsRoom(id) : scheduleRoom(id)));
  const fresh = rooms.filter((room) => !roomCounts.get(room));
  rooms.forEach((room) => roomCounts.set(room, (roomCounts.get(room) ?? 0) + 1));
  if (fresh.length) connection.subscribe(fresh);
  const offs = events.map((event) => connection.on(event, (message) => onEvent(event, message)));
  let last: ConnectionState = connection.state;
  onState?.(last);
  const offState = connection.onStateChange((state) => {
    if (state === 'connected' && last === 'reconnecting') onReconnected();
    last = state;
    onState?.(state);
  });
  return {
    stop() {
      offs.forEach((off) => off());
      offState();
      const gone = rooms.filter((room) => {
        const count = (roomCounts.get(room) ?? 1) - 1;
        if (count > 0) roomCounts.set(room, count);
        else roomCounts.delete(room);
        return count <= 0;
      });
      if (gone.length) connection.unsubscribe(gone);
      release();
    },
  };
}
