import type { ModuleRegistration } from '../../platform/modules';
import { peopleRoutes } from './people-routes';
import { practiceDirectoryRoutes } from './practice-directory-routes';
import { practitionerRoutes } from './practitioner-routes';

/**
 * The people module's public face: practitioners, their roles at practices, and practice users (providers and
 * staff added, edited, invited). Other modules use these, never its tables or store.
 */
export {
  addPractitionerIdentifier,
  findPractitionerByEmail,
  findPractitionerByIdentifier,
  getPractitioner,
  getPractitioners,
  listPractitionerRoles,
  practitionerInsurancePlanIds,
  searchPractitioners,
} from './service';
export {
  markPractitionerActivated,
  practiceAccessOf,
  practitionerHoldingEmail,
  setConfirmedEmail,
} from './people-service';
/** The writes of the practice-settings screens in a caller's transaction (practice onboarding, decision 0064). */
export { addPractitioner } from './people-service';
/** What the marketplace's provider search copies (a read function given to the marketplace). */
export { providerSearchSources, type ProviderSearchSource } from './search-sources';

/**
 * Wires the module: public practitioner reads, a practice's people (issue 18), and the accepted-insurance and
 * care-team routes of practice administration, which need its practitioners.
 */
export const register: ModuleRegistration = async (app) => {
  await app.register(practitionerRoutes);
  await app.register(peopleRoutes);
  await app.register(practiceDirectoryRoutes);
};
