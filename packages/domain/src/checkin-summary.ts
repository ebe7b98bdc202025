import { BOOKED_STATUSES, type AppointmentStatus } from '@careslot/contracts';

/**
 * Where a visit of the day stands on the Check-In Summary (practice-portal.md §2.12): expected (booked, not come
 * yet), checked in (arrived or checked in), waiting (in the waiting room), in visit (started), done (ended or
 * checked out). Statuses outside the day's visits (called off, no-show) have no stage.
 */
export const CHECK_IN_STAGES = ['expected', 'checkedIn', 'waiting', 'inVisit', 'done'] as const;
export type CheckInStage = (typeof CHECK_IN_STAGES)[number];

export function checkInStage(status: AppointmentStatus): CheckInStage | null {
  if ((BOOKED_STATUSES as readonly string[]).includes(status)) return 'expected';
  switch (status) {
    case 'Arrived':
    case 'Checked-In':
      return 'checkedIn';
    case 'Waiting-Room':
      return 'waiting';
    case 'Started':
    case 'In Progress':
      return 'inVisit';
    case 'Ended':
    case 'Checked-Out':
      return 'done';
    default:
      return null;
  }
}
