import type { AppointmentStatus } from './constants';

/**
 * The one home of every named group of appointment statuses (decision 0031). Server queries, web views and
 * the status rules of `@careslot/domain` import these; nobody lists statuses by hand. The spec lists the
 * statuses (practice-portal.md §4.1) but not their groups; what each group means is written beside it.
 *
 * No-Show: the visit was due and the patient did not come. It is not "called off" (it kept its place until
 * the time passed, and the dashboards count it among the day's due visits for the no-show rate), but it is
 * inactive: no visit takes place, so it is never queued, never counted as an open visit, not in the hotlist,
 * and shown faded on the calendar.
 */

/** Booked and still to come: not yet arrived. */
export const BOOKED_STATUSES = [
  'Scheduled',
  'Confirmed',
  'Booked',
  'Accepted',
] as const satisfies readonly AppointmentStatus[];

/** Being seen: called in and not yet done. */
export const IN_VISIT_STATUSES = [
  'Waiting-Room',
  'Started',
  'In Progress',
] as const satisfies readonly AppointmentStatus[];

/**
 * Called off before the visit (declined, cancelled, failed, entered in error): the appointment gives its slot's
 * place back and no longer counts among the day's visits.
 */
export const CALLED_OFF_STATUSES = [
  'Canceled',
  'Rejected',
  'Failed',
  'Entered-In-Error',
] as const satisfies readonly AppointmentStatus[];

/** No visit takes place: called off, or missed (No-Show). Never counted as an open visit, never queued. */
export const INACTIVE_APPOINTMENT_STATUSES = [
  ...CALLED_OFF_STATUSES,
  'No-Show',
] as const satisfies readonly AppointmentStatus[];

/** A walk-in still waiting to be seen, in the provider's queue: booked, arrived or checked in, not yet called. */
export const WALK_IN_WAITING_STATUSES = [
  ...BOOKED_STATUSES,
  'Arrived',
  'Checked-In',
  'Waiting-Room',
] as const satisfies readonly AppointmentStatus[];

/** A visit of the day that is booked and not over: the provider's WalkinCount and ScheduledCount count these. */
export const OPEN_VISIT_STATUSES = [
  ...BOOKED_STATUSES,
  'Arrived',
  'Checked-In',
  ...IN_VISIT_STATUSES,
] as const satisfies readonly AppointmentStatus[];

/** Every visit of the day the check-in list shows: open visits and those already done. */
export const DAY_VISIT_STATUSES = [
  ...OPEN_VISIT_STATUSES,
  'Ended',
  'Checked-Out',
] as const satisfies readonly AppointmentStatus[];

/**
 * Upcoming in the patient's portal when the start is still ahead (the rest show under past); only these may be
 * cancelled or moved to another time, by the patient or on the practice calendar.
 */
export const PORTAL_ACTIVE_STATUSES = [
  'Pending',
  'Scheduled',
  'Confirmed',
  'Booked',
  'Accepted',
  'Proposed',
  'Waitlist',
] as const satisfies readonly AppointmentStatus[];

/** The statuses the booking flow acts on after submitting (patient-booking.md §4.5): success or Entered-In-Error. */
export const BOOKING_DECISIVE_STATUSES = [
  'Scheduled',
  'Pending',
  'Entered-In-Error',
] as const satisfies readonly AppointmentStatus[];

/** Whether a status is in a group (the groups are readonly tuples; this reads any status string). */
export function inStatusGroup(group: readonly AppointmentStatus[], status: string): boolean {
  return (group as readonly string[]).includes(status);
}
