import { randomUUID } from 'node:crypto';
import type {
  AppointmentPendingPush,
  InAppNotification,
  InAppNotificationsQuery,
  NotificationPayload,
  PushedNotification,
} from '@careslot/contracts';
import { authorizeOwnObject, recordList, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { messageIdFor, publisherFor } from '../../platform/realtime';
import type { AppointmentChanged } from '../appointments';
import { getHealthcareService, getLocation } from '../organizations';
import { getPatientById } from '../patients';
import { getPractitioner, listPractitionerRoles } from '../people';
import { getSchedule } from '../scheduling';
import * as store from './in-app-store';

type Deps = Pick<AppDeps, 'database' | 'realtime'>;

/** The practice roles that hear about every appointment of their practice besides its provider: who keeps its calendar. */
const PRACTICE_WIDE: readonly string[] = ROLE_SETS.CALENDAR_KEEPERS;

/**
 * Who is told about a change: the appointment's provider and the practice's active staff and admins, never
 * the user who made the change (they know).
 */
async function recipientsOf(deps: Deps, event: AppointmentChanged): Promise<string[]> {
  if (!event.organizationId) return [];
  const roles = await listPractitionerRoles(deps.database, { OrganizationId: event.organizationId });
  const ids = new Set<string>();
  if (event.practitionerId) ids.add(event.practitionerId);
  // A visit moved from another provider's calendar: that provider hears it left their day.
  if (event.previous?.practitionerId && event.previous.organizationId === event.organizationId)
    ids.add(event.previous.practitionerId);
  for (const role of roles)
    if (role.Active && role.Code.some((c) => PRACTICE_WIDE.includes(c))) ids.add(role.PractitionerId);
  if (event.actorId) ids.delete(event.actorId);
  return [...ids];
}

async function payloadOf(deps: Deps, event: AppointmentChanged): Promise<NotificationPayload> {
  const [patient, provider, location, resource] = await Promise.all([
    getPatientById(deps.database, event.patientId),
    event.practitionerId ? getPractitioner(deps.database, event.practitionerId) : Promise.resolve(null),
    event.locationId ? getLocation(deps.database, event.locationId) : Promise.resolve(null),
    resourceOf(deps, event.scheduleId),
  ]);
  const patientName = patient?.Name.find((n) => n.Use === 'Official') ?? patient?.Name[0];
  const providerName = provider?.Name[0];
  return {
    ProviderId: event.practitionerId,
    PatientId: event.patientId,
    AppointmentId: event.appointmentId,
    AppointmentStatus: event.status,
    AppointmentTime: event.startTime,
    PatientName: { first_name: patientName?.Given.join(' ') ?? '', last_name: patientName?.Family ?? '' },
    ProviderName: providerName
      ? { first_name: providerName.Given.join(' '), last_name: providerName.Family }
      : null,
    ProfilePictureUri: provider?.Photos[0]?.Url ?? null,
    TimeZone: location?.TimeZone ?? null,
    ResourceId: resource?.Id ?? null,
    ResourceName: resource?.Name ?? null,
    PreviousAppointmentTime: event.kind === 'rescheduled' ? (event.previous?.startTime ?? null) : null,
  };
}

/** The resource (healthcare service) that is the actor of the visit's schedule, if it is one. */
async function resourceOf(deps: Deps, scheduleId: string): Promise<{ Id: string; Name: string } | null> {
  const schedule = await getSchedule(deps.database, scheduleId);
  if (!schedule?.healthcare_service_id) return null;
  const service = await getHealthcareService(deps.database, schedule.healthcare_service_id);
  return service ? { Id: service.Id, Name: service.Name } : null;
}

/**
 * Listener of "appointment changed": one record per recipient (booked, requested, cancelled, checked in,
 * moved to another time or any other status change), then InAppNotificationAdded on the push-notifications hub to each recipient's
 * own room, and for a new request AppointmentPending on the appointments hub (its Host is the provider).
 * Pushes carry ids, the status and the time; the client reads names from the record. Heard again (a
 * redelivered domain event, `eventId`), it writes no second record: a record's id is made from the event's
 * and the recipient's, and its pushes repeat their message ids, which clients drop.
 */
export async function notifyAppointmentChanged(
  deps: Deps,
  event: AppointmentChanged,
  eventId: string = randomUUID(),
): Promise<number> {
  const realtime = publisherFor(deps.realtime, eventId);
  const recipients = await recipientsOf(deps, event);
  if (recipients.length === 0 || !event.organizationId) return 0;
  const payload = await payloadOf(deps, event);
  const rows = recipients.map((userId) => ({
    id: messageIdFor(eventId, `in-app:${userId}`),
    userId,
    userType: 'Practitioner',
    sourceSystem: event.organizationId!,
    appointmentId: event.appointmentId,
    payload: payload,
    at: event.at,
  }));
  await store.insertMany(deps.database, rows);

  const pushedPayload = JSON.stringify({
    ProviderId: payload.ProviderId,
    AppointmentId: payload.AppointmentId,
    AppointmentStatus: payload.AppointmentStatus,
    AppointmentTime: payload.AppointmentTime,
  });
  for (const row of rows) {
    const pushed: PushedNotification = {
      Id: row.id,
      SourceSystem: row.sourceSystem,
      RecievedOn: row.at.toISOString(),
      Payload: pushedPayload,
    };
    realtime.publish({
      hub: 'push-notifications',
      event: 'InAppNotificationAdded',
      rooms: [`user:${row.userId}`],
      data: { ...pushed },
    });
  }
  if (event.kind === 'requested' && event.status === 'Pending') {
    const pending: AppointmentPendingPush = {
      AppointmentId: event.appointmentId,
      Participants: event.practitionerId ? [{ Type: 'Host', ParticipantId: event.practitionerId }] : [],
      Status: 'Pending',
    };
    realtime.publish({
      hub: 'appointments',
      event: 'AppointmentPending',
      rooms: recipients.map((id) => `user:${id}` as const),
      data: { ...pending },
    });
  }
  return rows.length;
}

function toRecord(row: store.InAppRow): InAppNotification {
  return {
    id: row.id,
    sourceSystem: row.source_system,
    seen: row.seen,
    recievedOn: new Date(row.recieved_on).toISOString(),
    payload: JSON.stringify(row.payload),
  };
}

const ENTITY_TYPE = 'InAppNotification';
const patientOf = (row: store.InAppRow) => row.payload['PatientId'];
const isPatientId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** GET InAppNotifications/{userId}: the caller's own notifications only (anyone else's id answers 404). */
export async function listNotifications(
  deps: Deps,
  context: RequestContext,
  userId: string,
  query: InAppNotificationsQuery,
): Promise<{ records: InAppNotification[]; total: number; unseen: number }> {
  // A user's notifications are theirs alone (no relation opens them): anyone else's id answers 404.
  await authorizeOwnObject(context, 'read', { ownerUserId: userId, entityType: ENTITY_TYPE, id: userId });
  const window = { from: query.from, to: query.to };
  const [rows, counted] = await Promise.all([
    store.page(deps.database, {
      userId,
      type: query.notificationType,
      window,
      skip: (query.Offset - 1) * query.Limit,
      limit: query.Limit,
    }),
    store.counts(deps.database, { userId, type: query.notificationType, window }),
  ]);
  // The records name patients (their names, their visits): the read is recorded with the patients it shows.
  await recordList(context, 'read', 'appointment', rows.map(patientOf).filter(isPatientId), {
    entityType: ENTITY_TYPE,
    detail: { ids: rows.map((r) => r.id) },
  });
  return { records: rows.map(toRecord), total: counted.total, unseen: counted.unseen };
}

/** PATCH InAppNotifications/batch/mark-as-seen: the caller's own among the ids become seen. */
export async function markAsSeen(deps: Deps, context: RequestContext, ids: string[]): Promise<number> {
  const userId = context.userId;
  if (!userId) throw notFound();
  return store.markSeen(deps.database, userId, [...new Set(ids)]);
}
