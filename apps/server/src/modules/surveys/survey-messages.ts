import { SURVEY_LINK_DAYS } from '@careslot/contracts';
import type { AppDeps } from '../../platform/deps';
import { appointmentForMessage, type AppointmentChanged } from '../appointments';
import { getOrganization } from '../organizations';
import {
  languageOf,
  MESSAGE_TEXTS,
  renderPracticeMessage,
  smsAlertsOn,
  toE164,
  visitTime,
} from '../notifications';
import { surveyMessageLink } from './patient-survey';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'tokens'>;

export const SURVEY_TEMPLATE = 'appointment-survey';
const DAY = 86_400_000;

/** The key of one survey message: a visit's survey is sent once per channel, whatever reruns. */
export const surveyDedupeKey = (appointmentId: string, channel: 'email' | 'sms') =>
  `survey:${appointmentId}:${channel}`;

/**
 * After the visit (it became Checked-Out), when the practice has an active survey: the practice's `survey`
 * template (decision 0061) in the patient's language, by e-mail and SMS, with the signed survey link
 * (appointments/{id}/start-survey?exp=&sig=, decision 0074), good for SURVEY_LINK_DAYS days.
 */
export async function sendSurveyMessage(deps: Deps, change: AppointmentChanged): Promise<void> {
  if (change.status !== 'Checked-Out' || change.previousStatus === 'Checked-Out' || !change.organizationId)
    return;
  const survey = await store.activeSurveyOf(deps.database, change.organizationId);
  if (!survey || (await store.responseExists(deps.database, change.appointmentId))) return;
  const read = await appointmentForMessage(deps, change.appointmentId);
  if (!read) return;
  const { appointment, patient } = read;
  const language = languageOf(patient.languages);
  const { date, time } = visitTime(appointment.StartTime, appointment.TimeZone, MESSAGE_TEXTS[language]);
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  const message = await renderPracticeMessage(deps, {
    organizationId: change.organizationId,
    workflowKey: 'survey',
    language,
    values: {
      patientFirstName: patient.firstName,
      providerName: appointment.Provider?.DisplayName ?? appointment.Facility?.Name ?? 'CareSlot',
      practiceName: (await getOrganization(deps.database, change.organizationId))?.Name ?? null,
      appointmentDate: date,
      appointmentTime: time,
      locationAddress: null,
      link: surveyMessageLink(
        deps,
        origin,
        appointment.Id,
        new Date(deps.clock.now().getTime() + SURVEY_LINK_DAYS * DAY),
      ),
    },
  });
  const about = {
    template: SURVEY_TEMPLATE,
    organizationId: change.organizationId,
    workflowKey: 'survey',
  } as const;
  if (patient.email && message.email)
    await deps.outbox.send({
      channel: 'email',
      to: patient.email,
      subject: message.email.subject,
      body: message.email.body,
      html: message.email.html,
      ...about,
      dedupeKey: surveyDedupeKey(appointment.Id, 'email'),
    });
  const mobile =
    message.sms && patient.phone && (await smsAlertsOn(deps.database, read.appointment.Patient.Id))
      ? toE164(patient.phone, 'US')
      : null;
  if (mobile && message.sms)
    await deps.outbox.send({
      channel: 'sms',
      to: mobile,
      body: message.sms.body,
      ...about,
      dedupeKey: surveyDedupeKey(appointment.Id, 'sms'),
    });
}
