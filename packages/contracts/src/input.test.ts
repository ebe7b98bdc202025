import { describe, expect, it } from 'vitest';
import { calendarDate, isoInstant, safeText, unsafeTextReason } from './input';
import { appointmentCountsQuerySchema } from './appointment-status';
import { bookAppointmentSchema } from './appointments';

const issueOf = (result: { success: boolean; error?: { issues: { message: string; params?: unknown }[] } }) =>
  result.error?.issues[0];

describe('safe text', () => {
  it('refuses a NUL character and an unpaired surrogate, naming the rule', () => {
    for (const bad of ['a\u0000b', 'x\uD800', '\uDC00y', 'ab\uD83D']) {
      const issue = issueOf(safeText().safeParse(bad));
      expect(issue?.params).toEqual({ rule: 'safe_text' });
      expect(unsafeTextReason(bad)).not.toBeNull();
    }
  });

  it('keeps every well-formed text, emoji (surrogate pairs) and accents included', () => {
    for (const good of ['', 'Zoë Ñúñez', 'held 🙂 twice', '张伟', 'tab\there'])
      expect(safeText().safeParse(good).success).toBe(true);
  });
});

describe('calendar dates', () => {
  it('refuses dates that match YYYY-MM-DD but name no day, leap years reckoned', () => {
    for (const bad of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '1900-02-29']) {
      expect(issueOf(calendarDate().safeParse(bad))?.params).toEqual({ rule: 'calendar_date' });
    }
    for (const good of ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31'])
      expect(calendarDate().safeParse(good).success).toBe(true);
  });

  it('refuses an instant on a day that does not exist, which Date.parse would roll over', () => {
    expect(Number.isNaN(Date.parse('2026-02-30T10:00:00Z'))).toBe(false);
    expect(isoInstant().safeParse('2026-02-30T10:00:00Z').success).toBe(false);
    expect(isoInstant().safeParse('2026-02-27T24:30:00Z').success).toBe(false);
    expect(isoInstant().safeParse('2026-02-28T10:00:00.000Z').success).toBe(true);
  });

  it('is the rule of the contracts that take a date: the practice counts and a booking', () => {
    expect(appointmentCountsQuerySchema.safeParse({ date: '2026-02-30' }).success).toBe(false);
    const booking = bookAppointmentSchema.safeParse({
      CalendarId: '00000000-0000-4000-8000-000000000000',
      StartTime: '2026-02-30T09:00:00Z',
    });
    expect(booking.error?.issues.some((i) => i.path[0] === 'StartTime')).toBe(true);
  });
});
