import type { ModuleRegistration } from '../../platform/modules';
import { registerAppointmentsHub } from './events';
import { registerAppointmentRooms } from './realtime';
import { appointmentRoutes } from './routes';
/**
 * The appointments module's public face: the appointment record (rows, reading, the practice's and the
 * portal's views), its status machine, and the one place a change is announced (realtime and the domain event
 * "appointment changed" other modules subscribe to: notifications, dashboards, queues). Booking writes new
 * records and moves through these functions inside its own transaction (modules/booking).
 */
export { getAppointment, mayRead, toAppointment } from './service';
/** The FHIR API's search (decision 0096): the caller's appointments under the access policy, audited. */
export { searchAppointmentsForFhir } from './fhir-reads';
export { changeAppointmentStatus, type AppointmentFamily } from './status';
export {
  APPOINTMENT_CHANGED,
  kindOf,
  onAppointmentChanged,
  recordAppointmentChange,
  type AppointmentChanged,
  type AppointmentChangeKind,
} from './events';
export { callNextWalkIn, providerZone, toPracticeAppointments, UNKNOWN_PATIENT } from './practice';
export { appointmentsOfAuthorizedPatient, ownAppointment as patientOwnAppointment } from './portal';
export {
  appointmentByIdempotencyKey,
  findAppointment,
  insertAppointment,
  moveAppointment,
  uniqueViolation,
} from './record';
export type { AppointmentRow, NewAppointment, PracticeRow } from './store';
export { appointmentForMessage, type AppointmentForMessage } from './message-view';
/** Read functions for other modules' questions about appointments (they never read the table themselves). */
export { bookedElsewhereAt, patientsOfVisits, upcomingVisits, type UpcomingVisit } from './reads';
export * as practiceDayReads from './practice-day-reads';
export {
  actOnAppointmentFromLink,
  appointmentFromSurveyLink,
  type SurveyLinkAppointment,
} from './link-actions';
export { appointmentResource, assignMeetingId, visitOfMeeting, type VisitParties } from './realtime';
export { PORTAL_WEB } from './portal-routes';

/** Wires the module: the record's routes (practice and portal), its room rules and the appointments hub. */
export const register: ModuleRegistration = async (app, deps) => {
  // Who may follow an appointment (meeting rooms are telehealth's), and the hub's consumer of its changes.
  registerAppointmentRooms(deps);
  registerAppointmentsHub(deps);
  await app.register(appointmentRoutes);
};
