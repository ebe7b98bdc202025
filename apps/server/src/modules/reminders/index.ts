/** The reminders module's public face: practice reminder settings and the reminders of booked visits. */
export { reminderRoutes } from './routes';
export { reminderMessage, REMINDER_TEMPLATE, type ReminderView, type ReminderMessage } from './message';
export { REMINDER_JOB } from './reminders';
