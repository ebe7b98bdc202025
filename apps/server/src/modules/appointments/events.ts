import type { AppointmentStatus, RealtimeEvent, Room } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';

/** What happened to an appointment, for modules that react to it (notifications, dashboards, queues). */
export type AppointmentChangeKind = 'booked' | 'requested' | 'status_changed' | 'cancelled' | 'checked_in' | 'rescheduled';

/** The domain event "appointment changed": ids and statuses; listeners read what else they need. */
export interface AppointmentChanged {
  kind: AppointmentChangeKind;
  appointmentId: string;
  organizationId: string | null;
  practitionerId: string | null;
  /** The facility, whose zone the visit's time is lived in. */
  locationId: string | null;
  patientId: string;
  scheduleId: string;
  startTime: string;
  /** Scheduled or Walk-In (the practice's queue follows walk-ins). */
  scheduleType: 'Scheduled' | 'Walk-In';
  status: AppointmentStatus;
  /** Null for a new appointment. */
  previousStatus: AppointmentStatus | null;
  /** Where and when the appointment was before it moved (kind `rescheduled` only). */
  previous?: { startTime: string; scheduleId: string; practitionerId: string | null; organizationId: string | null };
  /** The user who made the change (product user id), if a user did. */
  actorId: string | null;
  at: Date;
}

export type AppointmentChangedListener = (event: AppointmentChanged) => Promise<void> | void;

/**
 * Listeners per app instance. Each app has its own database object, so keying by it keeps two apps in one
 * process (the tests) from hearing each other.
 */
interface Subscription {
  listener: AppointmentChangedListener;
  onError: (error: unknown, event: AppointmentChanged) => void;
}
const subscriptions = new WeakMap<Connection, Set<Subscription>>();

/**
 * Subscribes to "appointment changed" for the app using this database; `onError` hears a failure of the
 * listener (the subscriber logs it). Returns the unsubscribe.
 */
export function onAppointmentChanged(
  database: Connection,
  listener: AppointmentChangedListener,
  onError: (error: unknown, event: AppointmentChanged) => void,
): () => void {
  const set = subscriptions.get(database) ?? new Set<Subscription>();
  const subscription = { listener, onError };
  set.add(subscription);
  subscriptions.set(database, set);
  return () => set.delete(subscription);
}

export function kindOf(previous: AppointmentStatus | null, status: AppointmentStatus): AppointmentChangeKind {
  if (previous === null) return status === 'Pending' ? 'requested' : 'booked';
  if (status === 'Canceled') return 'cancelled';
  if (status === 'Checked-In') return 'checked_in';
  return 'status_changed';
}

/**
 * Tells every listener, after the change has committed. A listener's failure is logged and never undoes or
 * fails the change itself: the appointment is the record, notifications follow from it.
 */
async function emitAppointmentChanged(database: Connection, event: AppointmentChanged): Promise<void> {
  for (const { listener, onError } of subscriptions.get(database) ?? []) {
    try {
      await listener(event);
    } catch (error) {
      onError(error, event);
    }
  }
}

/** The specific event of a status, where practice-portal.md §4.8 names one, besides AppointmentStatusUpdated. */
const STATUS_EVENT: Partial<Record<AppointmentStatus, RealtimeEvent>> = {
  Arrived: 'AppointmentArrived',
  'Checked-In': 'AppointmentCheckedIn',
  'Checked-Out': 'AppointmentCheckedOut',
  Canceled: 'AppointmentCancelled',
  Failed: 'AppointmentFailure',
  Proposed: 'AppointmentProposed',
};

/**
 * Who hears of an appointment on the appointments hub: the patient, whoever follows the appointment, its
 * practice and its provider (before and after a move), and the user who acted for the patient (an account
 * holder booking for a family member).
 */
function roomsOf(event: AppointmentChanged): Room[] {
  const rooms = new Set<Room>([`user:${event.patientId}`, `appointment:${event.appointmentId}`]);
  for (const org of [event.organizationId, event.previous?.organizationId]) if (org) rooms.add(`org:${org}`);
  for (const user of [event.practitionerId, event.previous?.practitionerId]) if (user) rooms.add(`user:${user}`);
  if (event.previousStatus === null && event.actorId) rooms.add(`user:${event.actorId}`);
  return [...rooms];
}

/**
 * The one place an appointment's change is announced, after it has committed (booking, reschedule, status
 * changes, the walk-in queue): AppointmentBooked for a new appointment, AppointmentStatusUpdated always, and
 * the status's own event where §4.8 names one, on the appointments hub (ids and statuses only, never patient
 * data); then the domain event "appointment changed" to this app's listeners.
 */
export async function announceAppointmentChange(deps: Pick<AppDeps, 'database' | 'realtime'>, event: AppointmentChanged): Promise<void> {
  const rooms = roomsOf(event);
  const data = {
    AppointmentId: event.appointmentId,
    Status: event.status,
    PreviousStatus: event.previousStatus,
    StartTime: event.startTime,
    ProviderId: event.practitionerId,
    ScheduleType: event.scheduleType,
  };
  const events: RealtimeEvent[] = [];
  if (event.previousStatus === null) events.push('AppointmentBooked');
  events.push('AppointmentStatusUpdated');
  const specific = event.previousStatus !== event.status ? STATUS_EVENT[event.status] : undefined;
  if (specific) events.push(specific);
  for (const name of events) deps.realtime.publish({ hub: 'appointments', event: name, rooms, data });
  await emitAppointmentChanged(deps.database, event);
}

/** A practitioner, staff member or resource joined a visit: the same rooms hear AppointmentParticipantAdded. */
export function announceParticipantAdded(
  deps: Pick<AppDeps, 'realtime'>,
  row: { id: string; organization_id: string | null; patient_id: string; practitioner_id: string | null; status: string; schedule_type: string },
): void {
  const rooms: Room[] = [`appointment:${row.id}`, `user:${row.patient_id}`];
  if (row.organization_id) rooms.push(`org:${row.organization_id}`);
  if (row.practitioner_id) rooms.push(`user:${row.practitioner_id}`);
  deps.realtime.publish({
    hub: 'appointments',
    event: 'AppointmentParticipantAdded',
    rooms,
    data: { AppointmentId: row.id, Status: row.status, ProviderId: row.practitioner_id, ScheduleType: row.schedule_type },
  });
}
