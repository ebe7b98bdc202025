import { describe, expect, it } from 'vitest';
import {
  headerDateLabel,
  hoursFor,
  isInactive,
  layoutDay,
  rangeOf,
  shiftAnchor,
  visibleDays,
} from './calendarModel';

const NY = 'America/New_York';
const at = (hhmm: string, day = '2026-11-24') => new Date(`${day}T${hhmm}:00-05:00`).toISOString();

describe('practice calendar model', () => {
  it('shows one day, the week from Sunday, or six weeks covering the month', () => {
    expect(visibleDays('day', '2026-11-24')).toEqual(['2026-11-24']);
    expect(visibleDays('week', '2026-11-24')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    const month = visibleDays('month', '2026-11-24');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2026-11-01');
    expect(month).toContain('2026-11-30');
  });

  it('covers the days in the practice zone, across a daylight-saving change', () => {
    expect(rangeOf(['2026-11-24'], NY)).toEqual({
      from: '2026-11-24T05:00:00.000Z',
      to: '2026-11-25T05:00:00.000Z',
    });
    // 1 November 2026: clocks go back, the day lasts 25 hours.
    expect(rangeOf(['2026-11-01'], NY)).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
  });

  it('pages by a day, a week or a month', () => {
    expect(shiftAnchor('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftAnchor('week', '2026-11-24', -1)).toBe('2026-11-17');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
  });

  it('puts overlapping appointments side by side and lets the others use the full width', () => {
    const items = [
      { id: 'a', start: at('09:00'), end: at('09:30') },
      { id: 'b', start: at('09:00'), end: at('10:00') },
      { id: 'c', start: at('09:30'), end: at('10:00') },
      { id: 'd', start: at('11:00'), end: at('11:30') },
    ];
    const placed = layoutDay(items, (i) => i, '2026-11-24', NY, 7);
    const by = Object.fromEntries(placed.map((p) => [p.item.id, p]));
    expect(by.b).toMatchObject({ lane: 0, lanes: 2, top: 120, height: 60 });
    expect(by.a).toMatchObject({ lane: 1, lanes: 2, height: 30 });
    // c starts when a ends: it takes a's lane.
    expect(by.c).toMatchObject({ lane: 1, lanes: 2, top: 150 });
    expect(by.d).toMatchObject({ lane: 0, lanes: 1, top: 240 });
  });

  it('widens the hours to what is shown', () => {
    expect(hoursFor([], NY)).toEqual({ start: 7, end: 19 });
    expect(
      hoursFor(
        [
          { start: at('06:30'), end: at('07:00') },
          { start: at('20:00'), end: at('21:15') },
        ],
        NY,
      ),
    ).toEqual({ start: 6, end: 22 });
  });

  it("labels the header date as 'Month d,yyyy'", () => {
    expect(headerDateLabel(new Date('2026-11-24T15:00:00Z'), NY)).toBe('November 24,2026');
  });
});

describe('inactive visits on the calendar', () => {
  it('fades a missed visit (No-Show) like a called-off one, and no visit that still takes place', () => {
    expect(isInactive('No-Show')).toBe(true);
    expect(isInactive('Canceled')).toBe(true);
    expect(isInactive('Checked-Out')).toBe(false);
    expect(isInactive('Scheduled')).toBe(false);
  });
});
