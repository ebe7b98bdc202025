/** The appointments module's public face: booking and reading appointments. */
export { bookAppointment, getAppointment } from './service';
export { appointmentRoutes } from './routes';
