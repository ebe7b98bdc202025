import type { ModuleRegistration } from '../../platform/modules';
import { registerReminders } from './reminders';
import { reminderRoutes } from './routes';
/** The reminders module's public face: practice reminder settings and the reminders of booked visits. */
export { REMINDER_TEMPLATE } from './message';
export { REMINDER_JOB } from './reminders';

/** Wires the module: the practice's reminder settings, and reminders scheduled as durable jobs. */
export const register: ModuleRegistration = async (app, deps) => {
  // The consumer that schedules booked visits' reminders and the job kinds that send them.
  registerReminders(deps);
  await app.register(reminderRoutes);
};
