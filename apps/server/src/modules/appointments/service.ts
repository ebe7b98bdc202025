import { randomUUID } from 'node:crypto';
import {
  AUDIT_SYSTEM,
  BOOKING_MESSAGES,
  DUPLICATE_BOOKING_TEXT,
  type Appointment,
  type AppointmentStatus,
  type BookAppointment,
  type BookingResult,
  type PaymentTransaction,
} from '@careslot/contracts';
import { isInsured, ONLINE_BOOKING_WORKFLOW, reasonsText } from '@careslot/domain';
import { recordAudit, type AuditContext } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { crashPoint } from '../../platform/crash-points';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import { canReadPatient, getLocation } from '../directory';
import {
  attachToAppointment,
  cancelClaimedAuthorization,
  captureTransaction,
  claimForAppointment,
  findTransaction,
  toTransaction,
  transactionsOfAppointment,
  visitFeeFor,
} from '../payments';
import { getSchedule, publishSlotChanges, releaseSlots, scheduleReasons, slotId, takeSlotForBooking, type ScheduleReason, type ScheduleRow } from '../scheduling';
import { emitAppointmentChanged, kindOf } from './events';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

export interface Caller {
  principal: Principal;
  audit: AuditContext;
  /** The hold session of the browser (SessionId cookie, else the signed-in user), as scheduling knows it. */
  sessionId: string | null;
}

/** The booking web app's name in BookingSystem (spec: the product's web name) and its workflow. */
const WEB_NAME = 'careslot_Web';
export const PRACTICE_ROLES = new Set(['provider', 'staff', 'practiceadmin']);

const slotGone = () => conflict(BOOKING_MESSAGES.chooseDifferentSlot);

function resultOf(row: { id: string; appointment_type: BookingResult['AppointmentType'] }): BookingResult {
  return { is_success: true, data: row.id, message: 'success', AppointmentType: row.appointment_type };
}

/**
 * Whether an online booking is a walk-in (decision 0023): the patient chose a reason whose visit type is
 * Walk-In, the schedule offers nothing but walk-ins, or the body says ScheduleType Walk-In. A walk-in joins
 * the provider's queue of the day in the order it was booked. Walk-In on a schedule that takes no walk-ins
 * is a 400 naming ScheduleType. Also answers the schedule's reason the body names (ServiceType), if any.
 */
async function visitKindOf(
  database: Deps['database'],
  schedule: ScheduleRow,
  input: Pick<BookAppointment, 'ScheduleType' | 'ServiceType'>,
): Promise<{ scheduleType: BookAppointment['ScheduleType']; reasonType: ScheduleReason | null }> {
  const reasons = await scheduleReasons(database, schedule.id);
  const named = new Set(input.ServiceType.map((t) => t.Id));
  const reasonType = reasons.find((r) => named.has(r.id)) ?? null;
  const takesWalkIns = schedule.visit_types.includes('Walk-In');
  if (input.ScheduleType === 'Walk-In' && !takesWalkIns) throw fieldError('ScheduleType', 'walk_in_schedule', 'This calendar takes no walk-ins');
  if (input.ScheduleType === 'Walk-In' && reasonType && reasonType.visitType !== 'Walk-In') {
    throw fieldError('ScheduleType', 'walk_in_reason', `The reason ${reasonType.name} is not a walk-in visit`);
  }
  const onlyWalkIns = takesWalkIns && schedule.visit_types.length === 1;
  const walkIn = input.ScheduleType === 'Walk-In' || onlyWalkIns || reasonType?.visitType === 'Walk-In';
  return { scheduleType: walkIn ? 'Walk-In' : 'Scheduled', reasonType };
}

/**
 * POST Appointments (design.md §3, §6). In this order:
 * 1. checks: one Patient participant the caller may act for; the slot's schedule; the visit fee, when one
 *    applies, must be authorized already (payment-intent) for exactly this fee;
 * 2. the authorization is claimed for the new appointment id (one payment pays for one appointment);
 * 3. one transaction: the slot's capacity (the caller's hold hands its place over, or a free place is taken
 *    by a conditional update), the appointment row (unique per patient, schedule and start), the payment
 *    tied to it, an audit row;
 * 4. after the commit: capture, slot and status events.
 * A booking that fails after step 2 cancels the authorization it claimed, so no money is held without a visit.
 * The same Idempotency-Key from the same caller answers the first booking again.
 */
