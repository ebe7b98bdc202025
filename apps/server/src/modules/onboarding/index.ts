/** The onboarding module's public face: the super user's one-call practice onboarding. */
export { onboardingRoutes } from './routes';
export { ONBOARDING_WORKFLOW } from './service';
