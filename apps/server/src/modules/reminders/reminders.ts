import { BOOKED_STATUSES, inStatusGroup } from '@careslot/contracts';
import type { AppDeps } from '../../platform/deps';
import type { Job } from '../../platform/jobs';
import {
  appointmentForMessage,
  findAppointment,
  onAppointmentChanged,
  type AppointmentChanged,
  upcomingVisits,
} from '../appointments';
import { getOrganization } from '../organizations';
import {
  languageOf,
  MESSAGE_TEXTS,
  portalLink,
  renderPracticeMessage,
  smsAlertsOn,
  toE164,
  visitTime,
} from '../notifications';
import { REMINDER_TEMPLATE } from './message';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'jobs' | 'events'>;

/** The job kind of one reminder of one visit. */
export const REMINDER_JOB = 'reminders.send';

export interface ReminderJobPayload {
  appointmentId: string;
  /** The visit's start the reminder is for: a moved visit's old reminders find it changed and stay silent. */
  startTime: string;
  hoursBefore: number;
}

const HOUR = 3_600_000;
const keyPrefix = (appointmentId: string) => `reminder:${appointmentId}:`;
const jobKey = (appointmentId: string, hours: number) => `${keyPrefix(appointmentId)}${hours}h`;

/**
 * The consumer of "appointment changed" (durable, at least once, in order per appointment): a booked,
 * confirmed or moved visit gets one job per reminder time of its practice's settings, due that long before
 * its start; a visit no longer booked (cancelled, requested, checked in...) or a practice with reminders off
 * has its pending reminders cancelled. Scheduling is idempotent by key, so a redelivered event changes
 * nothing. A reminder whose time had already passed when the visit was booked is not sent (the booking
 * confirmation said it all); one that fell due while the server was down is sent when it is back.
 */
export async function scheduleReminders(deps: Deps, change: AppointmentChanged): Promise<void> {
  await scheduleVisit(deps, {
    appointmentId: change.appointmentId,
    organizationId: change.organizationId,
    startTime: change.startTime,
    booked: inStatusGroup(BOOKED_STATUSES, change.status) && change.scheduleType === 'Scheduled',
    at: change.at,
  });
}

interface VisitToRemind {
  appointmentId: string;
  organizationId: string | null;
  startTime: string;
  booked: boolean;
  /** When the visit came to be as it is: reminder times before it are not sent. */
  at: Date;
}

async function scheduleVisit(deps: Deps, visit: VisitToRemind): Promise<void> {
  const prefix = keyPrefix(visit.appointmentId);
  const settings =
    visit.booked && visit.organizationId ? await store.settingsOf(deps.database, visit.organizationId) : null;
  if (!settings?.enabled || !(settings.email || settings.sms)) {
    await deps.jobs.cancel({ prefix });
    return;
  }
  const start = new Date(visit.startTime).getTime();
  const keep: string[] = [];
  for (const hours of settings.hours_before) {
    const runAt = new Date(start - hours * HOUR);
    if (runAt.getTime() <= visit.at.getTime()) continue;
    const key = jobKey(visit.appointmentId, hours);
    keep.push(key);
    const payload: ReminderJobPayload = {
      appointmentId: visit.appointmentId,
      startTime: new Date(start).toISOString(),
      hoursBefore: hours,
    };
    await deps.jobs.schedule({ kind: REMINDER_JOB, key, runAt, payload, maxAttempts: 5 });
  }
  await deps.jobs.cancel({ prefix, keep });
}

/** The job kind that brings a practice's upcoming visits in line with its settings after they changed. */
export const RESYNC_JOB = 'reminders.resync';
/** Upcoming visits brought in line per run (a practice's next months). */
const RESYNC_LIMIT = 5000;

/**
 * After a practice saved its settings: every upcoming booked visit gets the reminders the settings now ask for
 * (turned on: visits booked before get theirs; turned off: theirs are cancelled), from now on.
 */
