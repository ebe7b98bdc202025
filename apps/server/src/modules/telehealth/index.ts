import type { ModuleRegistration } from '../../platform/modules';
import { registerMeetingRooms } from './realtime';

/**
 * The telehealth module (design.md §2: visits, devices, chat, ratings). Today it owns the video visits' meeting
 * rooms; the visit itself, invitations and chat land here with the video issue.
 */
export const register: ModuleRegistration = async (_app, deps) => {
  // Who may join a visit's meeting rooms (its participants only).
  registerMeetingRooms(deps);
};
