/** The support module's public face: a support agent's overview of one patient. */
export { supportRoutes, SUPPORT_WORKFLOW } from './routes';