export async function resyncPractice(deps: Deps, organizationId: string): Promise<void> {
  const now = deps.clock.now();
  for (const visit of await upcomingVisits(
    deps.database,
    organizationId,
    now,
    BOOKED_STATUSES,
    RESYNC_LIMIT,
  )) {
    await scheduleVisit(deps, {
      appointmentId: visit.id,
      organizationId,
      startTime: new Date(visit.start_at).toISOString(),
      booked: true,
      at: now,
    });
  }
}

/** The key of one reminder message: the same visit, time and reminder is sent once, whatever reruns. */
export const reminderDedupeKey = (p: ReminderJobPayload, channel: 'email' | 'sms') =>
  `reminder:${p.appointmentId}:${p.startTime}:${p.hoursBefore}h:${channel}`;

/**
 * A reminder fell due: it reads the visit again and sends nothing when it is no longer booked, has moved, or
 * its practice no longer asks for this reminder; otherwise the e-mail and the SMS (as the practice's channels
 * and the patient's SMS choice allow) go through the outbox in the patient's language.
 */
export async function sendReminder(deps: Deps, job: Job<ReminderJobPayload>): Promise<void> {
  const p = job.payload;
  const row = await findAppointment(deps.database, p.appointmentId);
  if (
    !row ||
    !inStatusGroup(BOOKED_STATUSES, row.status) ||
    new Date(row.start_at).toISOString() !== p.startTime ||
    !row.organization_id
  )
    return;
  const settings = await store.settingsOf(deps.database, row.organization_id);
  if (!settings?.enabled || !settings.hours_before.includes(p.hoursBefore)) return;
  const read = await appointmentForMessage(deps, p.appointmentId);
  if (!read) return;
  const { appointment, patient } = read;
  const language = languageOf(patient.languages);
  const telehealth = appointment.AppointmentType === 'TeleHealth';
  const { date, time } = visitTime(appointment.StartTime, appointment.TimeZone, MESSAGE_TEXTS[language]);
  // The practice's reminder template in the patient's language (its built-in text when it has none, decision
  // 0061); the practice's notification options and channels apply.
  const message = await renderPracticeMessage(deps, {
    organizationId: row.organization_id,
    workflowKey: 'reminder',
    language,
    values: {
      patientFirstName: patient.firstName,
      providerName: appointment.Provider?.DisplayName ?? appointment.Facility?.Name ?? 'CareSlot',
      practiceName: (await getOrganization(deps.database, row.organization_id))?.Name ?? null,
      appointmentDate: date,
      appointmentTime: time,
      locationAddress:
        !telehealth && appointment.Facility
          ? [appointment.Facility.Name, ...appointment.Facility.AddressLines].join(', ')
          : null,
      link: portalLink(deps.config.publicUrl.replace(/\/+$/, ''), appointment.Id, telehealth),
    },
  });
  const about = {
    template: REMINDER_TEMPLATE,
    organizationId: row.organization_id,
    workflowKey: 'reminder',
  } as const;
  if (settings.email && patient.email && message.email)
    await deps.outbox.send({
      channel: 'email',
      to: patient.email,
      subject: message.email.subject,
      body: message.email.body,
      html: message.email.html,
      ...about,
      dedupeKey: reminderDedupeKey(p, 'email'),
    });
  const mobile =
    settings.sms && message.sms && patient.phone && (await smsAlertsOn(deps.database, row.patient_id))
      ? toE164(patient.phone, 'US')
      : null;
  if (mobile && message.sms)
    await deps.outbox.send({
      channel: 'sms',
      to: mobile,
      body: message.sms.body,
      ...about,
      dedupeKey: reminderDedupeKey(p, 'sms'),
    });
}

/** Wires the module's background work: the consumer that schedules reminders and the job kind that sends them. */
export function registerReminders(deps: Deps): void {
  onAppointmentChanged(deps.events, 'reminders.schedule', (change) => scheduleReminders(deps, change));
  deps.jobs.register<ReminderJobPayload>(REMINDER_JOB, (job) => sendReminder(deps, job));
  deps.jobs.register<{ organizationId: string }>(RESYNC_JOB, (job) =>
    resyncPractice(deps, job.payload.organizationId),
  );
}
