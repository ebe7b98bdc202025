import {
  CALENDAR_WORKFLOW,
  PORTAL_ACTIVE_STATUSES,
  PORTAL_MESSAGES,
  type Appointment,
  type AppointmentStatus,
  type PracticeAppointment,
  type PracticeMove,
  withinPortalCutoff,
} from '@careslot/contracts';
import { authorize, notFoundAudited, practiceOfCaller, recordOutcome } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError } from '../../platform/errors';
import { getLocation, portalSettingsOf } from '../organizations';
import { refuseConcurrentBooking } from './concurrent-booking';
import {
  getSchedule,
  recordSlotChanges,
  returnBookedPlace,
  takeSlotForBooking,
  type ScheduleRow,
} from '../scheduling';
import {
  recordAppointmentChange,
  findAppointment,
  moveAppointment,
  patientOwnAppointment,
  toAppointment,
  toPracticeAppointments,
  uniqueViolation,
  type AppointmentRow,
  type PracticeRow,
} from '../appointments';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

/** The statuses of a booked visit that has not begun: only these may move to another time. */
const MOVABLE = new Set<string>(PORTAL_ACTIVE_STATUSES);

export const SLOT_TAKEN_TEXT = 'Please choose a different time slot as this one is no longer available.';

/**
 * Moves a booked appointment to another slot (the patient's reschedule in the portal, a move on the practice
 * calendar). One transaction: the new place is taken (a hold of the caller's session hands it over, else a
 * free place of the booking's own category), the old place comes back (the very counter the booking took),
 * the appointment moves and the audit row is written. After the commit: the slot events, then
 * announceAppointmentChange (AppointmentStatusUpdated with the new time, and "appointment changed" of kind
 * `rescheduled`, decision 0023), so the practice's in-app notifications follow as for any other change.
 * The callers check who may move what, and where to. The workflow of the move goes to the audit row; the
 * appointment keeps the workflow it was booked with (the calendar tells practice bookings from online ones by it).
 */
export async function moveBookedAppointment(
  deps: Deps,
  context: RequestContext,
  /** The hold session whose hold on the new slot hands its place over; null takes a free place. */
  sessionId: string | null,
  row: AppointmentRow,
  target: { schedule: ScheduleRow; start: Date; workflow: string; source: string },
): Promise<AppointmentRow> {
  const { schedule, start } = target;
  const now = deps.clock.now();
  const from = new Date(row.start_at);
  const end = new Date(start.getTime() + schedule.slot_minutes * 60_000);
  const location = schedule.location_id ? await getLocation(deps.database, schedule.location_id) : null;
  const reasonType = (row.service_type as { Id?: string }[])[0]?.Id ?? null;

  let fromHold = false;
  let returned = false;
  const moved = await deps.database
    .transaction(async (tx) => {
      // A move books the new time: one patient, one place at a time there too (decision 0036).
      if (!schedule.allow_concurrent_bookings)
        await refuseConcurrentBooking(tx, {
          patientId: row.patient_id,
          scheduleId: schedule.id,
          start,
          exceptId: row.id,
        });
      const taken = await takeSlotForBooking(tx, {
        scheduleId: schedule.id,
        start,
        sessionId,
        now,
        serviceTypeId: reasonType,
      });
      if (!taken) throw conflict(SLOT_TAKEN_TEXT);
      fromHold = taken.fromHold;
      // A walk-in registered at the desk took no place; every booked visit gives its own back.
      if (row.booked_category_id !== null || row.schedule_type !== 'Walk-In') {
        returned = await returnBookedPlace(tx, {
          scheduleId: row.schedule_id,
          start: from,
          categoryId: row.booked_category_id,
          end: row.end_at,
        });
      }
      const updated = await moveAppointment(tx, {
        id: row.id,
        fromStart: from,
        scheduleId: schedule.id,
        start,
        // A visit longer than the grid keeps its length (issue 30, item 11).
        end: new Date(Math.max(end.getTime(), taken.end.getTime())),
        practitionerId: schedule.practitioner_id,
        locationId: schedule.location_id,
        organizationId: location?.OrganizationId ?? row.organization_id,
        bookedCategoryId: taken.categoryId,
        source: target.source,
        now,
      });
      if (!updated) throw conflict('The appointment changed meanwhile; please reload it.');
      await recordSlotChanges(tx, [
        ...(returned ? [{ kind: 'returned' as const, scheduleId: row.schedule_id, start: from }] : []),
        ...(fromHold ? [] : [{ kind: 'taken' as const, scheduleId: schedule.id, start }]),
      ]);
      await recordAppointmentChange(tx, {
        kind: 'rescheduled',
        appointmentId: row.id,
        organizationId: updated.organization_id,
        practitionerId: updated.practitioner_id,
        locationId: updated.location_id,
        patientId: row.patient_id,
        scheduleId: updated.schedule_id,
        startTime: start.toISOString(),
        scheduleType: updated.schedule_type,
        status: updated.status as AppointmentStatus,
        previousStatus: row.status as AppointmentStatus,
        previous: {
          startTime: from.toISOString(),
          scheduleId: row.schedule_id,
          practitionerId: row.practitioner_id,
          organizationId: row.organization_id,
        },
        actorId: context.userId,
        at: now,
      });
      // The move itself, committed with it (the access was decided and audited by the caller).
      await recordOutcome(
        onConnection(context, tx),
        'update',
        {
          kind: 'appointment',
          id: row.id,
          patientId: row.patient_id,
          workflow: target.workflow,
          detail: {
            from: from.toISOString(),
            to: start.toISOString(),
            fromCalendar: row.schedule_id,
            toCalendar: schedule.id,
          },
        },
        'success',
      );
      return updated;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'duplicate') throw conflict('Already booked at this time.');
      throw error;
    });

  await deps.events.flush();
  return moved;
}

