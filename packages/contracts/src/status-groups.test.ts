import { describe, expect, it } from 'vitest';
import {
  BOOKED_STATUSES,
  CALLED_OFF_STATUSES,
  DAY_VISIT_STATUSES,
  INACTIVE_APPOINTMENT_STATUSES,
  OPEN_VISIT_STATUSES,
  PORTAL_ACTIVE_STATUSES,
  WALK_IN_WAITING_STATUSES,
  inStatusGroup,
} from './status-groups';

const overlap = (a: readonly string[], b: readonly string[]) => a.filter((s) => b.includes(s));

describe('appointment status groups', () => {
  it('reads No-Show as inactive but not called off: it kept its place and counts as a due visit', () => {
    expect(inStatusGroup(INACTIVE_APPOINTMENT_STATUSES, 'No-Show')).toBe(true);
    expect(inStatusGroup(CALLED_OFF_STATUSES, 'No-Show')).toBe(false);
    expect([...INACTIVE_APPOINTMENT_STATUSES].sort()).toEqual([...CALLED_OFF_STATUSES, 'No-Show'].sort());
  });

  it('never counts, queues or lists for check-in a visit that does not take place', () => {
    expect(overlap(OPEN_VISIT_STATUSES, INACTIVE_APPOINTMENT_STATUSES)).toEqual([]);
    expect(overlap(WALK_IN_WAITING_STATUSES, INACTIVE_APPOINTMENT_STATUSES)).toEqual([]);
    expect(overlap(DAY_VISIT_STATUSES, INACTIVE_APPOINTMENT_STATUSES)).toEqual([]);
    expect(overlap(PORTAL_ACTIVE_STATUSES, INACTIVE_APPOINTMENT_STATUSES)).toEqual([]);
  });

  it('keeps a waiting walk-in among the open visits, and every booked visit among the waiting and the portal active', () => {
    expect(overlap(WALK_IN_WAITING_STATUSES, OPEN_VISIT_STATUSES)).toEqual([...WALK_IN_WAITING_STATUSES]);
    expect(overlap(BOOKED_STATUSES, WALK_IN_WAITING_STATUSES)).toEqual([...BOOKED_STATUSES]);
    expect(overlap(BOOKED_STATUSES, PORTAL_ACTIVE_STATUSES)).toEqual([...BOOKED_STATUSES]);
  });

  it('answers false for a string that is no status at all', () => {
    expect(inStatusGroup(INACTIVE_APPOINTMENT_STATUSES, 'Gone')).toBe(false);
  });
});
