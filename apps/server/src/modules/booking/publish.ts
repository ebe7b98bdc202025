import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_DETAILS_MESSAGES,
  INACTIVE_APPOINTMENT_STATUSES,
  inStatusGroup,
  type AppointmentPublication,
  type PublishAppointment,
} from '@careslot/contracts';
import { authorize, notFoundAudited, recordOutcome } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import { appendEvents } from '../../platform/events';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import type { Connection } from '../../platform/db';
import { findAppointment } from '../appointments';
import * as store from './store';

/** The durable event of a publication (platform/events.ts), for consumers that talk to outside systems. */
export const APPOINTMENT_PUBLISHED = 'appointment.published';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

function toPublication(row: store.PublicationRow): AppointmentPublication {
  return {
    Id: row.id,
    AppointmentId: row.appointment_id,
    Status: row.status,
    PublishedOn: new Date(row.created_at).toISOString(),
  };
}

/**
 * web/BobAppointment: publishes a booked appointment to outside systems. The publication row is the outbound
 * record (ids only, never patient data), written in one transaction with the audit row and the durable event
 * `appointment.published`, which the event dispatcher delivers to the consumers of outside systems
 * (decision 0032); the row stays Pending until such a consumer marks it Delivered. Once per
 * appointment: a second call answers the first publication. The appointment's patient (or their account
 * holder) and its practice may publish it; anyone else gets 404. A called-off or missed appointment is a 400
 * naming AppointmentId.
 */
export async function publishAppointment(
  deps: Deps,
  context: RequestContext,
  input: PublishAppointment,
): Promise<AppointmentPublication> {
  const { database } = deps;
  const row = await findAppointment(database, input.AppointmentId);
  if (!row)
    return notFoundAudited(context, 'create', 'appointment', input.AppointmentId, {
      entityType: 'AppointmentPublication',
    });
  // Reading the appointment is what publishing it needs: its patient (or their account holder) and its practice.
  await authorize(
    context,
    'read',
    {
      kind: 'appointment',
      id: row.id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      entityType: 'AppointmentPublication',
      detail: { appointmentId: row.id },
    },
    (relation) => relation !== 'support',
  );
  if (inStatusGroup(INACTIVE_APPOINTMENT_STATUSES, row.status))
    throw fieldError('AppointmentId', 'booked', APPOINTMENT_DETAILS_MESSAGES.notPublishable);
  const publication = await database.transaction(async (tx) => {
    const created = await store.insertPublication(tx, {
      id: randomUUID(),
      appointmentId: row.id,
      organizationId: row.organization_id,
      publishedBy: context.userId ?? context.subject ?? 'unknown',
      now: deps.clock.now(),
    });
    if (!created) return store.publicationOf(tx, row.id);
    // The durable event outside systems' consumers subscribe to, committed with the publication (ids only).
    await appendEvents(tx, [
      {
        aggregateType: 'appointment-publication',
        aggregateId: created.id,
        type: APPOINTMENT_PUBLISHED,
        payload: { publicationId: created.id, appointmentId: row.id, organizationId: row.organization_id },
        occurredAt: new Date(created.created_at),
      },
    ]);
    await recordOutcome(
      onConnection(context, tx),
      'create',
      {
        kind: 'appointment',
        entityType: 'AppointmentPublication',
        id: created.id,
        patientId: row.patient_id,
        detail: { appointmentId: row.id },
      },
      'success',
    );
    return created;
  });
  if (!publication) throw notFound();
  return toPublication(publication);
}

// ---------- delivery: the publications module's side of the row, through index.ts ----------

/** A publication's status and attempts, for the consumer that delivers it; null when there is none. */
export function publicationForDelivery(
  db: Connection,
  id: string,
): Promise<store.PublicationDeliveryRow | null> {
  return store.publicationById(db, id);
}

/** The publication reached its target: Delivered, its attempt counted, its last error cleared. */
export function markPublicationDelivered(db: Connection, id: string, now: Date): Promise<void> {
  return store.markDelivered(db, id, now);
}

/** A failed attempt: counted, its error kept (no patient data); `final` marks the publication Failed. */
export function recordPublicationFailure(
  db: Connection,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  return store.recordFailure(db, id, error, final);
}
