import type { AppointmentStatus, RealtimeEvent, Room } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { appendEvents, type DomainEvent, type DomainEvents } from '../../platform/events';
import { publisherFor } from '../../platform/realtime';

/** What happened to an appointment, for modules that react to it (notifications, dashboards, queues). */
export type AppointmentChangeKind =
  'booked' | 'requested' | 'status_changed' | 'cancelled' | 'checked_in' | 'rescheduled';

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
  previous?: {
    startTime: string;
    scheduleId: string;
    practitionerId: string | null;
    organizationId: string | null;
  };
  /** The reason given with a status change (a declined request's, a cancellation's), if any. */
  reason?: string | null;
  /** The user who made the change (product user id), if a user did. */
  actorId: string | null;
  /** The practice made the change (not the patient or their account holder): its reason is the office's. */
  byPractice?: boolean;
  at: Date;
}

/** The domain event's type (aggregate `appointment`, id = the appointment id). */
export const APPOINTMENT_CHANGED = 'appointment.changed';

/** As stored in domain_events: the same fields, the time as text. */
type StoredChange = Omit<AppointmentChanged, 'at'> & { at: string };

export function kindOf(previous: AppointmentStatus | null, status: AppointmentStatus): AppointmentChangeKind {
  if (previous === null) return status === 'Pending' ? 'requested' : 'booked';
  if (status === 'Canceled') return 'cancelled';
  if (status === 'Checked-In') return 'checked_in';
  return 'status_changed';
}

/**
 * The one place an appointment's change is announced (booking, reschedule, status changes, the walk-in
 * queue): the domain event "appointment changed", written in the change's own transaction. The caller
 * flushes `deps.events` after its commit, which delivers the hub (below); the other modules' consumers (in-app
 * notifications, e-mail, SMS, the fee, reminders, surveys) hear it in the background, at least once, in order
 * per appointment and consumer.
 */
export async function recordAppointmentChange(tx: Connection, change: AppointmentChanged): Promise<void> {
  const payload: StoredChange = { ...change, at: change.at.toISOString() };
  await appendEvents(tx, [
    {
      aggregateType: 'appointment',
      aggregateId: change.appointmentId,
      type: APPOINTMENT_CHANGED,
      payload,
      occurredAt: change.at,
    },
  ]);
}

/**
 * Subscribes a consumer (a stable name: its deliveries are recorded under it) to "appointment changed". It
 * may hear an event twice after a crash; it keys what it writes by `event.id`.
 */
export function onAppointmentChanged(
  events: Pick<DomainEvents, 'subscribe'>,
  consumer: string,
  listener: (change: AppointmentChanged, event: DomainEvent<object>) => Promise<void>,
): () => void {
  return events.subscribe<StoredChange>(consumer, [APPOINTMENT_CHANGED], (event) =>
    listener({ ...event.payload, at: new Date(event.payload.at) }, event),
  );
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
  for (const user of [event.practitionerId, event.previous?.practitionerId])
    if (user) rooms.add(`user:${user}`);
  if (event.previousStatus === null && event.actorId) rooms.add(`user:${event.actorId}`);
  return [...rooms];
}

/**
 * The appointments hub's consumer of "appointment changed" (and of a participant added): AppointmentBooked for a new appointment,
 * AppointmentStatusUpdated always, and the status's own event where §4.8 names one (ids and statuses only,
 * never patient data). Message ids come from the event, so a redelivery repeats them and clients drop it.
 */
export function registerAppointmentsHub(deps: Pick<AppDeps, 'realtime' | 'events'>): void {
  deps.events.subscribe<StoredChange | ParticipantAdded>(
    'appointments.hub',
    [APPOINTMENT_CHANGED, APPOINTMENT_PARTICIPANT_ADDED],
    async (event) => {
      const realtime = publisherFor(deps.realtime, event.id);
      if (event.type === APPOINTMENT_PARTICIPANT_ADDED) {
        // The same rooms hear AppointmentParticipantAdded.
        const added = event.payload;
        const rooms: Room[] = [`appointment:${added.appointmentId}`, `user:${added.patientId}`];
        if (added.organizationId) rooms.push(`org:${added.organizationId}`);
        if (added.practitionerId) rooms.push(`user:${added.practitionerId}`);
        const data = {
          AppointmentId: added.appointmentId,
          Status: added.status,
          ProviderId: added.practitionerId,
          ScheduleType: added.scheduleType,
        };
        realtime.publish({
          hub: 'appointments',
          event: 'AppointmentParticipantAdded',
          rooms,
          data,
          version: event.version,
        });
        return;
      }
      const change = event.payload as StoredChange;
      const rooms = roomsOf({ ...change, at: new Date(change.at) });
      const data = {
        AppointmentId: change.appointmentId,
        Status: change.status,
        PreviousStatus: change.previousStatus,
        StartTime: change.startTime,
        ProviderId: change.practitionerId,
        ScheduleType: change.scheduleType,
      };
      const names: RealtimeEvent[] = [];
      if (change.previousStatus === null) names.push('AppointmentBooked');
      names.push('AppointmentStatusUpdated');
      const specific = change.previousStatus !== change.status ? STATUS_EVENT[change.status] : undefined;
      if (specific) names.push(specific);
      for (const name of names)
        realtime.publish({ hub: 'appointments', event: name, rooms, data, version: event.version });
    },
    // A hub consumer: it runs on the request path (flush), so the change's answer follows its hub message.
    { hub: true },
  );
}

/** A practitioner, staff member or resource joined a visit (same aggregate, so it keeps its place in the order). */
export const APPOINTMENT_PARTICIPANT_ADDED = 'appointment.participant-added';
interface ParticipantAdded {
  appointmentId: string;
  organizationId: string | null;
  patientId: string;
  practitionerId: string | null;
  status: string;
  scheduleType: string;
}

export async function recordParticipantAdded(
  tx: Connection,
  row: {
    id: string;
    organization_id: string | null;
    patient_id: string;
    practitioner_id: string | null;
    status: string;
    schedule_type: string;
  },
): Promise<void> {
  const payload: ParticipantAdded = {
    appointmentId: row.id,
    organizationId: row.organization_id,
    patientId: row.patient_id,
    practitionerId: row.practitioner_id,
    status: row.status,
    scheduleType: row.schedule_type,
  };
  await appendEvents(tx, [
    { aggregateType: 'appointment', aggregateId: row.id, type: APPOINTMENT_PARTICIPANT_ADDED, payload },
  ]);
}
