import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { registerMeetingRooms } from './realtime';

/**
 * The telehealth module (design.md §2: visits, devices, chat, ratings). Today it owns the video visits' meeting
 * rooms; the visit itself, invitations and chat land here with the video issue.
 */
export async function register(_app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Who may join a visit's meeting rooms (its participants only).
  registerMeetingRooms(deps);
}
