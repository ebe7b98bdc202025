import type { ModuleRegistration } from '../../platform/modules';
import { reputationRoutes } from './routes';
export { sealStoredSecrets } from './service';
/** The reputation module's public face (decision 0058). */

/** Wires the module: reputation settings and the sign-on form (decision 0058). */
export const register: ModuleRegistration = async (app) => {
  await app.register(reputationRoutes);
};