/**
 * Moves the patient's upcoming visit to a slot they hold now (slot/reserve first), on one of the same
 * provider's calendars: moveBookedAppointment takes the new place, gives the old one back, moves the
 * appointment and tells the practice (slot events, AppointmentStatusUpdated, "appointment changed").
 * Its payment stays with it.
 */
export async function reschedulePatientAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: { CalendarId: string; StartTime: string },
): Promise<Appointment> {
  const row = await patientOwnAppointment(deps, context, id, 'update');
  const now = deps.clock.now();
  if (!MOVABLE.has(row.status) || new Date(row.start_at) <= now || row.schedule_type === 'Walk-In') {
    throw fieldError('id', 'reschedulable', PORTAL_MESSAGES.notReschedulable);
  }
  // The practice's portal settings bind its patients (issue 30, item 15).
  if (row.organization_id) {
    const settings = await portalSettingsOf(deps.database, row.organization_id);
    if (!settings.AllowOnlineReschedule)
      throw new AppError('forbidden', { message: PORTAL_MESSAGES.rescheduleOffline });
    if (withinPortalCutoff(settings, new Date(row.start_at), now))
      throw new AppError('forbidden', { message: PORTAL_MESSAGES.rescheduleTooLate });
  }
  const schedule = await getSchedule(deps.database, input.CalendarId);
  if (!schedule) throw fieldError('CalendarId', 'exists', 'No calendar with this id');
  if (schedule.practitioner_id !== row.practitioner_id)
    throw fieldError('CalendarId', 'same_provider', "must be one of the same provider's calendars");
  const start = new Date(input.StartTime);
  if (start <= now) throw fieldError('StartTime', 'future', 'must be in the future');
  if (schedule.id === row.schedule_id && start.getTime() === new Date(row.start_at).getTime())
    throw fieldError('StartTime', 'different', 'must differ from the current time');
  const moved = await moveBookedAppointment(deps, context, context.sessionId, row, {
    schedule,
    start,
    workflow: 'Appointment_Reschedule_Web',
    source: 'careslot_Web',
  });
  return toAppointment(deps, moved);
}

/**
 * PUT appointments/{id}: the practice moves a booked visit on its calendar to an open slot of one of its own
 * calendars (another provider's too). The old place comes back, the new one is taken, and the move is told
 * like any change (moveBookedAppointment: slot events, AppointmentStatusUpdated, "appointment changed").
 * Another practice's appointment is 404; a calendar of another practice is a 400 naming CalendarId.
 */
export async function moveOnCalendar(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: PracticeMove,
): Promise<PracticeAppointment> {
  const organizationId = practiceOfCaller(context);
  const row = await findAppointment(deps.database, id);
  if (!row) return notFoundAudited(context, 'update', 'appointment', id, { workflow: CALENDAR_WORKFLOW });
  // The calendar is the practice's: only its own appointments move here (the patient's reschedule is the portal's).
  await authorize(
    context,
    'update',
    {
      kind: 'appointment',
      id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow: CALENDAR_WORKFLOW,
    },
    (relation) => relation === 'care',
  );
  if (row.schedule_type === 'Walk-In' || !MOVABLE.has(row.status)) {
    throw fieldError(
      'id',
      'movable',
      `A ${row.schedule_type === 'Walk-In' ? 'walk-in' : row.status} visit cannot be moved`,
    );
  }
  const schedule = await getSchedule(deps.database, input.CalendarId);
  const location = schedule?.location_id ? await getLocation(deps.database, schedule.location_id) : null;
  if (!schedule || location?.OrganizationId !== organizationId)
    throw fieldError('CalendarId', 'practice', 'must be a calendar of your practice');
  const start = new Date(input.StartTime);
  if (schedule.id === row.schedule_id && start.getTime() === new Date(row.start_at).getTime())
    throw fieldError('StartTime', 'different', 'must differ from the current time');
  const moved = await moveBookedAppointment(deps, context, null, row, {
    schedule,
    start,
    workflow: CALENDAR_WORKFLOW,
    source: 'careslot_Web',
  });
  const [shaped] = await toPracticeAppointments(deps, [moved as PracticeRow]);
  return shaped!;
}
