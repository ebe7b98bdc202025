import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@careslot/contracts';
import { dayStats, statsBy } from './dayStats';

const visit = (
  Status: AppointmentStatus,
  ScheduleType: 'Scheduled' | 'Walk-In' = 'Scheduled',
  ProviderId = 'p1',
) => ({ Status, ScheduleType, ProviderId });

describe('day stats of the practice dashboards', () => {
  it('counts each visit once by where it stands, and leaves called-off visits out of the total', () => {
    const stats = dayStats([
      visit('Scheduled'),
      visit('Confirmed'),
      visit('Arrived'),
      visit('Checked-In', 'Walk-In'),
      visit('In Progress'),
      visit('Checked-Out'),
      visit('Checked-Out'),
      visit('Checked-Out'),
      visit('No-Show'),
      visit('Canceled'),
      visit('Pending'),
    ]);
    expect(stats).toMatchObject({
      total: 10,
      upcoming: 2,
      arrived: 1,
      checkedIn: 1,
      inVisit: 1,
      checkedOut: 3,
      noShows: 1,
      canceled: 1,
      pending: 1,
      walkIns: 1,
    });
    expect(stats.noShowRate).toBe(0.25);
  });

  it('has a no-show rate of 0 before any visit was due', () => {
    expect(dayStats([visit('Scheduled')]).noShowRate).toBe(0);
    expect(dayStats([]).total).toBe(0);
  });

  it('groups by provider, busiest first', () => {
    const groups = statsBy(
      [
        visit('Scheduled', 'Scheduled', 'p2'),
        visit('Scheduled', 'Scheduled', 'p1'),
        visit('Arrived', 'Scheduled', 'p1'),
      ],
      (v) => v.ProviderId,
    );
    expect(groups.map((g) => [g.key, g.stats.total])).toEqual([
      ['p1', 2],
      ['p2', 1],
    ]);
  });
});
