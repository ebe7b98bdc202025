import type { PortalAppointment } from '@careslot/contracts';
import type { AppDeps } from '../../platform/deps';
import { getPatientById } from '../patients';
import { calendarFileOf, toPortal } from './portal';
import * as store from './store';

/** An appointment as the patient's messages tell it: the portal's view, its calendar file and where to write. */
export interface AppointmentForMessage {
  appointment: PortalAppointment;
  calendarFile: string;
  patient: { firstName: string; email: string | null; phone: string | null; languages: string[] };
}

/**
 * Read for the messages that follow an appointment change (no caller: the subscriber of "appointment changed"
 * reads it for the patient it writes to). Null when the appointment is gone.
 */
export async function appointmentForMessage(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  id: string,
): Promise<AppointmentForMessage | null> {
  const row = await store.appointment(deps.database, id);
  if (!row) return null;
  const now = deps.clock.now();
  const [appointment, patient] = await Promise.all([
    toPortal(deps, row, now),
    getPatientById(deps.database, row.patient_id),
  ]);
  const telecom = patient?.Telecom ?? [];
  const mobile = telecom.find((t) => t.System === 'Mobile') ?? telecom.find((t) => t.System === 'Phone');
  return {
    appointment,
    calendarFile: calendarFileOf(appointment, deps.config.publicUrl.replace(/\/+$/, ''), now),
    patient: {
      firstName: appointment.Patient.FirstName,
      email: telecom.find((t) => t.System === 'Email')?.Value ?? null,
      phone: mobile?.Value ?? null,
      languages: patient?.Communication ?? [],
    },
  };
}
