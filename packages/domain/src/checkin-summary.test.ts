import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, DAY_VISIT_STATUSES } from '@careslot/contracts';
import { checkInStage } from './checkin-summary';

describe('the check-in stage of a visit of the day', () => {
  it('gives every status of the check-in list a stage, and none to called-off or missed visits', () => {
    for (const status of DAY_VISIT_STATUSES) expect(checkInStage(status)).not.toBeNull();
    expect(checkInStage('Canceled')).toBeNull();
    expect(checkInStage('No-Show')).toBeNull();
    expect(APPOINTMENT_STATUSES.filter((s) => checkInStage(s) === 'done')).toEqual(['Checked-Out', 'Ended']);
  });

  it('tells checked in, waiting and in visit apart', () => {
    expect(checkInStage('Booked')).toBe('expected');
    expect(checkInStage('Arrived')).toBe('checkedIn');
    expect(checkInStage('Checked-In')).toBe('checkedIn');
    expect(checkInStage('Waiting-Room')).toBe('waiting');
    expect(checkInStage('Started')).toBe('inVisit');
  });
});
