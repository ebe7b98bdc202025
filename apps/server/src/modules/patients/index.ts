import type { ModuleRegistration } from '../../platform/modules';
import { contactRoutes } from './contact-routes';
import { patientRoutes } from './routes';
import { patientUpdateRoutes } from './update-routes';

/**
 * The patients module's public face: patients, their coverage, related persons (family) and care relations
 * with practices. Other modules use these, never its tables or store. Functions without a context do no
 * access check; HTTP reads and updates go through the access policy in routes.ts and update-routes.ts.
 */
export {
  addFamilyMember,
  addPatientIdentifier,
  careOrganizationsOf,
  createPatient,
  findPatientByEmail,
  findPatientByIdentifier,
  getPatientById,
  markMobileVerified,
  patientCardsByIds,
  patientRelations,
  readPatient,
  recordCareRelation,
  relatedPersons,
  type NewPatient,
} from './service';
export type { CareRelationSource } from './tables';
export { createCoverage, hasCoverageOnFile } from './patient-updates';
export {
  patientExtrasForFhir,
  pharmacyForFhir,
  relatedPersonForFhir,
  relatedPersonsForFhir,
} from './contacts';

/** Wires the module: patient reads and the patient's and practice's updates (coverage, contacts, pictures). */
export const register: ModuleRegistration = async (app) => {
  await app.register(patientRoutes);
  await app.register(patientUpdateRoutes);
  await app.register(contactRoutes);
};
