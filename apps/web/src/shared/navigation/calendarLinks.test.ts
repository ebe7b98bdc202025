import { describe, expect, it } from 'vitest';
import { calendarAppointmentUrl, readCalendarAppointment } from './calendarLinks';

describe('calendar appointment links', () => {
  it('reads back the appointment, day and provider a link names', () => {
    const url = calendarAppointmentUrl('/staff-member/calendar', {
      id: 'a-1',
      day: '2026-12-01',
      providerId: 'p-1',
    });
    expect(url).toBe('/staff-member/calendar?date=2026-12-01&appointment=a-1&provider=p-1');
    expect(readCalendarAppointment(new URL(url, 'http://x').searchParams)).toEqual({
      id: 'a-1',
      day: '2026-12-01',
      providerId: 'p-1',
    });
  });

  it('opens nothing without an appointment or with a malformed day', () => {
    expect(readCalendarAppointment(new URLSearchParams('date=2026-12-01'))).toBeNull();
    expect(readCalendarAppointment(new URLSearchParams('date=12/01/2026&appointment=a-1'))).toBeNull();
  });
});
