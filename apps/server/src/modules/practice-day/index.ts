import type { ModuleRegistration } from '../../platform/modules';
import { practiceDayRoutes } from './routes';
/**
 * The practice-day module's public face: the read model of the practice's day (calendar search, check-in list,
 * walk-in queue, hotlist, blocked time, calendar context) over the appointments module's record.
 */
export { dayWindow } from './service';

/** Wires the module: calendar search, check-in list, walk-in queue, hotlist (read queries). */
export const register: ModuleRegistration = async (app) => {
  await app.register(practiceDayRoutes);
};
