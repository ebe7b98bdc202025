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
} from './service';
export type { CareRelationSource } from './tables';
export { parseIdentifier, setReputationEnabled } from './store';
export { directoryRoutes } from './routes';
export { patientUpdateRoutes } from './update-routes';
export { peopleRoutes } from './people-routes';
export {
  markPractitionerActivated,
  practiceAccessOf,
  practitionerHoldingEmail,
  setConfirmedEmail,
} from './people-service';
/** The writes of the practice-settings screens in a caller's transaction (practice onboarding, decision 0064). */
export { addPractitioner } from './people-service';
export { addLocation, addOrganization, newLocationColumns } from './admin-service';
export { directoryAdminRoutes } from './admin-routes';
export { organizationSettingsOf, portalSettingsOf, resourceSurveyInstructions } from './admin-service';
export { DIRECTORY_CHANGED, type DirectoryChangedPayload } from './events';
export { hasCoverageOnFile } from './patient-updates';
export {
  profileEntitySources,
  providerSearchSources,
  publicLocations,
  type ProfileEntitySource,
  type ProviderSearchSource,
  type PublicLocationSource,
} from './search-sources-store';
