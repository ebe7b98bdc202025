/** The reminders module's public face: practice reminder settings and the reminders of booked visits. */
export { reminderRoutes } from './routes';
export { REMINDER_TEMPLATE } from './message';
export { REMINDER_JOB } from './reminders';
