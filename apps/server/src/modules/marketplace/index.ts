/** The marketplace module's public face: the search table's refresh for directory writers and the seed. */
export {
  publishProfiles,
  refreshEntityProfiles,
  refreshProviderSearch,
  type RefreshOptions,
} from './service';
export { marketplaceRoutes } from './routes';
export { SEARCH_INDEX_CONSUMER } from './search-index';
export { marketplaceAdminRoutes } from './admin-routes';
