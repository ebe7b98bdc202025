import type { FeeOutcome } from '@careslot/contracts';
import { systemContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { appointmentForMessage, type AppointmentChanged } from '../appointments';
import { patientRelations } from '../directory';
import { settleFeeOnCancellation } from '../payments';
import { sendAppointmentMessages, type MessageAppointment } from './appointment-messages';
import { toE164 } from './service';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'outbox' | 'tokens'>;


/**
 * What follows an appointment change for the patient (issue 17 item 9), called by the appointment-change
 * subscriber so it can move onto durable domain events as it is: a booked visit is confirmed and a request is said
 * to be pending, by e-mail with the .ics and by SMS; a cancelled visit's fee is settled by the practice's policy
 * (payments) and the patient is told what became of it.
 */
export async function handleAppointmentChange(deps: Deps, event: AppointmentChanged, eventId: string): Promise<void> {
  const kind = event.kind === 'booked' || event.kind === 'requested' || event.kind === 'cancelled' ? event.kind : null;
  if (!kind) return;
  let fee: { outcome: FeeOutcome; amountCents: number } | null = null;
  if (kind === 'cancelled')
    fee = await settleFeeOnCancellation(deps, {
      appointmentId: event.appointmentId,
      organizationId: event.organizationId,
      start: new Date(event.startTime),
      // A patient (or the link acting for them) is held to the policy; the practice calling it off refunds in full.
      byPractice: event.actorId !== event.patientId,
      // The system acting after an appointment change (the audit row of the fee's refund).
      context: systemContext({ database: deps.database, relations: patientRelations }, 'appointment-messages'),
    });
  const read = await appointmentForMessage(deps, event.appointmentId);
  if (!read) return;
  const { appointment, patient } = read;
  const smsOn = (await store.settingsOf(deps.database, event.patientId))?.sms_alerts_enabled ?? true;
  const mobile = patient.phone && smsOn ? toE164(patient.phone, 'US') : null;
  const view: MessageAppointment = {
    id: appointment.Id,
    kind,
    telehealth: appointment.AppointmentType === 'TeleHealth',
    startTime: appointment.StartTime,
    endTime: appointment.EndTime,
    timeZone: appointment.TimeZone,
    withWhom: appointment.Provider?.DisplayName ?? appointment.Facility?.Name ?? 'CareSlot',
    place: appointment.Facility ? [appointment.Facility.Name, ...appointment.Facility.AddressLines].join(', ') : null,
    patient: { firstName: patient.firstName, email: patient.email, mobile, languages: patient.languages },
    calendarFile: read.calendarFile,
    fee,
  };
  await sendAppointmentMessages(deps, view, eventId);
}