export async function bookAppointment(deps: Deps, caller: Caller, input: BookAppointment, idempotencyKey: string | null): Promise<BookingResult> {
  const { database, clock } = deps;
  const now = clock.now();
  const createdBy = caller.principal.subject;
  if (idempotencyKey) {
    const earlier = await store.byIdempotencyKey(database, createdBy, idempotencyKey);
    if (earlier) return resultOf(earlier);
  }

  const patients = input.Participants.filter((p) => p.Type === 'Patient');
  if (patients.length !== 1) throw fieldError('Participants', 'one_patient', 'must name exactly one Patient participant');
  const patientId = patients[0]!.ParticipantId;
  if (!(await canReadPatient(database, caller.principal, patientId))) {
    await recordAudit(database, caller.audit, { action: 'create', entityType: 'Appointment', patientId, outcome: 'denied', workflow: ONLINE_BOOKING_WORKFLOW });
    throw notFound();
  }

  const schedule = await getSchedule(database, input.CalendarId);
  if (!schedule) throw fieldError('CalendarId', 'exists', 'No calendar with this id');
  const start = new Date(input.StartTime);
  const end = new Date(start.getTime() + schedule.slot_minutes * 60_000);
  const location = schedule.location_id ? await getLocation(database, schedule.location_id) : null;
  const organizationId = location?.OrganizationId ?? null;

  const fee =
    organizationId && schedule.practitioner_id
      ? await visitFeeFor(deps, {
          organizationId,
          locationId: schedule.location_id,
          entityType: 'provider',
          entityId: schedule.practitioner_id,
          insured: isInsured(input.PatientCoverages[0]?.Insurance?.Display),
        })
      : null;
  const paymentId = input.Payments[0]?.PaymentTransactionId ?? null;
  const id = randomUUID();
  if (fee && !paymentId) throw fieldError('Payments', 'required', `A visit fee of ${fee.amount.toFixed(2)} applies: authorize it before booking`);
  if (paymentId) {
    const payment = await findTransaction(database, paymentId);
    const usable =
      payment &&
      payment.patient_id === patientId &&
      payment.organization_id === organizationId &&
      payment.status === 'Uncaptured' &&
      (!fee || payment.amount_cents === Math.round(fee.amount * 100));
    if (!usable) {
      // The patient's own open authorization that no longer fits this booking (the practice changed its fee
      // after the authorization, or it was for another practice) is cancelled now, as any authorization of a
      // booking that fails is: no money stays held for a visit that will not happen (issue 6, §4.6).
      if (payment && payment.patient_id === patientId && payment.status === 'Uncaptured' && (await claimForAppointment(database, paymentId, id, now))) {
        await cancelClaimedAuthorization(deps, paymentId, id);
      }
      throw fieldError('Payments.0.PaymentTransactionId', 'authorized', "must be this patient's open authorization of the visit fee");
    }
  }

  const { scheduleType, reasonType } = await visitKindOf(database, schedule, input);

  // The schedule's approval setting decides the first status (the booking flow shows the pending popup).
  const status: AppointmentStatus = schedule.requires_approval ? 'Pending' : 'Scheduled';
  if (paymentId && !(await claimForAppointment(database, paymentId, id, now, { scheduleId: schedule.id, start, sessionId: caller.sessionId }))) {
    throw fieldError('Payments.0.PaymentTransactionId', 'unused', 'This payment already pays for another booking');
  }

  let fromHold = false;
  try {
    await database.transaction(async (tx) => {
      const taken = await takeSlotForBooking(tx, { scheduleId: schedule.id, start, sessionId: caller.sessionId, now, serviceTypeId: reasonType?.id ?? null });
      if (!taken) throw slotGone();
      fromHold = taken.fromHold;
      await store.insertAppointment(tx, {
        id,
        patient_id: patientId,
        schedule_id: schedule.id,
        start_at: start,
        end_at: end,
        practitioner_id: schedule.practitioner_id,
        location_id: schedule.location_id,
        organization_id: organizationId,
        appointment_type: input.AppointmentType,
        schedule_type: scheduleType,
        status,
        reasons: input.Reasons,
        service_category: input.ServiceCategory,
        service_type: input.ServiceType,
        custom_forms: input.CustomForms,
        consents: input.Consents,
        participants: input.Participants,
        coverages: input.PatientCoverages,
        booking_system: {
          Type: input.BookingSystem?.Type ?? 'Internal',
          Name: input.BookingSystem?.Name ?? WEB_NAME,
          ...(input.BookingSystem?.Identifier ? { Identifier: input.BookingSystem.Identifier } : {}),
          LastChangedSource: WEB_NAME,
          LastChangedDate: now.toISOString(),
          Workflow: input.BookingSystem?.Workflow ?? WEB_NAME,
        },
        audit_trail: {
          CreatedBySystem: AUDIT_SYSTEM,
          LastChangedBySystem: AUDIT_SYSTEM,
          WorkflowOrServiceName: input.AuditTrail?.WorkflowOrServiceName ?? ONLINE_BOOKING_WORKFLOW,
        },
        meeting_id: null,
        booked_category_id: taken.categoryId,
        created_by: createdBy,
        idempotency_key: idempotencyKey,
        now,
      });
      if (paymentId && !(await attachToAppointment(tx, paymentId, id))) {
        throw fieldError('Payments.0.PaymentTransactionId', 'authorized', "must be this patient's open authorization of the visit fee");
      }
      await recordAudit(tx, caller.audit, { action: 'create', entityType: 'Appointment', entityId: id, patientId, outcome: 'success', workflow: ONLINE_BOOKING_WORKFLOW });
    });
  } catch (error) {
    if (paymentId) await cancelClaimedAuthorization(deps, paymentId, id);
    const violated = store.uniqueViolation(error);
    if (violated && idempotencyKey) {
      // A simultaneous retry of the same request committed first (its row may trip either unique index):
      // answer its booking.
      const earlier = await store.byIdempotencyKey(database, createdBy, idempotencyKey);
      if (earlier) return resultOf(earlier);
    }
    await recordAudit(database, caller.audit, { action: 'create', entityType: 'Appointment', entityId: id, patientId, outcome: 'failure', workflow: ONLINE_BOOKING_WORKFLOW, detail: { reason: violated ?? (error instanceof AppError ? error.kind : 'error') } });
    if (violated === 'duplicate') {
      // §8: the already-booked answer, and the held slot goes back.
      if (caller.sessionId) {
        const released = await releaseSlots(database, { slotIds: [slotId(schedule.id, start)], sessionId: caller.sessionId });
        await publishSlotChanges(deps, released.map((r) => ({ kind: 'returned' as const, ...r })));
      }
      throw conflict(DUPLICATE_BOOKING_TEXT);
    }
    throw error;
  }

  await crashPoint('after-commit');
  if (paymentId) {
    try {
      await captureTransaction(deps, paymentId);
    } catch {
      // The booking stands; the payment stays authorized and tied to it, and is captured on the next try
      // (capture is idempotent). It is never lost: the transaction row says Uncaptured with the appointment.
    }
  }
  if (!fromHold) await publishSlotChanges(deps, [{ kind: 'taken', scheduleId: schedule.id, start }]);
  deps.realtime.publish({
    hub: 'appointments',
    event: 'AppointmentStatusUpdated',
    rooms: [`user:${patientId}`, `appointment:${id}`, ...(caller.principal.userId && caller.principal.userId !== patientId ? [`user:${caller.principal.userId}` as const] : []), ...(organizationId ? [`org:${organizationId}` as const] : [])],
    data: { AppointmentId: id, Status: status },
  });
  await emitAppointmentChanged(database, {
    kind: kindOf(null, status),
    appointmentId: id,
    organizationId,
    practitionerId: schedule.practitioner_id,
    locationId: schedule.location_id,
    patientId,
    scheduleId: schedule.id,
    startTime: start.toISOString(),
    status,
    previousStatus: null,
    actorId: caller.principal.userId,
    at: now,
  });
  return resultOf({ id, appointment_type: input.AppointmentType });
}

