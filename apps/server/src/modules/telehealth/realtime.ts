import { authorizeRoomJoin } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { appointmentResource, visitOfMeeting } from '../appointments';

type Deps = Pick<AppDeps, 'database' | 'realtime'>;

/**
 * A video visit's meeting rooms (`meeting:<meetingId>` on the meetings and meeting-attendees hubs), owned by the
 * telehealth module (decision 0083). Only the visit's participants may join: the appointment's patient or the
 * account holder who manages them, and users of the practice that owns the appointment. Support is refused
 * even with a purpose (a socket states none, and watching a visit is not support's business); guests are
 * refused until meeting invitations exist. Every join, allowed or not, writes one audit row through the policy.
 */
export function registerMeetingRooms(deps: Deps): void {
  deps.realtime.registerRooms(
    ['meetings', 'meeting-attendees'],
    'meeting',
    async (context, meetingId, request) => {
      const visit = await visitOfMeeting(deps.database, meetingId);
      return authorizeRoomJoin(context, {
        room: request.room,
        hub: request.hub,
        entityType: 'TelehealthMeeting',
        resource: visit ? appointmentResource(visit, { meetingId }) : null,
        permits: (relation) => relation !== 'support',
      });
    },
  );
}
