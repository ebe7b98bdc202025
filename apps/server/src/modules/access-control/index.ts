/** The access-control module's public face (decision 0059). */
export { accessControlRoutes } from './routes';
export { featureAccess, ACCESS_CONFIGURATION_CHANGED, type AccessConfigurationChanged } from './service';
