import { canSeePatient } from '../../platform/access';
import { isSignedInUser, type Principal } from '../../platform/auth';
import { contextFor } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { isPracticeUser } from '../../platform/realtime';
import { listPractitionerRoles } from '../people';
import { patientRelations } from '../patients';
import * as rooms from './realtime-store';

type Deps = Pick<AppDeps, 'database' | 'realtime'>;

/**
 * A meeting's guests (telehealth invitations) are not modelled yet: until they are, no guest is invited to
 * any meeting. The telehealth module replaces this check when it registers invitations.
 */
export type MeetingInvitationCheck = (principal: Principal, meetingId: string) => Promise<boolean>;
const noInvitations: MeetingInvitationCheck = async () => false;

/**
 * May this caller follow the appointment (docs/decisions/0029-realtime-room-rules.md)? Its patient, or the
 * account holder of a family member who is the patient; a practice user of the appointment's own practice.
 * Never a guest, and never a patient because their token carries a PracticeId.
 */
async function mayFollowAppointment(
  deps: Deps,
  principal: Principal,
  appointment: rooms.RoomAppointment | null,
): Promise<boolean> {
  if (!appointment || !isSignedInUser(principal)) return false;
  if (isPracticeUser(principal)) return appointment.organization_id === principal.organizationId;
  if (!principal.roles.includes('patient') || !principal.userId) return false;
  if (appointment.patient_id === principal.userId) return true;
  // Self or a family member only (the access policy, decision 0026): the practice part of the patient rule
  // does not apply to a patient's token, and a socket states no support purpose.
  const context = contextFor(
    { ...principal, organizationId: null, roles: ['patient'] },
    {},
    { database: deps.database, relations: patientRelations },
  );
  return canSeePatient(context, appointment.patient_id);
}

/** Registers the appointment and meeting room rules and whose presence a caller may see. */
export function registerAppointmentRooms(deps: Deps, invited: MeetingInvitationCheck = noInvitations): void {
  deps.realtime.registerRooms(
    ['appointments', 'practice-notifications', 'digital-check-in'],
    'appointment',
    async (principal, id) =>
      mayFollowAppointment(deps, principal, await rooms.appointmentById(deps.database, id)),
  );
  deps.realtime.registerRooms(['meetings', 'meeting-attendees'], 'meeting', async (principal, meetingId) => {
    if (principal.isGuest) return invited(principal, meetingId);
    return mayFollowAppointment(deps, principal, await rooms.appointmentByMeeting(deps.database, meetingId));
  });
  deps.realtime.registerPresence(async (principal, userIds) => {
    if (isPracticeUser(principal)) {
      // Colleagues of the practice, and patients with an appointment there.
      const colleagues = (
        await listPractitionerRoles(deps.database, { OrganizationId: principal.organizationId })
      )
        .map((role) => role.PractitionerId)
        .filter((id) => userIds.includes(id));
      return [
        ...colleagues,
        ...(await rooms.patientsSeenBy(deps.database, principal.organizationId, userIds)),
      ];
    }
    if (principal.roles.includes('patient') && principal.userId)
      return rooms.providersOf(deps.database, principal.userId, userIds);
    return [];
  });
}
