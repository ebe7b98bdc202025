import type { AppDeps } from '../../platform/deps';
import { publisherFor } from '../../platform/realtime';
import { SLOT_CHANGED, type SlotChangedPayload } from './events';
import { announceSlotChange } from './service';

/**
 * The scheduling module's real-time side: its room rules and its consumer of slot changes. Slot availability
 * is public (patient-booking.md §4.4: guests search and hold), so anyone holding a valid token may follow a
 * schedule's calendar; the messages carry ids, times and capacities, never who holds or booked.
 */
export function registerCalendarHub(deps: Pick<AppDeps, 'database' | 'realtime' | 'events'>): void {
  deps.realtime.registerRooms('calendar', 'schedule', async () => true);
  deps.realtime.registerRooms('calendar', 'schedule-reasons', async () => true);
  deps.events.subscribe<SlotChangedPayload>('scheduling.calendar-hub', [SLOT_CHANGED], async (event) => {
    await announceSlotChange(
      { database: deps.database, realtime: publisherFor(deps.realtime, event.id) },
      { kind: event.payload.kind, scheduleId: event.payload.scheduleId, start: new Date(event.payload.start) },
    );
  });
}
