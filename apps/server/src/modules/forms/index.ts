import type { ModuleRegistration } from '../../platform/modules';
import { builderRoutes } from './builder-routes';
import { formRoutes } from './routes';
/**
 * The forms module's public face: custom forms (the builder and their versions), their association with
 * bookings and visits, patients' answers, and both as FHIR R4 Questionnaire / QuestionnaireResponse
 * (decision 0093; the clinical record serves them).
 */
export { formAtVersion } from './builder';
export { toQuestionnaire, toQuestionnaireResponse, questionnaireUrl } from './fhir';
export {
  CHECKIN_FORM_TYPES,
  formsForVisit,
  questionnaireResponseOf,
  saveVisitResponse,
  visitResponseById,
  visitResponses,
  type VisitForForms,
} from './visit';

/** Wires the module: custom forms, the form builder and patients' answers. */
export const register: ModuleRegistration = async (app) => {
  await app.register(formRoutes);
  await app.register(builderRoutes);
};
