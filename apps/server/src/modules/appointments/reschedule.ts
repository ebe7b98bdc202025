import type { AppointmentStatus, Room } from '@careslot/contracts';
import { recordAudit, type AuditContext } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { getLocation } from '../directory';
import { publishSlotChanges, returnBookedPlace, takeSlotForBooking, type ScheduleRow } from '../scheduling';
import { emitAppointmentChanged } from './events';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

export interface MoveCaller {
  principal: Principal;
  audit: AuditContext;
  /** The hold session whose hold on the new slot hands its place over; null takes a free place. */
  sessionId: string | null;
}

export const SLOT_TAKEN_TEXT = 'Please choose a different time slot as this one is no longer available.';

async function moveRow(
  tx: Connection,
  input: {
    id: string;
    fromStart: Date;
    scheduleId: string;
    start: Date;
    end: Date;
    practitionerId: string | null;
    locationId: string | null;
    organizationId: string | null;
    bookedCategoryId: string;
    source: string;
    now: Date;
  },
): Promise<store.AppointmentRow | null> {
  const rows = await tx.query<store.AppointmentRow>(
    `update appointments
        set schedule_id = $3, start_at = $4, end_at = $5, practitioner_id = $6, location_id = $7, organization_id = $8, updated_at = $9,
            booked_category_id = $10,
            booking_system = booking_system || jsonb_build_object('LastChangedSource', $11::text, 'LastChangedDate', $12::text),
            audit_trail = audit_trail || jsonb_build_object('LastChangedBySystem', 'careslot')
      where id = $1 and start_at = $2
      returning *`,
    [
      input.id,
      input.fromStart.toISOString(),
      input.scheduleId,
      input.start.toISOString(),
      input.end.toISOString(),
      input.practitionerId,
      input.locationId,
      input.organizationId,
      input.now.toISOString(),
      input.bookedCategoryId,
      input.source,
      input.now.toISOString(),
    ],
  );
  return rows[0] ?? null;
}

/**
 * Moves a booked appointment to another slot (the patient's reschedule in the portal, a move on the practice
 * calendar). One transaction: the new place is taken (a hold of the caller's session hands it over, else a
 * free place of the booking's own category), the old place comes back (the very counter the booking took),
 * the appointment moves and the audit row is written. After the commit: the slot events, AppointmentStatusUpdated
 * on the appointments hub (with the new time), and the domain event "appointment changed" of kind
 * `rescheduled` (decision 0023), so the practice's in-app notifications follow as for any other change.
 * The callers check who may move what, and where to. The workflow of the move goes to the audit row; the
 * appointment keeps the workflow it was booked with (the calendar tells practice bookings from online ones by it).
 */
export async function moveBookedAppointment(
  deps: Deps,
  caller: MoveCaller,
  row: store.AppointmentRow,
  target: { schedule: ScheduleRow; start: Date; workflow: string; source: string },
): Promise<store.AppointmentRow> {
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
      const taken = await takeSlotForBooking(tx, { scheduleId: schedule.id, start, sessionId: caller.sessionId, now, serviceTypeId: reasonType });
      if (!taken) throw conflict(SLOT_TAKEN_TEXT);
      fromHold = taken.fromHold;
      // A walk-in registered at the desk took no place; every booked visit gives its own back.
      if (row.booked_category_id !== null || row.schedule_type !== 'Walk-In') {
        returned = await returnBookedPlace(tx, { scheduleId: row.schedule_id, start: from, categoryId: row.booked_category_id });
      }
      const updated = await moveRow(tx, {
        id: row.id,
        fromStart: from,
        scheduleId: schedule.id,
        start,
        end,
        practitionerId: schedule.practitioner_id,
        locationId: schedule.location_id,
        organizationId: location?.OrganizationId ?? row.organization_id,
        bookedCategoryId: taken.categoryId,
        source: target.source,
        now,
      });
      if (!updated) throw conflict('The appointment changed meanwhile; please reload it.');
      await recordAudit(tx, caller.audit, {
        action: 'update',
        entityType: 'Appointment',
        entityId: row.id,
        patientId: row.patient_id,
        outcome: 'success',
        workflow: target.workflow,
        detail: { from: from.toISOString(), to: start.toISOString(), fromCalendar: row.schedule_id, toCalendar: schedule.id },
      });
      return updated;
    })
    .catch((error: unknown) => {
      if (store.uniqueViolation(error) === 'duplicate') throw conflict('Already booked at this time.');
      throw error;
    });

  await publishSlotChanges(deps, [
    ...(returned ? [{ kind: 'returned' as const, scheduleId: row.schedule_id, start: from }] : []),
    ...(fromHold ? [] : [{ kind: 'taken' as const, scheduleId: schedule.id, start }]),
  ]);
  const rooms: Room[] = [`user:${row.patient_id}`, `appointment:${row.id}`];
  for (const org of new Set([row.organization_id, moved.organization_id])) if (org) rooms.push(`org:${org}`);
  if (moved.practitioner_id) rooms.push(`user:${moved.practitioner_id}`);
  if (row.practitioner_id && row.practitioner_id !== moved.practitioner_id) rooms.push(`user:${row.practitioner_id}`);
  deps.realtime.publish({
    hub: 'appointments',
    event: 'AppointmentStatusUpdated',
    rooms,
    data: { AppointmentId: row.id, Status: moved.status, StartTime: start.toISOString(), ProviderId: moved.practitioner_id, ScheduleType: moved.schedule_type },
  });
  await emitAppointmentChanged(deps.database, {
    kind: 'rescheduled',
    appointmentId: row.id,
    organizationId: moved.organization_id,
    practitionerId: moved.practitioner_id,
    locationId: moved.location_id,
    patientId: row.patient_id,
    scheduleId: moved.schedule_id,
    startTime: start.toISOString(),
    status: moved.status as AppointmentStatus,
    previousStatus: row.status as AppointmentStatus,
    previous: {
      startTime: from.toISOString(),
      scheduleId: row.schedule_id,
      practitionerId: row.practitioner_id,
      organizationId: row.organization_id,
    },
    actorId: caller.principal.userId,
    at: now,
  });
  return moved;
}
