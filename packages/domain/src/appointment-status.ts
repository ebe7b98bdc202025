import { CALLED_OFF_STATUSES, type AppointmentStatus } from '@careslot/contracts';

/**
 * Which appointment status may follow which (practice-portal.md §4.1 lists the statuses and says a status
 * update and a confirm action exist, but not which transitions are allowed: decision 0016 reads them).
 * Both sides use this table: the server refuses anything else with a 400, the web only offers these.
 */

/** The statuses of §4.1: the union of contracts (APPOINTMENT_STATUSES), never a copy. */
type StatusName = AppointmentStatus;

/** The visit still to come: it may be confirmed, arrive, be missed or be called off. */
const UPCOMING: StatusName[] = ['Confirmed', 'Arrived', 'Checked-In', 'No-Show', 'Canceled'];

const NEXT: Record<StatusName, readonly StatusName[]> = {
  Draft: ['Pending', 'Scheduled', 'Canceled'],
  Proposed: ['Scheduled', 'Confirmed', 'Rejected', 'Canceled'],
  Waitlist: ['Scheduled', 'Canceled'],
  // A request (the schedule needs approval): the practice accepts or declines it; the patient may withdraw it.
  Pending: ['Accepted', 'Scheduled', 'Confirmed', 'Rejected', 'Canceled'],
  Accepted: ['Scheduled', 'Confirmed', 'Canceled'],
  Scheduled: UPCOMING,
  Booked: UPCOMING,
  Confirmed: ['Arrived', 'Checked-In', 'No-Show', 'Canceled'],
  Arrived: ['Checked-In', 'Waiting-Room', 'No-Show', 'Canceled'],
  'Checked-In': ['Waiting-Room', 'In Progress', 'Started', 'Checked-Out'],
  'Waiting-Room': ['In Progress', 'Started', 'Checked-Out'],
  Started: ['In Progress', 'Ended', 'Checked-Out'],
  'In Progress': ['Ended', 'Checked-Out'],
  Ended: ['Checked-Out'],
  // Final: nothing follows (a mistake is entered as a new appointment).
  'Checked-Out': [],
  'No-Show': [],
  Rejected: [],
  Canceled: [],
  Failed: [],
  'Entered-In-Error': [],
};

/** Statuses whose appointment no longer holds its place: the called-off ones; the slot's capacity is given back. */
export const RELEASING_STATUSES: readonly StatusName[] = CALLED_OFF_STATUSES;

/** Statuses that need a reason from whoever sets them (a declined request tells the patient why). */
export const REASON_REQUIRED_STATUSES: readonly StatusName[] = ['Rejected'];

/** Statuses a patient may set on their own appointment: only calling it off. */
export const PATIENT_SETTABLE_STATUSES: readonly StatusName[] = ['Canceled'];

export function nextStatuses(from: StatusName): readonly StatusName[] {
  return NEXT[from];
}

/** Whether `to` may follow `from`. Any status still in play may also be marked Entered-In-Error. */
export function canChangeStatus(from: StatusName, to: StatusName): boolean {
  if (to === 'Entered-In-Error') return NEXT[from].length > 0;
  return NEXT[from].includes(to);
}

/**
 * The confirm action: a request (Pending, Accepted, Proposed) is accepted as Scheduled; a scheduled or booked
 * visit is confirmed (Confirmed). Null when there is nothing to confirm.
 */
export function confirmedStatus(from: StatusName): 'Scheduled' | 'Confirmed' | null {
  if (from === 'Pending' || from === 'Accepted' || from === 'Proposed') return 'Scheduled';
  if (from === 'Scheduled' || from === 'Booked') return 'Confirmed';
  return null;
}

/** A status whose appointment waits for the practice's decision (the Requests screen lists these). */
export function isRequest(status: string): boolean {
  return status === 'Pending';
}
