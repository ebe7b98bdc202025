import { describe, expect, it } from 'vitest';
import { SCHEDULE_LIMITS, withinLimit, workingHoursIssues } from './schedule-settings';

describe('working hours', () => {
  it('accepts touching periods and periods on different days', () => {
    expect(
      workingHoursIssues([
        { DayOfWeek: 1, Start: '09:00', End: '12:00' },
        { DayOfWeek: 1, Start: '12:00', End: '13:00' },
        { DayOfWeek: 2, Start: '09:00', End: '24:00' },
      ]),
    ).toEqual([]);
  });

  it('names the field and the rule of a period that ends before it starts, overlaps, or is not HH:mm', () => {
    expect(
      workingHoursIssues([
        { DayOfWeek: 1, Start: '12:00', End: '09:00' },
        { DayOfWeek: 2, Start: '09:00', End: '12:00' },
        { DayOfWeek: 2, Start: '11:00', End: '13:00' },
        { DayOfWeek: 3, Start: '9am', End: '13:00' },
      ]).map((i) => [i.field, i.rule]),
    ).toEqual([
      ['WorkingHours.0.End', 'after_start'],
      ['WorkingHours.3.Start', 'time_format'],
      ['WorkingHours.2.Start', 'overlap'],
    ]);
  });

  it('checks whole numbers within the limits', () => {
    expect(withinLimit(30, SCHEDULE_LIMITS.durationMinutes)).toBe(true);
    expect(withinLimit(4, SCHEDULE_LIMITS.durationMinutes)).toBe(false);
    expect(withinLimit(2.5, SCHEDULE_LIMITS.capacity)).toBe(false);
  });
});

describe('days off in the facility zone', () => {
  it('starts a day at the zone midnight, across a clock change', async () => {
    const { zoneDayStartUtc, zoneDate } = await import('./schedule-settings');
    expect(zoneDayStartUtc('2026-11-24', 'America/New_York').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(zoneDayStartUtc('2026-07-04', 'America/New_York').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(zoneDayStartUtc('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(zoneDayStartUtc('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(zoneDate('2026-11-24T04:59:00Z', 'America/New_York')).toBe('2026-11-23');
  });
});
