import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_STATUS_MESSAGES,
  PORTAL_MESSAGES,
  type Appointment,
  type AppointmentStatus,
  withinPortalCutoff,
} from '@careslot/contracts';
import {
  canChangeStatus,
  confirmedStatus,
  PATIENT_SETTABLE_STATUSES,
  REASON_REQUIRED_STATUSES,
  RELEASING_STATUSES,
} from '@careslot/domain';
import { authorize, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import { AppError, conflict, fieldError } from '../../platform/errors';
import { portalSettingsOf } from '../organizations';
import { recordSlotChanges, returnBookedPlace } from '../scheduling';
import { kindOf, recordAppointmentChange } from './events';
import { toAppointment } from './service';
import type { AppDeps } from '../../platform/deps';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

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

function familyOf(row: store.AppointmentRow): AppointmentFamily {
  return row.appointment_type === 'TeleHealth' ? 'Tele' : 'Office';
}

/**
 * Changes an appointment's status (OfficeAppointments/{id}/status?status=, TeleAppointments/{id}/status?status=)
 * or confirms it ({family}Appointments/{id}/confirm: a request is accepted as Scheduled, a scheduled visit
 * becomes Confirmed). Who: the staff, providers and admins of the appointment's practice; a patient (or their
 * account holder) may only cancel (or, finishing a digital check-in, check in). Anyone else, and another practice's staff, get 404.
 *
 * One transaction: the status (only if it is still what was read), the change's record, the slot's place
 * when the appointment stops holding it (Rejected, Canceled, Failed, Entered-In-Error) and an audit row.
 * Its events are written in it too (the slot's place given back, "appointment changed"); after the commit they
 * are delivered (AppointmentStatusUpdated and the status's own event on the hub, in-app notifications).
 */
export async function changeAppointmentStatus(
  deps: Deps,
  context: RequestContext,
  input: {
    id: string;
    family: AppointmentFamily;
    status: AppointmentStatus | 'confirm';
    reason?: string | undefined;
    workflow?: string | undefined;
    /** A patient confirming their own scheduled visit from a message link (decision 0042). */
    patientConfirms?: boolean;
    /** A patient finishing their digital check-in (decision 0094): their own visit becomes Checked-In. */
    patientChecksIn?: boolean;
  },
): Promise<Appointment> {
  const { database } = deps;
  const now = deps.clock.now();
  const row = await store.appointment(database, input.id);
  const confirm = input.status === 'confirm';
  if (!row) return notFoundAudited(context, 'update', 'appointment', input.id);
  const from = row.status as AppointmentStatus;
  const to = confirm ? confirmedStatus(from) : (input.status as AppointmentStatus);
  const workflow = to ? workflowFor(from, to, confirm, input.workflow) : null;
  // The practice of the appointment may set any status; the patient (or their account holder) may only cancel.
  // A telehealth id on the office path (or the reverse) is refused like another's appointment. The input is
  // checked only after this, so a refused caller learns nothing from a 400.
  let byPatient = false;
  await authorize(
    context,
    'update',
    {
      kind: 'appointment',
      id: row.id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow,
      detail: { from, to: to ?? input.status },
    },
    (relation) => {
      byPatient = relation !== 'care';
      return (
        familyOf(row) === input.family &&
        (relation === 'care' ||
          ((relation === 'self' || relation === 'family') &&
            ((!confirm && PATIENT_SETTABLE_STATUSES.includes(input.status as AppointmentStatus)) ||
              (confirm && input.patientConfirms === true && row.status === 'Scheduled') ||
              (input.patientChecksIn === true && to === 'Checked-In'))))
      );
    },
  );

  if (!to || !workflow)
    throw fieldError('status', 'transition', `A ${from} appointment has nothing to confirm`);
  if (!canChangeStatus(from, to))
    throw fieldError('querystring.status', 'transition', `A ${from} appointment cannot become ${to}`);
  const reason = input.reason?.trim() || null;
  if (!reason && REASON_REQUIRED_STATUSES.includes(to))
    throw fieldError('body.Reason', 'required', `A reason is required to set ${to}`);

  // The practice's portal settings bind its patients (issue 30, item 15): with online cancelling off, a
  // patient calls the office instead.
  if (byPatient && to === 'Canceled' && row.organization_id) {
    const settings = await portalSettingsOf(database, row.organization_id);
    if (!settings.AllowOnlineCancellation)
      throw new AppError('forbidden', { message: PORTAL_MESSAGES.cancelOffline });
    if (withinPortalCutoff(settings, new Date(row.start_at), now))
      throw new AppError('forbidden', { message: PORTAL_MESSAGES.cancelTooLate });
  }

  const releases = RELEASING_STATUSES.includes(to) && !RELEASING_STATUSES.includes(from);
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
      actorId: context.userId ?? context.subject ?? 'unknown',
      actorType: context.actorType,
      workflow,
      now,
    });
    if (
      releases &&
      (await returnBookedPlace(tx, {
        scheduleId: row.schedule_id,
        start: new Date(row.start_at),
        categoryId: row.booked_category_id,
        end: row.end_at,
      }))
    )
      await recordSlotChanges(tx, [
        { kind: 'returned', scheduleId: row.schedule_id, start: new Date(row.start_at) },
      ]);
    await recordAppointmentChange(tx, {
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
      reason,
      actorId: context.userId,
      byPractice: !byPatient,
      at: now,
    });
    return changed;
  });

  await deps.events.flush();
  return toAppointment(deps, updated);
}
