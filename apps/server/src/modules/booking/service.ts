import { randomUUID } from 'node:crypto';
import {
  AUDIT_SYSTEM,
  BOOKING_MESSAGES,
  DUPLICATE_BOOKING_TEXT,
  PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
  type AppointmentStatus,
  type BookAppointment,
  type BookingResult,
  type OfficeAppointment,
} from '@careslot/contracts';
import { appointmentTypeOf, isInsured, ONLINE_BOOKING_WORKFLOW } from '@careslot/domain';
import { authorize, practiceOfCaller, recordOutcome } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { crashPoint } from '../../platform/crash-points';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import { createPatient, hasCoverageOnFile, recordCareRelation } from '../patients';
import { getLocation } from '../organizations';
import {
  attachToAppointment,
  cancelClaimedAuthorization,
  captureTransaction,
  claimForAppointment,
  findTransaction,
  visitFeeFor,
} from '../payments';
import {
  getSchedule,
  publishSlotChanges,
  recordSlotChanges,
  releaseSlots,
  scheduleReasons,
  searchSlots,
  slotId,
  takeSlotForBooking,
  type ScheduleReason,
  type ScheduleRow,
} from '../scheduling';
import {
  appointmentByIdempotencyKey,
  insertAppointment,
  kindOf,
  recordAppointmentChange,
  uniqueViolation,
  type NewAppointment,
} from '../appointments';
import { refuseConcurrentBooking } from './concurrent-booking';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events' | 'secrets'>;

