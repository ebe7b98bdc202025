import type { ModuleRegistration } from '../../platform/modules';
import { marketplaceAdminRoutes } from './admin-routes';
import { marketplaceRoutes } from './routes';
import { registerSearchIndex } from './search-index';
/** The marketplace module's public face: the search table's refresh for directory writers and the seed. */
export {
  publishProfiles,
  refreshEntityProfiles,
  refreshProviderSearch,
  type RefreshOptions,
} from './service';
export { SEARCH_INDEX_CONSUMER } from './search-index';

/** Wires the module: public search and profiles, their administration, and the search index's consumer. */
export const register: ModuleRegistration = async (app, deps) => {
  // directory.changed → the practitioners' search rows (one consumer per app).
  registerSearchIndex(deps);
  await app.register(marketplaceRoutes);
  // Page profile and catalog edits (practice admins their own, super users all).
  await app.register(marketplaceAdminRoutes);
};
