import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Slot } from '@careslot/contracts';

export interface SlotDay {
  /** YYYY-MM-DD in the facility's zone. */
  day: string;
  slots: Slot[];
}

/** Groups a provider's slots by day in the facility's time zone, in order (the server already keeps 3 a day). */
export function slotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = format(new TZDate(slot.Start, timeZone), 'yyyy-MM-dd');
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** 'h:mm a' in the facility's zone (patient-booking.md §2.6, §9). */
export function slotTime(slot: Slot, timeZone: string): string {
  return format(new TZDate(slot.Start, timeZone), 'h:mm a').toLowerCase();
}