/** The booking web app's name in BookingSystem (spec: the product's web name) and its workflow. */
const WEB_NAME = 'careslot_Web';

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
  input: Pick<BookAppointment, 'ScheduleType' | 'ServiceType' | 'AppointmentType'>,
): Promise<{
  scheduleType: BookAppointment['ScheduleType'];
  appointmentType: BookAppointment['AppointmentType'];
  reasonType: ScheduleReason | null;
}> {
  const reasons = await scheduleReasons(database, schedule.id);
  const named = new Set(input.ServiceType.map((t) => t.Id));
  const reasonType = reasons.find((r) => named.has(r.id)) ?? null;
  const takesWalkIns = schedule.visit_types.includes('Walk-In');
  if (input.ScheduleType === 'Walk-In' && !takesWalkIns)
    throw fieldError('ScheduleType', 'walk_in_schedule', 'This calendar takes no walk-ins');
  if (input.ScheduleType === 'Walk-In' && reasonType && reasonType.visitType !== 'Walk-In') {
    throw fieldError(
      'ScheduleType',
      'walk_in_reason',
      `The reason ${reasonType.name} is not a walk-in visit`,
    );
  }
  const onlyWalkIns = takesWalkIns && schedule.visit_types.length === 1;
  const walkIn = input.ScheduleType === 'Walk-In' || onlyWalkIns || reasonType?.visitType === 'Walk-In';
  // The kind follows the reason and the calendar (issue 30 item 1): a video reason or a video-only calendar is a
  // video visit, whatever the caller sent; video asked of a calendar without video is refused.
  if (input.AppointmentType === 'TeleHealth' && !schedule.visit_types.includes('TeleHealth'))
    throw fieldError('AppointmentType', 'telehealth_schedule', 'This calendar takes no video visits');
  const appointmentType = appointmentTypeOf({
    entityType: schedule.healthcare_service_id ? 'HealthCareService' : 'Practitioner',
    reasonVisitType: reasonType?.visitType ?? null,
    chosenVisitType: input.AppointmentType === 'TeleHealth' ? 'TeleHealth' : null,
    scheduleVisitTypes: schedule.visit_types,
  });
  return { scheduleType: walkIn ? 'Walk-In' : 'Scheduled', appointmentType, reasonType };
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
export async function bookAppointment(
  deps: Deps,
  context: RequestContext,
  input: BookAppointment,
  idempotencyKey: string | null,
): Promise<BookingResult> {
  const { database, clock } = deps;
  const now = clock.now();
  const createdBy = context.subject ?? 'unknown';
  if (idempotencyKey) {
    const earlier = await appointmentByIdempotencyKey(database, createdBy, idempotencyKey);
    if (earlier) return resultOf(earlier);
  }

  const patients = input.Participants.filter((p) => p.Type === 'Patient');
  if (patients.length !== 1)
    throw fieldError('Participants', 'one_patient', 'must name exactly one Patient participant');
  const patientId = patients[0]!.ParticipantId;
  // Booking for a patient: the patient, their account holder, or a practice that cares for them.
  await authorize(context, 'create', {
    kind: 'patient',
    id: null,
    patientId,
    entityType: 'Appointment',
    workflow: ONLINE_BOOKING_WORKFLOW,
  });

  const schedule = await getSchedule(database, input.CalendarId);
  if (!schedule) throw fieldError('CalendarId', 'exists', 'No calendar with this id');
  const start = new Date(input.StartTime);
  const end = new Date(start.getTime() + schedule.slot_minutes * 60_000);
  const location = schedule.location_id ? await getLocation(database, schedule.location_id) : null;
  const organizationId = location?.OrganizationId ?? null;

  // The fee of the provider the calendar belongs to, or of the resource (health-care service) for a resource's calendar.
  const feeEntity = schedule.practitioner_id
    ? { entityType: 'provider', entityId: schedule.practitioner_id }
    : schedule.healthcare_service_id
      ? { entityType: 'healthcareservice', entityId: schedule.healthcare_service_id }
      : null;
  const fee =
    organizationId && feeEntity
      ? await visitFeeFor(deps, {
          organizationId,
          locationId: schedule.location_id,
          ...feeEntity,
          // As payments decides the fee it authorizes: the insured amount only with insurance on file (decision 0036).
          insured:
            isInsured(input.PatientCoverages[0]?.Insurance?.Display) &&
            (await hasCoverageOnFile(database, {
              patientId,
              coverageId: input.PatientCoverages[0]?.CoverageId ?? null,
              today: now,
            })),
        })
      : null;
  const paymentId = input.Payments[0]?.PaymentTransactionId ?? null;
  const id = randomUUID();
  if (fee && !paymentId)
    throw fieldError(
      'Payments',
      'required',
      `A visit fee of ${fee.amount.toFixed(2)} applies: authorize it before booking`,
    );
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
      if (
        payment &&
        payment.patient_id === patientId &&
        payment.status === 'Uncaptured' &&
        (await claimForAppointment(database, paymentId, id, now))
      ) {
        await cancelClaimedAuthorization(deps, paymentId, id);
      }
      throw fieldError(
        'Payments.0.PaymentTransactionId',
        'authorized',
        "must be this patient's open authorization of the visit fee",
      );
    }
  }

  const { scheduleType, appointmentType, reasonType } = await visitKindOf(database, schedule, input);

  // The schedule's approval setting decides the first status (the booking flow shows the pending popup).
  const status: AppointmentStatus = schedule.requires_approval ? 'Pending' : 'Scheduled';
  if (
    paymentId &&
    !(await claimForAppointment(database, paymentId, id, now, {
      scheduleId: schedule.id,
      start,
      sessionId: context.sessionId,
    }))
  ) {
    throw fieldError(
      'Payments.0.PaymentTransactionId',
      'unused',
      'This payment already pays for another booking',
    );
  }

  try {
    return await commitBooking(deps, context, {
      row: {
        id,
        patient_id: patientId,
        schedule_id: schedule.id,
        start_at: start,
        // A reason longer than the grid lasts its own duration (issue 30, item 11).
        end_at: new Date(
          Math.max(end.getTime(), start.getTime() + (reasonType?.durationMinutes ?? 0) * 60_000),
        ),
        practitioner_id: schedule.practitioner_id,
        location_id: schedule.location_id,
        organization_id: organizationId,
        appointment_type: appointmentType,
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
        booked_category_id: null,
        created_by: createdBy,
        idempotency_key: idempotencyKey,
        now,
      },
      takesPlace: true,
      sessionId: context.sessionId,
      serviceTypeId: reasonType?.id ?? null,
      paymentId,
      workflow: ONLINE_BOOKING_WORKFLOW,
      slotGone,
      duplicateText: DUPLICATE_BOOKING_TEXT,
      allowConcurrent: schedule.allow_concurrent_bookings,
    }).then(resultOf);
  } catch (error) {
    if (error instanceof AlreadyBooked) return resultOf(error.earlier);
    throw error;
  }
}

/** A retried request whose first try committed meanwhile: answered with that booking. */
class AlreadyBooked extends Error {
  constructor(readonly earlier: Pick<NewAppointment, 'id' | 'appointment_type'>) {
    super('already booked');
  }
}

/** What one booking commits: the row, how it takes its place, the payment it carries, how failures read. */
interface Booking {
  /** booked_category_id is filled in from the place taken. */
  row: NewAppointment;
  /** False only for a walk-in registered at the practice's desk: it joins the queue and takes no slot. */
  takesPlace: boolean;
  /** The hold session whose hold on the slot hands its place over; null takes a free place. */
  sessionId: string | null;
  /** The reason (service type) whose counter the place comes from, if the schedule counts per reason. */
  serviceTypeId: string | null;
  /** The patient's authorization of the visit fee, already claimed for this appointment id. */
  paymentId: string | null;
  workflow: string;
  /** The answer when the slot has no place left. */
  slotGone: () => AppError;
  /** The answer when the patient is already booked at this start (§8). */
  duplicateText: string;
  /** The calendar lets a patient booked elsewhere at the same minute be booked here too. */
  allowConcurrent: boolean;
}

