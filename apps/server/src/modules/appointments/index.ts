/**
 * The appointments module's public face: booking and reading appointments, the practice's status actions,
 * and the domain event "appointment changed" other modules subscribe to (notifications, dashboards, queues).
 */
export { bookAppointment, getAppointment } from './service';
export { changeAppointmentStatus, type AppointmentFamily } from './status';
export { onAppointmentChanged, type AppointmentChanged, type AppointmentChangeKind, type AppointmentChangedListener } from './events';
export { appointmentRoutes } from './routes';
