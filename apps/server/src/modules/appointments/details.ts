import { APPOINTMENT_DETAILS_MESSAGES, PORTAL_ACTIVE_STATUSES, type Appointment, type AppointmentIdentifiersQuery, type AppointmentPatch, type WebAppointmentPatch } from '@careslot/contracts';
import { recordAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { ownAppointment } from './portal';
import { PRACTICE_ROLES, toAppointment, type Caller } from './service';
import * as store from './store';

/**
 * The appointment's details besides its time and status: the reasons (the practice's PATCH Appointments/{id}
 * and the patient's PATCH web/WebAppointments/{id}) and its identifiers in other systems (the practice's
 * PATCH, read back by Appointments/identifiers/get). Decision 0032.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;
type DetailsCaller = Omit<Caller, 'sessionId'>;

const WEB_NAME = 'careslot_Web';
const ACTIVE = new Set<string>(PORTAL_ACTIVE_STATUSES);

/** The practice the caller works for (a provider, staff member or admin of it), or null. */
function practiceOf(caller: DetailsCaller): string | null {
  const { principal } = caller;
  return principal.organizationId && principal.roles.some((r) => PRACTICE_ROLES.has(r)) ? principal.organizationId : null;
}

/**
 * PATCH Appointments/{id}: the practice of the appointment changes its reasons and/or identifiers. Anyone
 * else, another practice included, gets 404 (and the denial is audited).
 */
export async function patchAppointment(deps: Deps, caller: DetailsCaller, id: string, patch: AppointmentPatch): Promise<Appointment> {
  const row = await store.appointment(deps.database, id);
  const organizationId = practiceOf(caller);
  const allowed = !!row && !!organizationId && row.organization_id === organizationId;
  if (!row || !allowed) {
    await recordAudit(deps.database, caller.audit, { action: 'update', entityType: 'Appointment', entityId: id, patientId: row?.patient_id ?? null, outcome: row ? 'denied' : 'not_found' });
    throw notFound();
  }
  const workflow = 'Calendar_Web';
  const updated = await deps.database.transaction(async (tx) => {
    const changed = await store.updateDetails(tx, {
      id,
      reasons: patch.Reasons ?? null,
      identifiers: patch.Identifier ?? null,
      source: WEB_NAME,
      workflow,
      now: deps.clock.now(),
    });
    await recordAudit(tx, caller.audit, {
      action: 'update',
      entityType: 'Appointment',
      entityId: id,
      patientId: row.patient_id,
      outcome: 'success',
      workflow,
      detail: { fields: Object.keys(patch) },
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
export async function patchWebAppointment(deps: Deps, caller: DetailsCaller, id: string, patch: WebAppointmentPatch): Promise<Appointment> {
  const row = await ownAppointment(deps, caller, id, 'update');
  if (!ACTIVE.has(row.status) || new Date(row.start_at) <= deps.clock.now()) throw fieldError('id', 'upcoming', APPOINTMENT_DETAILS_MESSAGES.notChangeable);
  const workflow = 'Patient_Portal_Web';
  const updated = await deps.database.transaction(async (tx) => {
    const changed = await store.updateDetails(tx, { id, reasons: patch.Reasons, identifiers: null, source: WEB_NAME, workflow, now: deps.clock.now() });
    await recordAudit(tx, caller.audit, { action: 'update', entityType: 'Appointment', entityId: id, patientId: row.patient_id, outcome: 'success', workflow, detail: { fields: ['Reasons'] } });
    return changed;
  });
  if (!updated) throw notFound();
  return toAppointment(deps, updated);
}

/**
 * Appointments/identifiers/get: the caller's practice's appointments carrying any of the identifiers.
 * Another practice's appointments never match (an empty list, the same as no match at all).
 */
export async function appointmentsByIdentifiers(deps: Deps, caller: DetailsCaller, query: AppointmentIdentifiersQuery): Promise<{ Data: Appointment[]; Total: number }> {
  const organizationId = practiceOf(caller);
  if (!organizationId) throw notFound();
  const rows = await store.byIdentifiers(deps.database, organizationId, query.Identifiers);
  await recordAudit(deps.database, caller.audit, {
    action: 'search',
    entityType: 'Appointment',
    outcome: 'success',
    detail: { total: rows.length, ids: rows.map((r) => r.id) },
  });
  const data = await Promise.all(rows.map((row) => toAppointment(deps, row)));
  return { Data: data, Total: data.length };
}