/**
 * The one booking transaction, for the patient's booking and the practice's booking on behalf alike
 * (design.md §3, §6). One transaction: the slot's capacity (a hold of the caller's session hands its place
 * over, or a free place is taken by a conditional update), the appointment row (unique per patient, schedule
 * and start), the payment tied to it, an audit row. Its events (the slot's place, "appointment
 * changed") are written in it too. After the commit: capture of the payment, then the events are delivered. A booking that fails cancels the authorization it claimed, so no money is
 * held without a visit; a duplicate gives the caller's held slot back.
 */
async function commitBooking(deps: Deps, context: RequestContext, booking: Booking): Promise<NewAppointment> {
  const { database } = deps;
  const { row, paymentId } = booking;
  const start = new Date(row.start_at);
  let fromHold = false;
  let booked: NewAppointment = row;
  try {
    await database.transaction(async (tx) => {
      // One patient, one place at a time (decision 0036), unless the calendar booked allows it.
      if (!booking.allowConcurrent)
        await refuseConcurrentBooking(tx, {
          patientId: row.patient_id,
          scheduleId: row.schedule_id,
          start,
          exceptId: row.id,
        });
      if (booking.takesPlace) {
        const taken = await takeSlotForBooking(tx, {
          scheduleId: row.schedule_id,
          start,
          sessionId: booking.sessionId,
          now: row.now,
          serviceTypeId: booking.serviceTypeId,
        });
        if (!taken) throw booking.slotGone();
        fromHold = taken.fromHold;
        booked = { ...row, booked_category_id: taken.categoryId };
      }
      await insertAppointment(tx, booked);
      if (paymentId && !(await attachToAppointment(tx, paymentId, row.id))) {
        throw fieldError(
          'Payments.0.PaymentTransactionId',
          'authorized',
          "must be this patient's open authorization of the visit fee",
        );
      }
      // patient-booking.md 4.5 step 3, on the server: the practice now cares for the patient (decision 0026).
      if (row.organization_id) await recordCareRelation(tx, row.patient_id, row.organization_id, 'booking');
      await recordOutcome(
        onConnection(context, tx),
        'create',
        { kind: 'appointment', id: row.id, patientId: row.patient_id, workflow: booking.workflow },
        'success',
      );
      // Announced with the booking itself: the slot's place (unless a hold had already announced it) and the appointment.
      if (booking.takesPlace && !fromHold)
        await recordSlotChanges(tx, [{ kind: 'taken', scheduleId: row.schedule_id, start }]);
      const status = row.status as AppointmentStatus;
      await recordAppointmentChange(tx, {
        kind: kindOf(null, status),
        appointmentId: row.id,
        organizationId: row.organization_id,
        practitionerId: row.practitioner_id,
        locationId: row.location_id,
        patientId: row.patient_id,
        scheduleId: row.schedule_id,
        startTime: start.toISOString(),
        scheduleType: row.schedule_type,
        status,
        previousStatus: null,
        actorId: context.userId,
        at: row.now,
      });
    });
  } catch (error) {
    if (paymentId) await cancelClaimedAuthorization(deps, paymentId, row.id);
    const violated = uniqueViolation(error);
    if (violated && row.idempotency_key && row.created_by) {
      // A simultaneous retry of the same request committed first (its row may trip either unique index):
      // answer its booking.
      const earlier = await appointmentByIdempotencyKey(database, row.created_by, row.idempotency_key);
      if (earlier) throw new AlreadyBooked(earlier);
    }
    await recordOutcome(
      context,
      'create',
      {
        kind: 'appointment',
        id: row.id,
        patientId: row.patient_id,
        workflow: booking.workflow,
        detail: { reason: violated ?? (error instanceof AppError ? error.kind : 'error') },
      },
      'failure',
    );
    if (violated === 'duplicate') {
      // §8: the already-booked answer, and the held slot goes back.
      if (booking.sessionId) {
        const released = await releaseSlots(database, {
          slotIds: [slotId(row.schedule_id, start)],
          sessionId: booking.sessionId,
        });
        await publishSlotChanges(
          deps,
          released.map((r) => ({ kind: 'returned' as const, ...r })),
        );
      }
      throw conflict(booking.duplicateText);
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
  await deps.events.flush();
  return booked;
}

/**
 * POST OfficeAppointments: the practice books a visit for a patient (workflow Practice_Staff_Appointment_Web),
 * an existing patient of the practice or one created here. A scheduled visit takes a free place of the slot
 * in the one booking transaction (commitBooking), as online booking does; a walk-in registered at the desk joins the
 * provider's queue now and takes no slot. Practice bookings need no approval and carry no online visit fee.
 */
export async function bookOnBehalf(deps: Deps, context: RequestContext, input: OfficeAppointment) {
  const { database, clock } = deps;
  const organizationId = practiceOfCaller(context);
  const now = clock.now();
  const schedule = await getSchedule(database, input.CalendarId);
  const location = schedule?.location_id ? await getLocation(database, schedule.location_id) : null;
  if (!schedule || location?.OrganizationId !== organizationId) throw notFound();

  const walkIn = input.ScheduleType === 'Walk-In';
  const start = walkIn ? now : new Date(input.StartTime!);
  const end = new Date(start.getTime() + schedule.slot_minutes * 60_000);
  if (!walkIn) {
    // Checked before a new patient is created, so a taken slot does not leave a record behind.
    const open = await searchSlots(database, {
      scheduleIds: [schedule.id],
      from: start,
      to: new Date(start.getTime() + 1),
      now,
      isAvailable: true,
    });
    if (open.length !== 1)
      throw fieldError('StartTime', 'open_slot', 'must be the start of an open slot of this calendar');
  }

  let patientId: string;
  if (input.PatientId) {
    // An existing patient: one the practice cares for (another practice's patient answers as unknown).
    await authorize(context, 'create', {
      kind: 'appointment',
      id: null,
      patientId: input.PatientId,
      organizationId,
      workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
    });
    patientId = input.PatientId;
  } else {
    const p = input.NewPatient!;
    const created = await createPatient(database, {
      firstName: p.FirstName,
      lastName: p.LastName,
      birthDate: p.BirthDate,
      gender: p.Gender,
      email: p.Email ?? null,
      mobile: p.MobilePhone ?? null,
      managingOrganizationId: organizationId,
      timeZone: location.TimeZone,
      workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
    });
    patientId = created.Id;
    // Registered by the practice, which cares for the patient from now on (directory records the relation).
    await recordOutcome(
      context,
      'create',
      { kind: 'patient', id: patientId, patientId, workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW },
      'success',
    );
  }

  const id = randomUUID();
  // A walk-in registered at the desk has arrived (the desk checks them in next); a booked visit is scheduled.
  const status: AppointmentStatus = walkIn ? 'Arrived' : 'Scheduled';
  const actor = context.userId;
  const participants = [
    { Type: 'Patient', ParticipantId: patientId },
    ...(schedule.practitioner_id ? [{ Type: 'Practitioner', ParticipantId: schedule.practitioner_id }] : []),
    ...(schedule.healthcare_service_id
      ? [{ Type: 'HealthCareService', ParticipantId: schedule.healthcare_service_id }]
      : []),
    ...(actor && actor !== schedule.practitioner_id ? [{ Type: 'Staff', ParticipantId: actor }] : []),
  ];
  const booked = await commitBooking(deps, context, {
    row: {
      id,
      patient_id: patientId,
      schedule_id: schedule.id,
      start_at: start,
      end_at: end,
      practitioner_id: schedule.practitioner_id,
      location_id: schedule.location_id,
      organization_id: organizationId,
      appointment_type: input.AppointmentType,
      schedule_type: input.ScheduleType,
      status,
      reasons: input.Reasons,
      service_category: [],
      service_type: [],
      custom_forms: [],
      consents: [],
      participants,
      coverages: [],
      booking_system: {
        Type: 'Internal',
        Name: WEB_NAME,
        LastChangedSource: WEB_NAME,
        LastChangedDate: now.toISOString(),
        Workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
      },
      audit_trail: {
        CreatedBySystem: AUDIT_SYSTEM,
        LastChangedBySystem: AUDIT_SYSTEM,
        WorkflowOrServiceName: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
      },
      meeting_id: null,
      booked_category_id: null,
      created_by: context.subject ?? 'unknown',
      idempotency_key: null,
      now,
    },
    takesPlace: !walkIn,
    sessionId: null,
    serviceTypeId: null,
    paymentId: null,
    workflow: PRACTICE_STAFF_APPOINTMENT_WORKFLOW,
    slotGone: () =>
      fieldError('StartTime', 'open_slot', 'must be the start of an open slot of this calendar'),
    duplicateText: 'Already booked at this time.',
    allowConcurrent: schedule.allow_concurrent_bookings,
  });
  return { is_success: true, data: booked.id, message: 'success', PatientId: patientId };
}
