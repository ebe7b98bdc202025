/**
 * What the booking flow does with a booked appointment (patient-booking.md §2.1, §4.5): which popup it
 * shows and where the browser goes.
 */

export type BookingPopup = 'confirmation' | 'pending';

export interface BookedAppointmentFacts {
  Status: string;
  AppointmentType: string;
  ScheduleType: string;
  StartTime: string | null | undefined;
  Participants: readonly { Type: string }[];
}

/** Scheduled or Pending counts as success (§4.5 step 3). */
export function isBookingSuccess(status: string): boolean {
  return status === 'Scheduled' || status === 'Pending';
}

/**
 * Popup choice of §4.5: the confirmation popup for a non-Pending appointment with a patient participant and a
 * start time (office or resource, or not a telehealth walk-in); the pending popup for a Pending appointment
 * that is neither Resource nor Walk-In; none otherwise.
 */
export function bookingPopup(appointment: BookedAppointmentFacts): BookingPopup | null {
  const walkIn = appointment.ScheduleType === 'Walk-In';
  if (appointment.Status === 'Pending') {
    return appointment.AppointmentType !== 'Resource' && !walkIn ? 'pending' : null;
  }
  const hasPatient = appointment.Participants.some((p) => p.Type === 'Patient');
  const kindFits =
    appointment.AppointmentType === 'Office' ||
    appointment.AppointmentType === 'Resource' ||
    !(appointment.AppointmentType === 'TeleHealth' && walkIn);
  return hasPatient && !!appointment.StartTime && kindFits ? 'confirmation' : null;
}

/** The patient portal (the spec's {portalBase}, built in). */
export const PORTAL_BASE = '/portal';

/** {portalBase}/health/appointments/{office|telehealth}/details/{id}?showConfirmationMessage=true (§2.1). */
export function portalDetailsPath(
  appointmentId: string,
  appointmentType: string,
  showConfirmationMessage = true,
): string {
  const kind = appointmentType === 'TeleHealth' ? 'telehealth' : 'office';
  const path = `${PORTAL_BASE}/health/appointments/${kind}/details/${encodeURIComponent(appointmentId)}`;
  return showConfirmationMessage ? `${path}?showConfirmationMessage=true` : path;
}

/** 'Find other doctors' target (the patient search, issue 30 item 8), and the dashboard non-patients go to after booking (§2.1, §6). */
export const FIND_OTHER_DOCTORS_PATH = '/provider-search';
export const NON_PATIENT_DASHBOARD_PATH = '/dashboard/doctor';
