import type { ModuleRegistration } from '../../platform/modules';
import { bookingRoutes } from './routes';
/**
 * The booking module's public face: the one booking transaction (the patient's booking and the practice's
 * booking on behalf) and moving a booked visit to another slot. It owns no table: it writes the appointments
 * module's record (modules/appointments/index.ts) and takes the slot's place (modules/scheduling) inside its
 * own transaction.
 */
export { bookAppointment, bookOnBehalf } from './service';
export { moveBookedAppointment } from './reschedule';
export { APPOINTMENT_PUBLISHED } from './publish';
/** The publication row as the publications module's delivery reads and updates it. */
export { markPublicationDelivered, publicationForDelivery, recordPublicationFailure } from './publish';

/** Wires the module: the patient's and the practice's bookings and moves of booked visits. */
export const register: ModuleRegistration = async (app) => {
  await app.register(bookingRoutes);
};
