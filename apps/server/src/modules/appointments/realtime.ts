import { authorizeRoomJoin, callersPractice, type Resource } from '../../platform/access';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { RoomRequest } from '../../platform/realtime';
import type { RequestContext } from '../../platform/context';
import { listPractitionerRoles } from '../people';
import * as rooms from './realtime-store';

type Deps = Pick<AppDeps, 'database' | 'realtime'>;

/** A visit as the room rules see it: the appointment's id, patient and practice (ids only). */
export interface VisitParties {
  appointmentId: string;
  patientId: string;
  organizationId: string | null;
}

const asParties = (row: rooms.RoomAppointment | null): VisitParties | null =>
  row ? { appointmentId: row.id, patientId: row.patient_id, organizationId: row.organization_id } : null;

/** The visit a telehealth meeting belongs to (the telehealth module's meeting rooms read it here). */
export async function visitOfMeeting(db: Connection, meetingId: string): Promise<VisitParties | null> {
  return asParties(await rooms.appointmentByMeeting(db, meetingId));
}

/** Gives a video visit its meeting id once; answers the meeting id it has (telehealth creates the visit). */
export async function assignMeetingId(
  db: Connection,
  appointmentId: string,
  meetingId: string,
): Promise<string | null> {
  return rooms.assignMeeting(db, appointmentId, meetingId);
}

/** The appointment as the policy's resource (practice-owned: only its practice, its patient and their holder). */
export function appointmentResource(visit: VisitParties, detail?: Record<string, unknown>): Resource {
  return {
    kind: 'appointment',
    id: visit.appointmentId,
    patientId: visit.patientId,
    organizationId: visit.organizationId,
    ...(detail ? { detail } : {}),
  };
}

/**
 * May this caller follow the appointment (docs/decisions/0029, 0083)? The access policy decides as for reading
 * it: its patient or the account holder of a family member who is the patient, a user of the appointment's own
 * practice (never another's, never a patient because their token carries a PracticeId); support is refused,
 * a socket states no purpose. On the check-in hub a practice user needs the check-in summary switched on for
 * one of their roles, as its HTTP calls do. Every join is audited.
 */
async function mayFollowAppointment(
  deps: Deps,
  context: RequestContext,
  id: string,
  request: RoomRequest,
): Promise<boolean> {
  const visit = asParties(await rooms.appointmentById(deps.database, id));
  return authorizeRoomJoin(context, {
    room: request.room,
    hub: request.hub,
    entityType: 'Appointment',
    resource: visit ? appointmentResource(visit) : null,
    ...(request.hub === 'digital-check-in' ? { feature: 'checkInSummary' as const } : {}),
  });
}

/** Registers the appointment room rule and whose presence a caller may see (meetings: the telehealth module). */
export function registerAppointmentRooms(deps: Deps): void {
  deps.realtime.registerRooms(
    ['appointments', 'practice-notifications', 'digital-check-in'],
    'appointment',
    (context, id, request) => mayFollowAppointment(deps, context, id, request),
  );
  deps.realtime.registerPresence(async (context, userIds) => {
    const practice = callersPractice(context);
    if (practice) {
      // Colleagues of the practice, and patients with an appointment there.
      const colleagues = (await listPractitionerRoles(deps.database, { OrganizationId: practice }))
        .map((role) => role.PractitionerId)
        .filter((id) => userIds.includes(id));
      return [...colleagues, ...(await rooms.patientsSeenBy(deps.database, practice, userIds))];
    }
    if (context.patientId) return rooms.providersOf(deps.database, context.patientId, userIds);
    return [];
  });
}
