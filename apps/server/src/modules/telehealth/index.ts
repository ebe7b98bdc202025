import type { ModuleRegistration } from '../../platform/modules';
import type { AppDeps } from '../../platform/deps';
import { registerMeetingRooms, registerSignalling, registerTelehealthHub } from './realtime';
import { telehealthRoutes } from './routes';
import { expireIdleVisit, VISIT_EXPIRY_JOB } from './service';

/** The expiry of a visit nobody is active in (a durable job per visit, rescheduled while it is active). */
export function registerVisitExpiry(deps: AppDeps): void {
  deps.jobs.register<{ meetingId: string }>(VISIT_EXPIRY_JOB, (job) =>
    expireIdleVisit(deps, job.payload.meetingId),
  );
}

/**
 * The telehealth module (design.md §2; decision 0091): video visits, their meeting rooms and WebRTC signalling,
 * readiness checks, invitations of guests, chat, ratings, summary notes and the meeting's activities.
 */
export const register: ModuleRegistration = async (app, deps) => {
  // Who may join a visit's meeting rooms (its participants only), and the signalling between them.
  registerMeetingRooms(deps);
  registerSignalling(deps);
  registerTelehealthHub(deps);
  registerVisitExpiry(deps);
  await app.register(telehealthRoutes);
};
