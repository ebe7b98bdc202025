import { publisherFor } from '../../platform/realtime';
import type { AppDeps } from '../../platform/deps';
import { APPOINTMENT_CHANGED, type AppointmentChanged } from '../appointments';
import { CHECKIN_EVENT, sendLink, type CheckInChanged } from './service';
import * as store from './store';

/**
 * When check-in links go out, and how the Check-In Summary hears of check-ins (decision 0094). A booked visit
 * gets a durable job at the practice's hour before it (or at once when that is past); a called-off visit's job
 * is cancelled. A check-in's change is sent on the appointments and digital-check-in hubs to the practice's
 * room and the appointment's (ids only).
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'jobs' | 'events' | 'realtime'>;

export const CHECKIN_SEND_JOB = 'checkin.send-link';
const jobKey = (appointmentId: string) => `checkin:${appointmentId}`;
const OFF = ['Canceled', 'Cancelled', 'No-Show', 'Failed', 'Checked-Out', 'Ended'];

export function registerCheckInJobs(deps: Deps): void {
  deps.jobs.register<{ appointmentId: string }>(CHECKIN_SEND_JOB, async (job) => {
    const session = await store.sessionByAppointment(deps.database, job.payload.appointmentId);
    // A link staff already sent (or a finished check-in) is not sent again by the timer.
    if (session && (session.sends > 0 || session.status === 'completed')) return;
    await sendLink(deps, job.payload.appointmentId);
  });
}

/** Schedules (or cancels) a visit's link when it is booked, moved or called off. */
export function subscribeCheckInSchedule(deps: Deps): void {
  deps.events.subscribe<AppointmentChanged & { at: string }>(
    'checkin.schedule',
    [APPOINTMENT_CHANGED],
    async (event) => {
      const change = event.payload;
      if (!change.organizationId) return;
      if (OFF.includes(change.status)) {
        await deps.jobs.cancel({ key: jobKey(change.appointmentId) });
        return;
      }
      if (change.previousStatus !== null && change.startTime === change.previous?.startTime) return;
      const settings = await store.settingsOf(deps.database, change.organizationId);
      if (!settings.enabled || !change.startTime) return;
      const at = new Date(new Date(change.startTime).getTime() - settings.send_hours_before * 3_600_000);
      const now = deps.clock.now();
      await deps.jobs.schedule({
        kind: CHECKIN_SEND_JOB,
        key: jobKey(change.appointmentId),
        runAt: at.getTime() > now.getTime() ? at : now,
        payload: { appointmentId: change.appointmentId },
      });
    },
  );
}

/** The hubs' consumer: CustomFormResponseAdded and CheckInEnabled (§4.8) to the practice and the visit. */
export function registerCheckInHub(deps: Deps): void {
  deps.events.subscribe<CheckInChanged>(
    'checkin.hub',
    [CHECKIN_EVENT],
    async (event) => {
      const realtime = publisherFor(deps.realtime, event.id);
      const change = event.payload;
      const data = { AppointmentId: change.appointmentId };
      for (const hub of ['appointments', 'digital-check-in'] as const)
        realtime.publish({
          hub,
          event: change.realtime,
          rooms: [`org:${change.organizationId}`, `appointment:${change.appointmentId}`],
          data,
          version: event.version,
        });
    },
    { hub: true },
  );
}
