/** The reputation module's public face (decision 0058). */
export { reputationRoutes } from './routes';
