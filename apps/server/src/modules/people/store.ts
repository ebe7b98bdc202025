import { and, arrayOverlaps, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  escapeLike,
  identifierMatch,
  pagedSelect,
  type Page,
  type IdentifierRow,
} from '../../platform/paging';
import {
  practitionerIdentifiers,
  practitionerInsurances,
  practitionerRoleLocations,
  practitionerRoles,
  practitionerSpecialties,
  practitioners,
} from './tables';

/** SQL of the people module's tables: practitioners, their identifiers, specialties, roles and accepted insurances. */
export type PractitionerRow = typeof practitioners.$inferSelect;
export type PractitionerRoleRow = typeof practitionerRoles.$inferSelect;

// ---------- practitioners ----------

export async function practitionersByIds(db: Db, ids: string[]): Promise<PractitionerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(practitioners).where(inArray(practitioners.id, ids));
}

export async function practitionerIdentifiersFor(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(practitionerIdentifiers)
    .where(inArray(practitionerIdentifiers.practitionerId, ids))
    .orderBy(asc(practitionerIdentifiers.system));
}

export async function practitionerSpecialtiesFor(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(practitionerSpecialties)
    .where(inArray(practitionerSpecialties.practitionerId, ids))
    .orderBy(asc(practitionerSpecialties.position));
}

export async function practitionerIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(sql`lower(${practitioners.email}) = lower(${email})`)
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function practitionerIdByIdentifier(db: Db, identifier: string): Promise<string | null> {
  const rows = await db
    .select({ id: practitionerIdentifiers.practitionerId })
    .from(practitionerIdentifiers)
    .where(identifierMatch(practitionerIdentifiers, [identifier]))
    .limit(1);
  return rows[0]?.id ?? null;
}

export interface PractitionerFilter {
  identifiers?: string[] | undefined;
  familyName?: string | undefined;
  givenName?: string | undefined;
  npi?: string | undefined;
  email?: string | undefined;
  organizationId?: string | undefined;
  userRoles?: string[] | undefined;
  ids?: string[] | undefined;
}

export async function searchPractitioners(db: Db, filter: PractitionerFilter, page: Page) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.identifiers?.length) {
    conditions.push(
      inArray(
        practitioners.id,
        db
          .select({ id: practitionerIdentifiers.practitionerId })
          .from(practitionerIdentifiers)
          .where(identifierMatch(practitionerIdentifiers, filter.identifiers)),
      ),
    );
  }
  if (filter.familyName)
    conditions.push(ilike(practitioners.familyName, `${escapeLike(filter.familyName)}%`));
  if (filter.givenName) {
    conditions.push(
      sql`exists (select 1 from unnest(${practitioners.givenNames}) g where g ilike ${`${escapeLike(filter.givenName)}%`})`,
    );
  }
  if (filter.npi) conditions.push(eq(practitioners.npi, filter.npi));
  if (filter.email) conditions.push(sql`lower(${practitioners.email}) = lower(${filter.email})`);
  if (filter.ids?.length) conditions.push(inArray(practitioners.id, filter.ids));
  if (filter.organizationId || filter.userRoles?.length) {
    conditions.push(
      inArray(
        practitioners.id,
        db
          .select({ id: practitionerRoles.practitionerId })
          .from(practitionerRoles)
          .where(
            and(
              eq(practitionerRoles.active, true),
              filter.organizationId ? eq(practitionerRoles.organizationId, filter.organizationId) : undefined,
              filter.userRoles?.length
                ? arrayOverlaps(practitionerRoles.codes, filter.userRoles as never)
                : undefined,
            ),
          ),
      ),
    );
  }
  return pagedSelect(
    db,
    practitioners,
    and(...conditions),
    [asc(practitioners.familyName), asc(practitioners.givenNames), asc(practitioners.id)],
    page,
  );
}

export async function addIdentifier(
  db: Db,
  practitionerId: string,
  identifier: IdentifierRow,
): Promise<void> {
  await db
    .insert(practitionerIdentifiers)
    .values({ practitionerId, ...identifier })
    .onConflictDoNothing();
}

// ---------- practitioner roles ----------

export interface RoleFilter {
  practitionerId?: string | undefined;
  organizationId?: string | undefined;
  codes?: string[] | undefined;
  locationId?: string | undefined;
  /** One role by its id (the FHIR read of a PractitionerRole). */
  id?: string | undefined;
}

export async function searchPractitionerRoles(db: Db, filter: RoleFilter) {
  const where = and(
    eq(practitionerRoles.active, true),
    filter.id ? eq(practitionerRoles.id, filter.id) : undefined,
    filter.practitionerId ? eq(practitionerRoles.practitionerId, filter.practitionerId) : undefined,
    filter.organizationId ? eq(practitionerRoles.organizationId, filter.organizationId) : undefined,
    filter.codes?.length ? arrayOverlaps(practitionerRoles.codes, filter.codes as never) : undefined,
    filter.locationId
      ? inArray(
          practitionerRoles.id,
          db
            .select({ id: practitionerRoleLocations.practitionerRoleId })
            .from(practitionerRoleLocations)
            .where(eq(practitionerRoleLocations.locationId, filter.locationId)),
        )
      : undefined,
  );
  return db
    .select()
    .from(practitionerRoles)
    .where(where)
    .orderBy(asc(practitionerRoles.organizationId), asc(practitionerRoles.practitionerId));
}

export async function roleLocationsFor(db: Db, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  return db
    .select()
    .from(practitionerRoleLocations)
    .where(inArray(practitionerRoleLocations.practitionerRoleId, roleIds));
}

// ---------- accepted insurances ----------

export async function acceptedPlansOfPractitioners(db: Db, practitionerIds: string[]) {
  if (practitionerIds.length === 0) return [];
  return db
    .select()
    .from(practitionerInsurances)
    .where(inArray(practitionerInsurances.practitionerId, practitionerIds));
}
