import { describe, expect, it } from 'vitest';
import { fullTimeInZone } from './zoneTime';

describe('a time written in the facility zone', () => {
  it("writes the facility's wall clock and its abbreviation, whatever the browser's zone", () => {
    // 16:30 UTC on a December Monday is 10:30 in Chicago and 11:30 in New York.
    expect(fullTimeInZone('2026-12-07T16:30:00.000Z', 'America/Chicago', 'en-US')).toBe(
      'Monday, December 7, 2026 at 10:30 AM CST',
    );
    expect(fullTimeInZone('2026-12-07T16:30:00.000Z', 'America/New_York', 'en-US')).toBe(
      'Monday, December 7, 2026 at 11:30 AM EST',
    );
    expect(fullTimeInZone('2026-07-07T16:30:00.000Z', 'America/Phoenix', 'en-US')).toMatch(/9:30 AM MST$/);
  });
});
