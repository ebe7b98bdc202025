import {
  APPOINTMENT_DETAILS_MESSAGES,
  PORTAL_ACTIVE_STATUSES,
  type Appointment,
  type AppointmentIdentifiersQuery,
  type AppointmentPatch,
  type WebAppointmentPatch,
} from '@careslot/contracts';
import { authorize, notFoundAudited, practiceOfCaller, recordList } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { ownAppointment } from './portal';
import { toAppointment } from './service';
import * as store from './store';

/**
 * The appointment's details besides its time and status: the reasons (the practice's PATCH Appointments/{id}
 * and the patient's PATCH web/WebAppointments/{id}) and its identifiers in other systems (the practice's
 * PATCH, read back by Appointments/identifiers/get). Decision 0032.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

const WEB_NAME = 'careslot_Web';
const ACTIVE = new Set<string>(PORTAL_ACTIVE_STATUSES);

/**
 * PATCH Appointments/{id}: the practice of the appointment changes its reasons and/or identifiers. Anyone
 * else, another practice included, gets 404 (and the denial is audited).
 */
export async function patchAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  patch: AppointmentPatch,
): Promise<Appointment> {
  const workflow = 'Calendar_Web';
  const row = await store.appointment(deps.database, id);
  if (!row) return notFoundAudited(context, 'update', 'appointment', id, { workflow });
  // Only the appointment's own practice (the patient rewords reasons through web/WebAppointments).
  await authorize(
    context,
    'update',
    {
      kind: 'appointment',
      id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow,
      detail: { fields: Object.keys(patch) },
    },
    (relation) => relation === 'care',
  );
  const updated = await deps.database.transaction(async (tx) => {
    const changed = await store.updateDetails(tx, {
      id,
      reasons: patch.Reasons ?? null,
      identifiers: patch.Identifier ?? null,
      source: WEB_NAME,
      workflow,
      now: deps.clock.now(),
    });
    return changed;
  });
  if (!updated) throw notFound();
  return toAppointment(deps, updated);
}

/**
 * PATCH web/WebAppointments/{id}: the patient (or their family's account holder) rewords the reasons of their
 * own upcoming visit. Anyone else gets 404; a visit that is over or called off is a 400 naming id.
 */
export async function patchWebAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  patch: WebAppointmentPatch,
): Promise<Appointment> {
  // The patient's own (or a family member's) appointment; the access and its audit row are ownAppointment's.
  const row = await ownAppointment(deps, context, id, 'update');
  if (!ACTIVE.has(row.status) || new Date(row.start_at) <= deps.clock.now())
    throw fieldError('id', 'upcoming', APPOINTMENT_DETAILS_MESSAGES.notChangeable);
  const workflow = 'Patient_Portal_Web';
  const updated = await store.updateDetails(deps.database, {
    id: row.id,
    reasons: patch.Reasons,
    identifiers: null,
    source: WEB_NAME,
    workflow,
    now: deps.clock.now(),
  });
  if (!updated) throw notFound();
  return toAppointment(deps, updated);
}

/**
 * Appointments/identifiers/get: the caller's practice's appointments carrying any of the identifiers.
 * Another practice's appointments never match (an empty list, the same as no match at all).
 */
export async function appointmentsByIdentifiers(
  deps: Deps,
  context: RequestContext,
  query: AppointmentIdentifiersQuery,
): Promise<{ Data: Appointment[]; Total: number }> {
  const organizationId = practiceOfCaller(context);
  const rows = await store.byIdentifiers(deps.database, organizationId, query.Identifiers);
  await recordList(
    context,
    'search',
    'appointment',
    rows.map((r) => r.patient_id),
    { detail: { total: rows.length, ids: rows.map((r) => r.id) } },
  );
  const data = await Promise.all(rows.map((row) => toAppointment(deps, row)));
  return { Data: data, Total: data.length };
}
