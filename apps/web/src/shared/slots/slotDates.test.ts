import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayKeyOf,
  daysFrom,
  formatSlotTime,
  pageContaining,
  scrollerPages,
  slotQueryRange,
  startOfDayIn,
  toUtcQueryDate,
  zoneAbbreviation,
  zonesDiffer,
} from './slotDates';

const NY = 'America/New_York';

describe('the availability query range (4.4)', () => {
  it('starts today at now + 30 minutes and ends at the end of the fourth day after', () => {
    const range = slotQueryRange({
      startDay: '2026-11-23',
      now: new Date('2026-11-23T15:10:00Z'),
      timeZone: NY,
    });
    expect(range.startDay).toBe('2026-11-23');
    expect(range.from.toISOString()).toBe('2026-11-23T15:40:00.000Z');
    // End of Friday 27 Nov in New York = Saturday 00:00 EST = 05:00 UTC.
    expect(range.to.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(toUtcQueryDate(range.from)).toBe('2026-11-23 15:40:00');
  });

  it('moves a past start date to today', () => {
    const range = slotQueryRange({
      startDay: '2026-11-01',
      now: new Date('2026-11-23T15:10:00Z'),
      timeZone: NY,
    });
    expect(range.startDay).toBe('2026-11-23');
    expect(range.from.toISOString()).toBe('2026-11-23T15:40:00.000Z');
  });

  it('starts a future day at its local midnight', () => {
    const range = slotQueryRange({
      startDay: '2026-11-30',
      now: new Date('2026-11-23T15:10:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    expect(range.from.toISOString()).toBe('2026-11-29T15:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-12-04T15:00:00.000Z');
  });

  it('reads "today" in the facility zone, not the browser one', () => {
    // 03:00 UTC on the 24th is still the 23rd in Los Angeles.
    const range = slotQueryRange({
      startDay: '2026-11-23',
      now: new Date('2026-11-24T03:00:00Z'),
      timeZone: 'America/Los_Angeles',
    });
    expect(range.startDay).toBe('2026-11-23');
    expect(range.from.toISOString()).toBe('2026-11-24T03:30:00.000Z');
  });

  it('keeps day boundaries right across a daylight-saving change', () => {
    expect(startOfDayIn('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-03-09', NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('days and scroller pages', () => {
  it('does calendar arithmetic on day keys across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(daysFrom('2026-11-28')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('cuts 24 months into 5-day pages from the start day', () => {
    const pages = scrollerPages('2026-11-23');
    expect(pages[0]).toBe('2026-11-23');
    expect(pages[1]).toBe('2026-11-28');
    expect(pages.at(-1)! < '2028-11-23').toBe(true);
    expect(addDays(pages.at(-1)!, 5) >= '2028-11-23').toBe(true);
    expect(pages).toHaveLength(147);
    expect(pageContaining(pages, '2026-12-01')).toBe('2026-11-28');
  });

  it('finds the facility day of an instant', () => {
    expect(dayKeyOf('2026-11-24T03:00:00Z', 'America/Los_Angeles')).toBe('2026-11-23');
    expect(dayKeyOf('2026-11-24T03:00:00Z', 'Asia/Tokyo')).toBe('2026-11-24');
  });
});

describe('slot times', () => {
  it("shows 'h:mm am' in the facility zone", () => {
    expect(formatSlotTime('2026-11-24T14:30:00Z', NY)).toBe('9:30 am');
    expect(formatSlotTime('2026-11-24T20:00:00Z', 'America/Los_Angeles')).toBe('12:00 pm');
  });

  it('tells zones apart by their wall clock and names them', () => {
    expect(zonesDiffer(NY, 'America/Detroit', '2026-11-24T14:30:00Z')).toBe(false);
    expect(zonesDiffer(NY, 'America/Chicago', '2026-11-24T14:30:00Z')).toBe(true);
    expect(zoneAbbreviation('2026-11-24T14:30:00Z', NY)).toBe('EST');
    expect(zoneAbbreviation('2026-07-24T14:30:00Z', NY)).toBe('EDT');
  });
});
