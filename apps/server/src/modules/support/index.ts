import type { ModuleRegistration } from '../../platform/modules';
import { supportRoutes } from './routes';
/** The support module's public face: a support agent's overview of one patient. */
export { SUPPORT_WORKFLOW } from './service';

/** Wires the module: a support agent's overview of one patient, with a stated purpose. */
export const register: ModuleRegistration = async (app) => {
  await app.register(supportRoutes);
};
