import {
  CALENDAR_WORKFLOW,
  type AppointmentPatient,
  type AppointmentStatus,
  type PracticeAppointment,
} from '@careslot/contracts';
import { reasonsText } from '@careslot/domain';
import { authorize, notFoundAudited, practiceOfCaller } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { getHealthcareService, getOrganization } from '../organizations';
import { listPractitionerRoles } from '../people';
import { patientCardsByIds } from '../patients';
import { searchScheduleDetails } from '../scheduling';
import { kindOf, recordAppointmentChange, recordParticipantAdded } from './events';
import * as store from './store';

/**
 * The record's practice side: how the practice's views show an appointment, and the record changes the
 * practice's day makes (a participant joins, the next walk-in is called).
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime' | 'events'>;

export const UNKNOWN_PATIENT: Omit<AppointmentPatient, 'Id'> = {
  FirstName: '',
  LastName: '',
  BirthDate: null,
  Gender: null,
};

/**
 * The zone a provider's day is counted in (the dashboard's counts, the walk-in queue, the day's visits): their
 * first schedule's facility at the practice, else the practice's.
 */
export async function providerZone(
  deps: Pick<Deps, 'database' | 'clock' | 'realtime' | 'events'>,
  organizationId: string,
  providerId: string,
): Promise<string> {
  const schedules = await searchScheduleDetails(
    deps,
    { PractitionerId: providerId, OrganizationId: organizationId },
    deps.clock.now(),
  );
  const own = schedules.find((s) => s.OrganizationId === organizationId);
  if (own) return own.TimeZone;
  return (await getOrganization(deps.database, organizationId))?.TimeZone ?? 'America/New_York';
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** Appointment rows as the practice's calendar, lists and queue show them, with the patients' cards. */
export async function toPracticeAppointments(
  deps: Pick<Deps, 'database'>,
  rows: store.PracticeRow[],
): Promise<PracticeAppointment[]> {
  const cards = await patientCardsByIds(
    deps.database,
    rows.map((r) => r.patient_id),
  );
  return rows.map((row) => {
    const participants = (
      row.participants as {
        Type: PracticeAppointment['Participants'][number]['Type'];
        ParticipantId: string;
      }[]
    ).map((p) => ({
      Type: p.Type,
      ParticipantId: p.ParticipantId,
    }));
    const reasons = row.reasons as { Name: string }[];
    return {
      Id: row.id,
      CalendarId: row.schedule_id,
      StartTime: iso(row.start_at),
      EndTime: iso(row.end_at),
      Status: row.status as AppointmentStatus,
      AppointmentType: row.appointment_type,
      ScheduleType: row.schedule_type,
      ProviderId: row.practitioner_id,
      ResourceId: participants.find((p) => p.Type === 'HealthCareService')?.ParticipantId ?? null,
      LocationId: row.location_id,
      Patient: cards.get(row.patient_id) ?? { Id: row.patient_id, ...UNKNOWN_PATIENT },
      ReasonsText: reasonsText(reasons),
      Participants: participants,
      Workflow:
        ((row.audit_trail as { WorkflowOrServiceName?: string }).WorkflowOrServiceName ?? null) || null,
      CreatedOn: iso(row.created_at),
      UpdatedOn: iso(row.updated_at),
    };
  });
}

/**
 * Calls the first waiting walk-in of the provider's day (the window the practice day computed): it becomes
 * In Progress, and everyone watching hears it. A queue with nobody waiting is a 409.
 */
export async function callNextWalkIn(
  deps: Deps,
  context: RequestContext,
  day: { providerId: string; organizationId: string; from: Date; to: Date },
): Promise<void> {
  const called = await deps.database.transaction(async (tx) => {
    const row = await store.callNextWalkIn(tx, {
      practitionerId: day.providerId,
      organizationId: day.organizationId,
      from: day.from,
      to: day.to,
      now: deps.clock.now(),
    });
    if (!row) return null;
    // The queue is the practice's own: its next walk-in is its own appointment (organization in the query).
    await authorize(onConnection(context, tx), 'update', {
      kind: 'appointment',
      id: row.id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow: 'Doctor_Appointment_Web',
      detail: { from: row.previous_status, to: row.status },
    });
    const previous = row.previous_status as AppointmentStatus;
    await recordAppointmentChange(tx, {
      kind: kindOf(previous, 'In Progress'),
      appointmentId: row.id,
      organizationId: row.organization_id,
      practitionerId: row.practitioner_id,
      locationId: row.location_id,
      patientId: row.patient_id,
      scheduleId: row.schedule_id,
      startTime: iso(row.start_at),
      scheduleType: row.schedule_type,
      status: 'In Progress',
      previousStatus: previous,
      actorId: context.userId,
      at: new Date(row.called_at ?? deps.clock.now()),
    });
    return row;
  });
  if (!called) throw conflict('No patient is waiting in the queue.');
  await deps.events.flush();
}

/** POST api/v1/appointmentparticipants/{id}: a practitioner or staff member of the practice, or one of its resources, joins a visit. */
export async function addParticipant(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  participant: { Type: 'Practitioner' | 'Staff' | 'HealthCareService'; ParticipantId: string },
) {
  const organizationId = practiceOfCaller(context);
  const row = await store.practiceAppointment(deps.database, organizationId, appointmentId);
  if (!row)
    return notFoundAudited(context, 'update', 'appointment', appointmentId, { workflow: CALENDAR_WORKFLOW });
  await authorize(context, 'update', {
    kind: 'appointment',
    id: row.id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
    workflow: CALENDAR_WORKFLOW,
    detail: { participant },
  });
  if (participant.Type === 'HealthCareService') {
    const service = await getHealthcareService(deps.database, participant.ParticipantId);
    if (service?.OrganizationId !== organizationId)
      throw fieldError('ParticipantId', 'practice_member', 'must be a resource of this practice');
  } else {
    const roles = await listPractitionerRoles(deps.database, {
      PractitionerId: participant.ParticipantId,
      OrganizationId: organizationId,
    });
    if (!roles.some((r) => r.Active))
      throw fieldError(
        'ParticipantId',
        'practice_member',
        'must be a practitioner or staff member of this practice',
      );
  }
  const already = (row.participants as { Type: string; ParticipantId: string }[]).some(
    (p) => p.Type === participant.Type && p.ParticipantId === participant.ParticipantId,
  );
  const updated = already
    ? row
    : await deps.database.transaction(async (tx) => {
        const added = await store.addParticipant(tx, {
          id: row.id,
          organizationId,
          participant,
          now: deps.clock.now(),
        });
        if (added) await recordParticipantAdded(tx, added);
        return added;
      });
  if (!updated) throw notFound();
  if (!already) await deps.events.flush();
  return (await toPracticeAppointments(deps, [updated]))[0]!;
}
