import type { AppDeps } from '../../platform/deps';
import { publisherFor } from '../../platform/realtime';
import {
  CALENDAR_HUB_CONSUMER,
  SCHEDULE_SLOTS_CHANGED,
  SLOT_CHANGED,
  type ScheduleSlotsChangedPayload,
  type SlotChangedPayload,
} from './events';
import { announceScheduleSlots, announceSlotChange } from './service';

/**
 * The scheduling module's real-time side: its room rules and its consumer of slot changes, the only code
 * that sends slot events to the calendar hub (docs/decisions/0046). Slot availability is public
 * (patient-booking.md §4.4: guests search and hold), so anyone holding a valid token may follow a schedule's
 * calendar; the messages carry ids, times and capacities, never who holds or booked. Each message's id is
 * derived from the event's id (publisherFor), so a redelivered event is not shown twice.
 */
export function registerCalendarHub(deps: Pick<AppDeps, 'database' | 'realtime' | 'events'>): void {
  deps.realtime.registerRooms('calendar', 'schedule', async () => true);
  deps.realtime.registerRooms('calendar', 'schedule-reasons', async () => true);
  deps.events.subscribe<SlotChangedPayload & ScheduleSlotsChangedPayload>(
    CALENDAR_HUB_CONSUMER,
    [SLOT_CHANGED, SCHEDULE_SLOTS_CHANGED],
    async (event) => {
      const target = { database: deps.database, realtime: publisherFor(deps.realtime, event.id) };
      if (event.type === SCHEDULE_SLOTS_CHANGED) {
        await announceScheduleSlots(target, event.payload);
        return;
      }
      const { kind, scheduleId, start, expiresAt } = event.payload;
      await announceSlotChange(
        target,
        kind === 'hold-updated'
          ? { kind, scheduleId, start: new Date(start), expiresAt: new Date(expiresAt ?? start) }
          : { kind, scheduleId, start: new Date(start) },
      );
    },
    // A hub consumer: it runs on the request path (flush).
    { hub: true },
  );
}
