import { describe, expect, it } from 'vitest';
import type { Slot } from '@careslot/contracts';
import { slotsByDay, slotTime } from './slotDays';

const slot = (start: string): Slot => ({ ScheduleId: 's', Status: 'free', Start: start, End: start, Capacity: 1, CapacityAvailable: 1, SlotIds: [`s_${start}`] });

describe('slotsByDay', () => {
  it("groups by the facility's calendar day, not UTC's", () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Los Angeles.
    const slots = [slot('2026-11-23T17:00:00.000Z'), slot('2026-11-24T03:30:00.000Z'), slot('2026-11-24T17:00:00.000Z')];
    expect(slotsByDay(slots, 'America/Los_Angeles').map((d) => [d.day, d.slots.length])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-24', 1],
    ]);
  });

  it("shows the time as 'h:mm am' in the facility's zone", () => {
    expect(slotTime(slot('2026-11-23T15:30:00.000Z'), 'America/New_York')).toBe('10:30 am');
    expect(slotTime(slot('2026-11-23T21:00:00.000Z'), 'America/Denver')).toBe('2:00 pm');
  });
});
