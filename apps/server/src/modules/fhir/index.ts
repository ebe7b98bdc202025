import type { ModuleRegistration } from '../../platform/modules';
import { fhirRoutes } from './routes';

/** The FHIR R4 API (decision 0096): reads other modules only through their index.ts read functions. */
export { FHIR_BASE } from './routes';

/** Wires the module: /fhir/R4. */
export const register: ModuleRegistration = async (app) => {
  await app.register(fhirRoutes);
};
