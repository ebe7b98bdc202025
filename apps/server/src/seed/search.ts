import type { VisitType } from '@careslot/contracts';
import type { Connection } from '../platform/db';
import { refreshEntityProfiles, refreshProviderSearch } from '../modules/marketplace';

/**
 * Demo providers offer varied visits so every search filter has something to find: all see patients at the
 * office, about half also by video, about a third also take walk-ins (decided by the id, so stable).
 */
export function demoVisitTypes(practitionerId: string): VisitType[] {
  const n = parseInt(practitionerId.replace(/-/g, '').slice(-2), 16);
  const types: VisitType[] = ['Office'];
  if (n % 2 === 0) types.push('TeleHealth');
  if (n % 3 === 0) types.push('Walk-In');
  return types;
}

/** Fills the provider search table and the page profiles of providers, practices and services from the whole directory. */
export async function seedProviderSearch(connection: Connection): Promise<number> {
  const rows = await refreshProviderSearch(connection, null, { visitTypesFor: demoVisitTypes });
  // Practices and healthcare services get their public profiles too.
  await refreshEntityProfiles(connection);
  // PGlite has no autovacuum: without statistics after a bulk load the planner guesses, and the search's
  // array and schedule look-ups fall back to sequential scans (a page's schedule capacities scanned every
  // service type once per schedule before the service tables were analysed too).
  await connection.exec(
    'analyze provider_search; analyze schedules; analyze schedule_hours; analyze schedule_exceptions; analyze slot_capacity; ' +
      'analyze schedule_service_types; analyze service_types; analyze service_categories; analyze page_profiles',
  );
  return rows;
}
