import type { ModuleRegistration } from '../../platform/modules';
import { historyPreferenceRoutes } from './history-preferences-routes';
import { catalogRoutes } from './routes';
/** The catalog module's public face: other modules use these, never its tables or store. */
export {
  codes as listCatalogCodes,
  conditions as listConditions,
  existingSpecialtyIds,
  insurancePlansByIds,
  insurances as listInsurances,
  specialties as listSpecialties,
  specialtiesByDisplay,
  specialtiesByIds,
  states as listStates,
  zipCode as getZipCode,
  zipCodesByPrefix,
  type PlanRef,
} from './service';
export { CODE_KINDS, type CodeKind } from './tables';
export { resolveSearchTerms, searchRowNames, type SearchTerms } from './search-terms';

/** Wires the module: its routes (it has no consumers, jobs or rooms); history preferences are the practices'. */
export const register: ModuleRegistration = async (app) => {
  await app.register(catalogRoutes);
  await app.register(historyPreferenceRoutes);
};
