import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@careslot/contracts';
import { canChangeStatus, confirmedStatus, nextStatuses, RELEASING_STATUSES } from './appointment-status';

const ALL: readonly AppointmentStatus[] = APPOINTMENT_STATUSES;

describe('appointment status transitions', () => {
  it.each([
    ['Pending', 'Scheduled', true],
    ['Pending', 'Confirmed', true],
    ['Pending', 'Rejected', true],
    ['Pending', 'Canceled', true],
    ['Pending', 'Checked-In', false],
    ['Scheduled', 'Arrived', true],
    ['Scheduled', 'Rejected', false],
    ['Arrived', 'Checked-In', true],
    ['Checked-In', 'Checked-Out', true],
    ['Checked-Out', 'Canceled', false],
    ['Canceled', 'Scheduled', false],
    ['Scheduled', 'Entered-In-Error', true],
    ['Rejected', 'Entered-In-Error', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed);
  });

  it('never lets a status follow itself, and nothing follows a final status', () => {
    for (const status of ALL) expect(canChangeStatus(status, status)).toBe(false);
    for (const status of RELEASING_STATUSES) expect(nextStatuses(status)).toEqual([]);
  });

  it('confirms a request as Scheduled and a scheduled visit as Confirmed', () => {
    expect(confirmedStatus('Pending')).toBe('Scheduled');
    expect(confirmedStatus('Scheduled')).toBe('Confirmed');
    expect(confirmedStatus('Confirmed')).toBeNull();
    expect(confirmedStatus('Canceled')).toBeNull();
  });
});
