import { randomUUID } from 'node:crypto';
import { APPOINTMENT_DETAILS_MESSAGES, INACTIVE_APPOINTMENT_STATUSES, inStatusGroup, type AppointmentPublication, type PublishAppointment } from '@careslot/contracts';
import { recordAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { findAppointment, mayRead, type Caller } from '../appointments';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

function toPublication(row: store.PublicationRow): AppointmentPublication {
  return { Id: row.id, AppointmentId: row.appointment_id, Status: row.status, PublishedOn: new Date(row.created_at).toISOString() };
}

/**
 * web/BobAppointment: publishes a booked appointment to outside systems. The publication row is the outbound
 * message (ids only, never patient data), written in one transaction with the audit row and left Pending for
 * a dispatcher (decision 0032: it moves onto the durable events table once that exists). Once per
 * appointment: a second call answers the first publication. The appointment's patient (or their account
 * holder) and its practice may publish it; anyone else gets 404. A called-off or missed appointment is a 400
 * naming AppointmentId.
 */
export async function publishAppointment(deps: Deps, caller: Omit<Caller, 'sessionId'>, input: PublishAppointment): Promise<AppointmentPublication> {
  const { database } = deps;
  const row = await findAppointment(database, input.AppointmentId);
  const allowed = row ? await mayRead(deps, caller.principal, row) : false;
  if (!row || !allowed) {
    await recordAudit(database, caller.audit, { action: 'create', entityType: 'AppointmentPublication', entityId: input.AppointmentId, patientId: row?.patient_id ?? null, outcome: row ? 'denied' : 'not_found' });
    throw notFound();
  }
  if (inStatusGroup(INACTIVE_APPOINTMENT_STATUSES, row.status)) throw fieldError('AppointmentId', 'booked', APPOINTMENT_DETAILS_MESSAGES.notPublishable);
  const publication = await database.transaction(async (tx) => {
    const created = await store.insertPublication(tx, {
      id: randomUUID(),
      appointmentId: row.id,
      organizationId: row.organization_id,
      publishedBy: caller.principal.userId ?? caller.principal.subject,
      now: deps.clock.now(),
    });
    if (!created) return store.publicationOf(tx, row.id);
    await recordAudit(tx, caller.audit, { action: 'create', entityType: 'AppointmentPublication', entityId: created.id, patientId: row.patient_id, outcome: 'success', detail: { appointmentId: row.id } });
    return created;
  });
  if (!publication) throw notFound();
  return toPublication(publication);
}
