import { DIRECTORY_CHANGED, type DirectoryChangedPayload } from '../organizations';
import { listPractitionerRoles } from '../people';
import type { AppDeps } from '../../platform/deps';
import type { DomainEvent } from '../../platform/events';
import { refreshEntityProfiles, refreshProviderSearch } from './service';
import * as store from './store';

export const SEARCH_INDEX_CONSUMER = 'marketplace.search-index';

/**
 * The practitioners to rebuild: the ones named, or every one the organization has now (its practitioner
 * roles) or had in the search table (so a provider who left the practice loses their rows).
 */
async function practitionersOf(
  deps: Pick<AppDeps, 'database'>,
  payload: DirectoryChangedPayload,
): Promise<string[]> {
  if (payload.practitionerIds) return [...new Set(payload.practitionerIds)];
  const roles = await listPractitionerRoles(deps.database, { OrganizationId: payload.organizationId });
  const listed = await store.searchRowsOfOrganization(deps.database, payload.organizationId);
  return [...new Set([...roles.map((r) => r.PractitionerId), ...listed.map((r) => r.practitioner_id)])];
}

/**
 * Handles one directory.changed event: the practice's (and its services') page profiles are created when
 * missing, and the named practitioners' search rows are rebuilt from the directory in one transaction.
 * Idempotent by construction: a rebuild writes the same rows however often it runs, so the one replay the
 * delivery record cannot prevent (decision 0028) changes nothing.
 */
export async function applyDirectoryChange(
  deps: Pick<AppDeps, 'database'>,
  event: DomainEvent<DirectoryChangedPayload>,
): Promise<number> {
  const practitionerIds = await practitionersOf(deps, event.payload);
  return deps.database.transaction(async (tx) => {
    await refreshEntityProfiles(tx, { organizationIds: [event.payload.organizationId], serviceIds: [] });
    return practitionerIds.length > 0 ? refreshProviderSearch(tx, practitionerIds) : 0;
  });
}

/** Subscribes the search index's consumer (once per app, from the marketplace's routes plugin). */
export function registerSearchIndex(deps: Pick<AppDeps, 'database' | 'events'>): void {
  deps.events.subscribe<DirectoryChangedPayload>(
    SEARCH_INDEX_CONSUMER,
    [DIRECTORY_CHANGED],
    async (event) => {
      await applyDirectoryChange(deps, event);
    },
  );
}
