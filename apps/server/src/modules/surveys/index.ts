import type { ModuleRegistration } from '../../platform/modules';
import { subscribeSurveyMessages, surveyRoutes } from './routes';
export { surveyMessageLink } from './patient-survey';

/** Wires the module: the practice's surveys and templates, and the after-visit survey message. */
export const register: ModuleRegistration = async (app, deps) => {
  subscribeSurveyMessages(deps);
  await app.register(surveyRoutes);
};
