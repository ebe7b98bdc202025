/** The marketplace module's public face: the search table's refresh for directory writers and the seed. */
export { refreshEntityProfiles, refreshProviderSearch, type RefreshOptions } from './service';
export { marketplaceRoutes } from './routes';
