/** The appointments module's public face: booking and reading appointments, and the practice's day. */
export { bookAppointment, getAppointment } from './service';
export { appointmentRoutes } from './routes';
export { practiceDayRoutes } from './practice-routes';
