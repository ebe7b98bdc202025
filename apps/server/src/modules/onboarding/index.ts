import type { ModuleRegistration } from '../../platform/modules';
import { onboardingRoutes } from './routes';
/** The onboarding module's public face: the super user's one-call practice onboarding. */
export { ONBOARDING_WORKFLOW } from './service';

/** Wires the module: a new practice from nothing to bookable in one call (super users). */
export const register: ModuleRegistration = async (app) => {
  await app.register(onboardingRoutes);
};
