import type { ModuleRegistration } from '../../platform/modules';
import { marketingRoutes } from './routes';
/** The marketing module's public face: the landing page's demo requests. */
export { listDemoRequests, submitDemoRequest } from './service';

/** Wires the module: the landing page's demo requests. */
export const register: ModuleRegistration = async (app) => {
  await app.register(marketingRoutes);
};
