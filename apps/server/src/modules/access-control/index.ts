import type { ModuleRegistration } from '../../platform/modules';
import { accessControlRoutes } from './routes';
import { subscribeFeatureCache } from './service';
/** The access-control module's public face (decision 0059). */
export { featureAccess, ACCESS_CONFIGURATION_CHANGED, type AccessConfigurationChanged } from './service';

/** Wires the module: its routes and the consumer that forgets a practice's cached switches when they change. */
export const register: ModuleRegistration = async (app, deps) => {
  subscribeFeatureCache(deps);
  await app.register(accessControlRoutes);
};
