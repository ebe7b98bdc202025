import type { AppointmentStatus } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

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
export async function emitAppointmentChanged(database: Connection, event: AppointmentChanged): Promise<void> {
  for (const { listener, onError } of subscriptions.get(database) ?? []) {
    try {
      await listener(event);
    } catch (error) {
      onError(error, event);
    }
  }
}
