import { describe, expect, it } from 'vitest';
import { appointmentDate } from './appointmentDate';

const NY = 'America/New_York';
const now = new Date('2026-11-23T13:40:00Z'); // Monday 08:40 in New York

describe('appointmentDate', () => {
  it('says Today or Tomorrow in the facility zone, with the time', () => {
    expect(appointmentDate('2026-11-23T20:30:00Z', NY, now)).toEqual({
      relative: 'today',
      text: 'Nov 23 - 3:30 pm',
    });
    expect(appointmentDate('2026-11-24T15:00:00Z', NY, now)).toEqual({
      relative: 'tomorrow',
      text: 'Nov 24 - 10:00 am',
    });
  });

  it('uses the weekday otherwise, and the facility day even when UTC has moved on', () => {
    expect(appointmentDate('2026-11-26T14:00:00Z', NY, now)).toEqual({
      relative: null,
      text: 'Thu, Nov 26 - 9:00 am',
    });
    // 02:00 UTC on the 25th is still the evening of the 24th in New York: Tomorrow.
    expect(appointmentDate('2026-11-25T02:00:00Z', NY, now).relative).toBe('tomorrow');
    expect(appointmentDate('2026-11-25T02:00:00Z', 'Asia/Tokyo', now).relative).toBeNull();
  });

  it('hides the time of a walk-in', () => {
    expect(appointmentDate('2026-11-26T14:00:00Z', NY, now, { walkIn: true }).text).toBe('Thu, Nov 26');
  });
});
