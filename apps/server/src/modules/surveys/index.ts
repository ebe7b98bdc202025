export { surveyRoutes } from './routes';
export { surveyMessageLink } from './patient-survey';
