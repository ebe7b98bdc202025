import type { ModuleRegistration } from '../../platform/modules';
import { clinicalRoutes } from './routes';
export { sealStoredSecrets } from './service';

/**
 * The clinical module's public face: the clinical record (FHIR R4 resources per patient, decision 0095) and the
 * SMART Health Card issuer. The FHIR API reads it through these functions, which apply the access policy.
 */
export {
  everythingOf,
  immunizationsForCard,
  readEntry,
  searchForFhir,
  toFhir,
  type FhirSearch,
} from './service';

/** Wires the module: the chart's calls. */
export const register: ModuleRegistration = async (app) => {
  await app.register(clinicalRoutes);
};
