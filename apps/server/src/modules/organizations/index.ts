import type { ModuleRegistration } from '../../platform/modules';
import { directoryAdminRoutes } from './admin-routes';
import { peopleRoutes } from '../people/people-routes';
import { directoryRoutes } from './routes';
import { patientUpdateRoutes } from '../patients/update-routes';
/**
 * The directory module's public face: other modules use these, never its tables or store.
 * Functions without a principal do no access check; HTTP reads go through the checked ones in routes.ts.
 */
export {
  acceptedInsurancePlanIds,
  addFamilyMember,
  addPatientIdentifier,
  addPractitionerIdentifier,
  createPatient,
  findPatientByEmail,
  findPatientByIdentifier,
  findPractitionerByEmail,
  findPractitionerByIdentifier,
  getHealthcareService,
  getLocation,
  getLocations,
  getOrganization,
  getOrganizationByIdentifier,
  getPatientById,
  getPractitioner,
  getPractitioners,
  listPractitionerRoles,
  markMobileVerified,
  patientCardsByIds,
  patientRelations,
  recordCareRelation,
  relatedPersons,
  searchCareTeams,
  searchHealthcareServices,
  searchLocations,
  searchOrganizations,
  searchPractitioners,
  type NewPatient,
  type Paged,
} from '../patients/service';
export type { CareRelationSource } from './tables';
export { parseIdentifier, setReputationEnabled } from '../patients/store';
export { markPractitionerActivated, practiceAccessOf } from '../people/people-service';
/** The writes of the practice-settings screens in a caller's transaction (practice onboarding, decision 0064). */
export { addPractitioner } from '../people/people-service';
export { addLocation, addOrganization, newLocationColumns } from './admin-service';
export { organizationSettingsOf, portalSettingsOf, resourceSurveyInstructions } from './admin-service';
export { DIRECTORY_CHANGED, type DirectoryChangedPayload } from './events';
export { hasCoverageOnFile } from '../patients/patient-updates';
export {
  profileEntitySources,
  providerSearchSources,
  publicLocations,
  type ProfileEntitySource,
  type ProviderSearchSource,
  type PublicLocationSource,
} from './search-sources-store';

/** Wires the module: the directory's reads, patient updates, a practice's people and practice administration. */
export const register: ModuleRegistration = async (app) => {
  await app.register(directoryRoutes);
  await app.register(patientUpdateRoutes);
  await app.register(peopleRoutes);
  await app.register(directoryAdminRoutes);
};