export async function mayRead(deps: Deps, principal: Principal, row: store.AppointmentRow): Promise<boolean> {
  if (principal.organizationId && row.organization_id === principal.organizationId && principal.roles.some((r) => PRACTICE_ROLES.has(r))) return true;
  return canReadPatient(deps.database, principal, row.patient_id);
}

/** GET Appointments/{id}: the patient (or their family's account holder) and the practice; 404 for anyone else. */
export async function getAppointment(deps: Deps, caller: Omit<Caller, 'sessionId'>, id: string): Promise<Appointment> {
  const row = await store.appointment(deps.database, id);
  const allowed = row ? await mayRead(deps, caller.principal, row) : false;
  await recordAudit(deps.database, caller.audit, {
    action: 'read',
    entityType: 'Appointment',
    entityId: id,
    patientId: row?.patient_id ?? null,
    outcome: !row ? 'not_found' : allowed ? 'success' : 'denied',
  });
  if (!row || !allowed) throw notFound();
  return toAppointment(deps, row);
}

/** An appointment row as the API shows it (patient-booking.md §3.5), with its payments. */
export async function toAppointment(deps: Pick<Deps, 'database'>, row: store.AppointmentRow): Promise<Appointment> {
  const id = row.id;
  const payments: PaymentTransaction[] = (await transactionsOfAppointment(deps.database, id)).map(toTransaction);
  const reasons = row.reasons as Appointment['Reasons'];
  return {
    Id: row.id,
    Identifier: [],
    Reasons: reasons,
    ReasonsText: reasonsText(reasons),
    ServiceCategory: row.service_category as Appointment['ServiceCategory'],
    ServiceType: row.service_type as Appointment['ServiceType'],
    CustomForms: row.custom_forms as Appointment['CustomForms'],
    Consents: row.consents as Appointment['Consents'],
    BookingSystem: row.booking_system as Appointment['BookingSystem'],
    Payments: payments,
    PatientCoverages: row.coverages as Appointment['PatientCoverages'],
    RelatedPaymentTransactions: payments.map((p) => p.Id),
    Invoices: [],
    Participants: row.participants as Appointment['Participants'],
    StartTime: new Date(row.start_at).toISOString(),
    EndTime: new Date(row.end_at).toISOString(),
    CalendarId: row.schedule_id,
    OrganizationId: row.organization_id,
    LocationId: row.location_id,
    ScheduleType: row.schedule_type,
    AppointmentType: row.appointment_type,
    Status: row.status as AppointmentStatus,
    StatusReason: row.status_reason ?? null,
    CreatedBy: row.created_by,
    AuditTrail: row.audit_trail,
    VirtualServiceDetail: { MeetingId: row.meeting_id },
  };
}
