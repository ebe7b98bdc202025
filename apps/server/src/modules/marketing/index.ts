/** The marketing module's public face: the landing page's demo requests. */
export { listDemoRequests, submitDemoRequest } from './service';
export { marketingRoutes } from './routes';
