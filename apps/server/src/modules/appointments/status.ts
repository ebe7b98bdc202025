import { randomUUID } from 'node:crypto';
import { APPOINTMENT_STATUS_MESSAGES, type Appointment, type AppointmentStatus } from '@careslot/contracts';
import {
  canChangeStatus,
  confirmedStatus,
  PATIENT_SETTABLE_STATUSES,
  REASON_REQUIRED_STATUSES,
  RELEASING_STATUSES,
} from '@careslot/domain';
import { recordAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { canReadPatient } from '../directory';
import { publishSlotChanges, returnBookedPlace } from '../scheduling';
import { announceAppointmentChange, kindOf } from './events';
import { PRACTICE_ROLES, toAppointment, type Caller } from './service';
import type { AppDeps } from '../../platform/deps';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime'>;
type StatusCaller = Omit<Caller, 'sessionId'>;

/** Which calls an appointment answers to: OfficeAppointments (office and resource visits) or TeleAppointments. */
export type AppointmentFamily = 'Office' | 'Tele';

const WEB_NAME = 'careslot_Web';

/** The spec's audit workflows of the practice's status actions (constants.md). */
function workflowFor(
  from: AppointmentStatus,
  to: AppointmentStatus,
  confirm: boolean,
  asked: string | undefined,
): string {
  if (asked) return asked;
  if (confirm) return from === 'Pending' ? 'Confirm_Pending_Appointment_Web' : 'Appointment_Confirmation_Web';
  if (to === 'Canceled') return 'Appointment_Cancel_Web';
  if (from === 'Pending') return 'Pending_Appointment_List_Web';
  return 'Calendar_Web';
}

function isPractice(principal: Principal, row: store.AppointmentRow): boolean {
  return (
    !!principal.organizationId &&
    row.organization_id === principal.organizationId &&
    principal.roles.some((r) => PRACTICE_ROLES.has(r))
  );
}

function familyOf(row: store.AppointmentRow): AppointmentFamily {
  return row.appointment_type === 'TeleHealth' ? 'Tele' : 'Office';
}

/**
 * Changes an appointment's status (OfficeAppointments/{id}/status?status=, TeleAppointments/{id}/status?status=)
 * or confirms it ({family}Appointments/{id}/confirm: a request is accepted as Scheduled, a scheduled visit
 * becomes Confirmed). Who: the staff, providers and admins of the appointment's practice; a patient (or their
 * account holder) may only cancel. Anyone else, and another practice's staff, get 404.
 *
 * One transaction: the status (only if it is still what was read), the change's record, the slot's place
 * when the appointment stops holding it (Rejected, Canceled, Failed, Entered-In-Error) and an audit row.
 * After the commit: the slot event, then announceAppointmentChange (AppointmentStatusUpdated, the status's own
 * event, the domain event "appointment changed").
 */
export async function changeAppointmentStatus(
  deps: Deps,
  caller: StatusCaller,
  input: {
    id: string;
    family: AppointmentFamily;
    status: AppointmentStatus | 'confirm';
    reason?: string | undefined;
    workflow?: string | undefined;
  },
): Promise<Appointment> {
  const { database } = deps;
  const now = deps.clock.now();
  const row = await store.appointment(database, input.id);
  const practice = row ? isPractice(caller.principal, row) : false;
  const patientSelf =
    row && !practice ? await canReadPatient(database, caller.principal, row.patient_id) : false;
  const confirm = input.status === 'confirm';
  const allowed =
    !!row &&
    familyOf(row) === input.family &&
    (practice ||
      (patientSelf && !confirm && PATIENT_SETTABLE_STATUSES.includes(input.status as AppointmentStatus)));
  if (!row || !allowed) {
    await recordAudit(database, caller.audit, {
      action: 'update',
      entityType: 'Appointment',
      entityId: input.id,
      patientId: row?.patient_id ?? null,
      outcome: row ? 'denied' : 'not_found',
    });
    throw notFound();
  }

  const from = row.status as AppointmentStatus;
  const to = confirm ? confirmedStatus(from) : (input.status as AppointmentStatus);
  if (!to) throw fieldError('status', 'transition', `A ${from} appointment has nothing to confirm`);
  if (!canChangeStatus(from, to))
    throw fieldError('querystring.status', 'transition', `A ${from} appointment cannot become ${to}`);
  const reason = input.reason?.trim() || null;
  if (!reason && REASON_REQUIRED_STATUSES.includes(to))
    throw fieldError('body.Reason', 'required', `A reason is required to set ${to}`);

  const workflow = workflowFor(from, to, confirm, input.workflow);
  const releases = RELEASING_STATUSES.includes(to) && !RELEASING_STATUSES.includes(from);
  let released = false;
  const updated = await database.transaction(async (tx) => {
    const changed = await store.changeStatus(tx, {
      id: row.id,
      from,
      to,
      reason,
      source: WEB_NAME,
      workflow,
      now,
    });
    if (!changed) throw conflict(APPOINTMENT_STATUS_MESSAGES.changedMeanwhile);
    await store.insertStatusChange(tx, {
      id: randomUUID(),
      appointmentId: row.id,
      organizationId: row.organization_id,
      from,
      to,
      reason,
      actorId: caller.principal.userId ?? caller.principal.subject,
      actorType: caller.principal.userType ?? 'User',
      workflow,
      now,
    });
    if (releases)
      released = await returnBookedPlace(tx, { scheduleId: row.schedule_id, start: new Date(row.start_at), categoryId: row.booked_category_id });
    await recordAudit(tx, caller.audit, {
      action: 'update',
      entityType: 'Appointment',
      entityId: row.id,
      patientId: row.patient_id,
      outcome: 'success',
      workflow,
      detail: { from, to },
    });
    return changed;
  });

  if (released)
    await publishSlotChanges(deps, [
      { kind: 'returned', scheduleId: row.schedule_id, start: new Date(row.start_at) },
    ]);
  await announceAppointmentChange(deps, {
    kind: kindOf(from, to),
    appointmentId: row.id,
    organizationId: row.organization_id,
    practitionerId: row.practitioner_id,
    locationId: row.location_id,
    patientId: row.patient_id,
    scheduleId: row.schedule_id,
    startTime: new Date(row.start_at).toISOString(),
    scheduleType: row.schedule_type,
    status: to,
    previousStatus: from,
    actorId: caller.principal.userId,
    at: now,
  });
  return toAppointment(deps, updated);
}
