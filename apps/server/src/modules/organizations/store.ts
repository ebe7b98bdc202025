import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Connection, Db } from '../../platform/db';
import {
  escapeLike,
  identifierMatch,
  pagedSelect,
  type Page,
  type IdentifierRow,
} from '../../platform/paging';
import {
  careTeamParticipants,
  careTeams,
  healthcareServiceLocations,
  healthcareServices,
  locationInsurances,
  locations,
  organizationIdentifiers,
  organizations,
} from './tables';

/** SQL of the organizations module's tables: organizations, locations, healthcare services, care teams, accepted insurances. */
export type OrganizationRow = typeof organizations.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type HealthcareServiceRow = typeof healthcareServices.$inferSelect;
export type CareTeamRow = typeof careTeams.$inferSelect;

// ---------- organizations ----------

export async function organizationsByIds(db: Db, ids: string[]): Promise<OrganizationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(organizations).where(inArray(organizations.id, ids));
}

export async function organizationIdentifiersFor(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(organizationIdentifiers)
    .where(inArray(organizationIdentifiers.organizationId, ids))
    .orderBy(asc(organizationIdentifiers.system));
}

export async function organizationIdByIdentifier(db: Db, identifier: string): Promise<string | null> {
  const rows = await db
    .select({ id: organizationIdentifiers.organizationId })
    .from(organizationIdentifiers)
    .where(identifierMatch(organizationIdentifiers, [identifier]))
    .limit(1);
  return rows[0]?.id ?? null;
}

export interface OrganizationFilter {
  organizationId?: string | undefined;
  name?: string | undefined;
  identifiers?: string[] | undefined;
  locationIds?: string[] | undefined;
}

export async function searchOrganizations(db: Db, filter: OrganizationFilter, page: Page) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.organizationId) conditions.push(eq(organizations.id, filter.organizationId));
  if (filter.name) conditions.push(ilike(organizations.name, `%${escapeLike(filter.name)}%`));
  if (filter.identifiers?.length) {
    conditions.push(
      inArray(
        organizations.id,
        db
          .select({ id: organizationIdentifiers.organizationId })
          .from(organizationIdentifiers)
          .where(identifierMatch(organizationIdentifiers, filter.identifiers)),
      ),
    );
  }
  if (filter.locationIds?.length) {
    conditions.push(
      inArray(
        organizations.id,
        db
          .select({ id: locations.organizationId })
          .from(locations)
          .where(inArray(locations.id, filter.locationIds)),
      ),
    );
  }
  return pagedSelect(
    db,
    organizations,
    and(...conditions),
    [asc(organizations.name), asc(organizations.id)],
    page,
  );
}

export async function insertOrganization(
  db: Db,
  row: typeof organizations.$inferInsert,
  identifiers: IdentifierRow[],
) {
  await db.insert(organizations).values(row);
  if (identifiers.length > 0) {
    await db
      .insert(organizationIdentifiers)
      .values(identifiers.map((i) => ({ organizationId: row.id, ...i })));
  }
}

// ---------- locations ----------

export async function locationsByIds(db: Db, ids: string[]): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(locations).where(inArray(locations.id, ids));
}

export interface LocationFilter {
  organizationId?: string | undefined;
  name?: string | undefined;
  ids?: string[] | undefined;
}

export async function searchLocations(db: Db, filter: LocationFilter, page: Page) {
  const where = and(
    filter.organizationId ? eq(locations.organizationId, filter.organizationId) : undefined,
    filter.name ? ilike(locations.name, `%${escapeLike(filter.name)}%`) : undefined,
    filter.ids?.length ? inArray(locations.id, filter.ids) : undefined,
  );
  return pagedSelect(db, locations, where, [asc(locations.name), asc(locations.id)], page);
}

// ---------- healthcare services and care teams ----------

export interface ServiceFilter {
  organizationId?: string | undefined;
  locationId?: string | undefined;
  name?: string | undefined;
  ids?: string[] | undefined;
}

export async function searchHealthcareServices(db: Db, filter: ServiceFilter, page: Page) {
  const where = and(
    filter.organizationId ? eq(healthcareServices.organizationId, filter.organizationId) : undefined,
    filter.name ? ilike(healthcareServices.name, `%${escapeLike(filter.name)}%`) : undefined,
    filter.ids?.length ? inArray(healthcareServices.id, filter.ids) : undefined,
    filter.locationId
      ? inArray(
          healthcareServices.id,
          db
            .select({ id: healthcareServiceLocations.healthcareServiceId })
            .from(healthcareServiceLocations)
            .where(eq(healthcareServiceLocations.locationId, filter.locationId)),
        )
      : undefined,
  );
  return pagedSelect(
    db,
    healthcareServices,
    where,
    [asc(healthcareServices.name), asc(healthcareServices.id)],
    page,
  );
}

export async function serviceLocationsFor(db: Db, serviceIds: string[]) {
  if (serviceIds.length === 0) return [];
  return db
    .select()
    .from(healthcareServiceLocations)
    .where(inArray(healthcareServiceLocations.healthcareServiceId, serviceIds));
}

export interface CareTeamFilter {
  organizationId?: string | undefined;
  practitionerId?: string | undefined;
}

export async function searchCareTeams(db: Db, filter: CareTeamFilter, page: Page) {
  const where = and(
    filter.organizationId ? eq(careTeams.organizationId, filter.organizationId) : undefined,
    filter.practitionerId
      ? inArray(
          careTeams.id,
          db
            .select({ id: careTeamParticipants.careTeamId })
            .from(careTeamParticipants)
            .where(eq(careTeamParticipants.practitionerId, filter.practitionerId)),
        )
      : undefined,
  );
  return pagedSelect(db, careTeams, where, [asc(careTeams.name), asc(careTeams.id)], page);
}

export async function careTeamParticipantsFor(db: Db, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  return db.select().from(careTeamParticipants).where(inArray(careTeamParticipants.careTeamId, teamIds));
}

export async function acceptedPlansOfLocations(db: Db, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db.select().from(locationInsurances).where(inArray(locationInsurances.locationId, locationIds));
}

/**
 * The practice's reputation switch (has_reputation_enabled, practice-portal.md §3.1: derived per practice): the
 * reputation module keeps it equal to "active review-platform settings on file" (decision 0058).
 */
export async function setReputationEnabled(
  connection: Pick<Connection, 'query'>,
  organizationId: string,
  enabled: boolean,
): Promise<void> {
  await connection.query('update organizations set has_reputation_enabled = $2 where id = $1', [
    organizationId,
    enabled,
  ]);
}
