import type { ModuleRegistration } from '../../platform/modules';
import { registerCheckInHub, registerCheckInJobs, subscribeCheckInSchedule } from './messages';
import { checkInRoutes } from './routes';
/**
 * The check-in module's public face (decision 0094): a visit's check-in link, the patient's check-in (details,
 * insurance with card pictures, the visit's forms and consents) and the practice's view of it.
 */
export { CHECKIN_EVENT, type CheckInChanged } from './service';

/** Wires the module: the link's timer, the hubs' consumer of check-in changes, the routes. */
export const register: ModuleRegistration = async (app, deps) => {
  registerCheckInJobs(deps);
  subscribeCheckInSchedule(deps);
  registerCheckInHub(deps);
  await app.register(checkInRoutes);
};
