import type { ModuleRegistration } from '../../platform/modules';
import { directoryAdminRoutes } from './admin-routes';
import { directoryRoutes } from './routes';

/**
 * The organizations module's public face: a practice (organization), its facilities (locations), resources
 * (healthcare services), care teams, settings and images. Other modules use these, never its tables or store.
 * Functions without a context do no access check; HTTP reads go through routes.ts and admin-routes.ts.
 */
export {
  getHealthcareService,
  getLocation,
  getLocations,
  getOrganization,
  getOrganizationByIdentifier,
  locationInsurancePlanIds,
  locationsOfOrganization,
  organizationIdByIdentifier,
  searchCareTeams,
  searchHealthcareServices,
  searchLocations,
  searchOrganizations,
  setReputationEnabled,
} from './service';
/** The writes of the practice-settings screens in a caller's transaction (practice onboarding, decision 0064). */
export { addLocation, addOrganization, newLocationColumns } from './admin-service';
export { organizationSettingsOf, portalSettingsOf, resourceSurveyInstructions } from './admin-service';
/** Accepted insurances and care teams: the people module registers their routes, passing its practitioner links. */
export {
  createCareTeam,
  entityInsurances,
  updateCareTeam,
  upsertEntityInsurances,
  type PractitionerLinks,
} from './admin-service';
export { DIRECTORY_CHANGED, type DirectoryChangedPayload } from './events';
/** What the marketplace's public profiles copy (read functions given to the marketplace). */
export {
  profileEntitySources,
  providerFacilities,
  publicLocations,
  type ProfileEntitySource,
  type PublicLocationSource,
} from './search-sources';

/** Wires the module: public reads of practices and facilities, and practice administration (decision 0049). */
export const register: ModuleRegistration = async (app) => {
  await app.register(directoryRoutes);
  await app.register(directoryAdminRoutes);
};
