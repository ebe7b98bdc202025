import type { FeeOutcome } from '@careslot/contracts';
import { showsVisitTime } from '@careslot/domain';
import type { AppDeps } from '../../platform/deps';
import { appointmentForMessage, type AppointmentChanged } from '../appointments';
import { getOrganization } from '../organizations';
import { cancellationFeeOf } from '../payments';
import {
  sendAppointmentMessages,
  type AppointmentMessageKey,
  type MessageAppointment,
} from './appointment-messages';
import { toE164 } from './service';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'tokens'>;

/** Which practice template an appointment change sends, if any (decision 0061). */
export function messageKeyOf(
  event: Pick<AppointmentChanged, 'kind' | 'status' | 'previousStatus'>,
): AppointmentMessageKey | null {
  switch (event.kind) {
    case 'booked':
      return 'confirmation';
    case 'requested':
      return 'pending';
    case 'cancelled':
      return 'cancelled';
    case 'rescheduled':
      return 'moved';
    case 'status_changed':
      if (event.status === 'Rejected') return 'declined';
      if (event.previousStatus === 'Pending' && event.status === 'Scheduled') return 'accepted';
      if (event.status === 'Confirmed' && event.previousStatus !== 'Confirmed') return 'confirmation';
      return null;
    default:
      return null;
  }
}

/**
 * What follows an appointment change for the patient (issue 17 item 9), called by the appointment-change
 * subscriber so it can move onto durable domain events as it is: a booked visit is confirmed and a request is said
 * to be pending, by e-mail with the .ics and by SMS; a cancelled visit's message says what the practice's policy
 * makes of its fee (the payments consumer settles it).
 */
export async function handleAppointmentChange(
  deps: Deps,
  event: AppointmentChanged,
  eventId: string,
): Promise<void> {
  const kind = messageKeyOf(event);
  if (!kind) return;
  // The fee is settled by the payments consumer (decision 0082); the message says what it decides: the
  // practice's rule at the cancellation's time, the same answer however late this runs.
  let fee: { outcome: FeeOutcome; amountCents: number } | null = null;
  if (kind === 'cancelled') {
    const decided = await cancellationFeeOf(deps, {
      appointmentId: event.appointmentId,
      organizationId: event.organizationId,
      start: new Date(event.startTime),
      cancelledAt: event.at,
      // A patient (or the link acting for them) is held to the policy; the practice calling it off refunds in full.
      byPractice: event.actorId !== event.patientId,
    });
    fee = { outcome: decided.outcome, amountCents: decided.amountCents };
  }
  const read = await appointmentForMessage(deps, event.appointmentId);
  if (!read) return;
  const { appointment, patient } = read;
  const settings = await store.settingsOf(deps.database, event.patientId);
  const smsOn = settings?.sms_alerts_enabled ?? true;
  const mobile = patient.phone && smsOn ? toE164(patient.phone, 'US') : null;
  const view: MessageAppointment = {
    id: appointment.Id,
    kind,
    telehealth: appointment.AppointmentType === 'TeleHealth',
    walkIn: !showsVisitTime(appointment),
    startTime: appointment.StartTime,
    endTime: appointment.EndTime,
    timeZone: appointment.TimeZone,
    withWhom: appointment.Provider?.DisplayName ?? appointment.Facility?.Name ?? 'CareSlot',
    place: appointment.Facility
      ? [appointment.Facility.Name, ...appointment.Facility.AddressLines].join(', ')
      : null,
    organizationId: event.organizationId,
    practiceName: event.organizationId
      ? ((await getOrganization(deps.database, event.organizationId))?.Name ?? null)
      : null,
    reason: appointment.ReasonsText && appointment.ReasonsText !== 'N/A' ? appointment.ReasonsText : null,
    status: event.status,
    // The reason travels with the durable event; an event written before it did reads the appointment's.
    // A visit the practice cancels says the office's reason too (issue 30, item 18).
    declineReason:
      kind === 'declined'
        ? (event.reason ?? appointment.DeclineReason ?? null)
        : kind === 'cancelled' && event.byPractice
          ? (event.reason ?? appointment.CancelReason ?? null)
          : null,
    patient: {
      firstName: patient.firstName,
      email: patient.email,
      mobile,
      languages: patient.languages,
      preferredLanguage: settings?.preferred_language ?? null,
    },
    calendarFile: read.calendarFile,
    fee,
  };
  await sendAppointmentMessages(deps, view, eventId);
}
