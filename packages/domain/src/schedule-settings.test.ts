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
