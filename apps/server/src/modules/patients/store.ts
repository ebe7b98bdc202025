import { and, arrayOverlaps, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Connection, Db } from '../../platform/db';
import type { CareRelationSource } from '../organizations/tables';
import {
  careTeamParticipants,
  careTeams,
  coverages,
  healthcareServiceLocations,
  healthcareServices,
  locationInsurances,
  locations,
  organizationIdentifiers,
  organizations,
  patientCareRelations,
  patientIdentifiers,
  patientRelatedPersons,
  patients,
  practitionerIdentifiers,
  practitionerInsurances,
  practitionerRoleLocations,
  practitionerRoles,
  practitionerSpecialties,
  practitioners,
} from '../organizations/tables';

export type OrganizationRow = typeof organizations.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type PractitionerRow = typeof practitioners.$inferSelect;
export type PractitionerRoleRow = typeof practitionerRoles.$inferSelect;
export type HealthcareServiceRow = typeof healthcareServices.$inferSelect;
export type CareTeamRow = typeof careTeams.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type RelatedPersonRow = typeof patientRelatedPersons.$inferSelect;
export type CoverageRow = typeof coverages.$inferSelect;
export interface IdentifierRow {
  system: string;
  value: string;
  use: string | null;
}

/** A page of the spec's paging: Limit 0 means all; Offset is the 1-based page (0 counts as the first). */
export interface Page {
  limit: number;
  offset: number;
}

function pageBounds(page: Page): { limit: number | undefined; skip: number } {
  if (page.limit === 0) return { limit: undefined, skip: 0 };
  return { limit: page.limit, skip: (Math.max(page.offset, 1) - 1) * page.limit };
}

/** An identifier as the spec writes it in a query: 'System|Value'; a bare value matches any system. */
export function parseIdentifier(text: string): { system: string | null; value: string } {
  const bar = text.indexOf('|');
  if (bar < 0) return { system: null, value: text };
  return { system: text.slice(0, bar), value: text.slice(bar + 1) };
}

function identifierMatch(
  table: typeof patientIdentifiers | typeof practitionerIdentifiers | typeof organizationIdentifiers,
  texts: string[],
): SQL | undefined {
  return or(
    ...texts.map((text) => {
      const { system, value } = parseIdentifier(text);
      return system === null ? eq(table.value, value) : and(eq(table.system, system), eq(table.value, value));
    }),
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

export async function insertPractitioner(
  db: Db,
  row: typeof practitioners.$inferInsert,
  identifiers: IdentifierRow[],
  specialtyIds: string[],
) {
  await db.insert(practitioners).values(row);
  if (identifiers.length > 0) {
    await db
      .insert(practitionerIdentifiers)
      .values(identifiers.map((i) => ({ practitionerId: row.id, ...i })));
  }
  if (specialtyIds.length > 0) {
    await db
      .insert(practitionerSpecialties)
      .values(
        specialtyIds.map((specialtyId, position) => ({ practitionerId: row.id, specialtyId, position })),
      );
  }
}

export async function addIdentifier(
  db: Db,
  kind: 'patient' | 'practitioner',
  ownerId: string,
  identifier: IdentifierRow,
): Promise<void> {
  if (kind === 'patient') {
    await db
      .insert(patientIdentifiers)
      .values({ patientId: ownerId, ...identifier })
      .onConflictDoNothing();
  } else {
    await db
      .insert(practitionerIdentifiers)
      .values({ practitionerId: ownerId, ...identifier })
      .onConflictDoNothing();
  }
}

// ---------- practitioner roles ----------

export interface RoleFilter {
  practitionerId?: string | undefined;
  organizationId?: string | undefined;
  codes?: string[] | undefined;
  locationId?: string | undefined;
}

export async function searchPractitionerRoles(db: Db, filter: RoleFilter) {
  const where = and(
    eq(practitionerRoles.active, true),
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

export async function insertPractitionerRole(
  db: Db,
  row: typeof practitionerRoles.$inferInsert,
  locationIds: string[],
) {
  await db.insert(practitionerRoles).values(row);
  if (locationIds.length > 0) {
    await db
      .insert(practitionerRoleLocations)
      .values(locationIds.map((locationId) => ({ practitionerRoleId: row.id, locationId })));
  }
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

// ---------- patients ----------

export async function patientsByIds(db: Db, ids: string[]): Promise<PatientRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(patients).where(inArray(patients.id, ids));
}

export interface PatientFilter {
  /** Every word must match the start of a given, family, middle or preferred name (case-insensitive). */
  nameWords?: string[] | undefined;
  birthDate?: string | undefined;
  /** 10 digits; matched against the digits of the home and mobile numbers. */
  phone?: string | undefined;
  email?: string | undefined;
  identifiers?: string[] | undefined;
  /** Only patients this practice manages (the ManagingOrganization field a caller searches by). */
  managingOrganizationId?: string | undefined;
  /** Only patients this practice has a care relation with (the access scope of a practice user). */
  careOrganizationId?: string | undefined;
  /** Only these patients (a patient searching their own family). */
  ids?: string[] | undefined;
}

export async function searchPatients(db: Db, filter: PatientFilter, page: Page) {
  const conditions: (SQL | undefined)[] = [];
  for (const word of filter.nameWords ?? []) {
    const prefix = `${escapeLike(word)}%`;
    conditions.push(
      or(
        ilike(patients.firstName, prefix),
        ilike(patients.lastName, prefix),
        ilike(patients.middleName, prefix),
        ilike(patients.preferredName, prefix),
      ),
    );
  }
  if (filter.birthDate) conditions.push(eq(patients.birthDate, filter.birthDate));
  if (filter.phone) {
    const digits = (column: typeof patients.phone | typeof patients.mobile) =>
      sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10)`;
    conditions.push(
      or(sql`${digits(patients.phone)} = ${filter.phone}`, sql`${digits(patients.mobile)} = ${filter.phone}`),
    );
  }
  if (filter.email) conditions.push(sql`lower(${patients.email}) = lower(${filter.email})`);
  if (filter.identifiers?.length) {
    conditions.push(
      inArray(
        patients.id,
        db
          .select({ id: patientIdentifiers.patientId })
          .from(patientIdentifiers)
          .where(identifierMatch(patientIdentifiers, filter.identifiers)),
      ),
    );
  }
  if (filter.managingOrganizationId)
    conditions.push(eq(patients.managingOrganizationId, filter.managingOrganizationId));
  if (filter.careOrganizationId) {
    conditions.push(
      inArray(
        patients.id,
        db
          .select({ id: patientCareRelations.patientId })
          .from(patientCareRelations)
          .where(eq(patientCareRelations.organizationId, filter.careOrganizationId)),
      ),
    );
  }
  if (filter.ids) conditions.push(filter.ids.length ? inArray(patients.id, filter.ids) : sql`false`);
  return pagedSelect(
    db,
    patients,
    and(...conditions),
    [asc(patients.lastName), asc(patients.firstName), asc(patients.id)],
    page,
  );
}

/** Stores a mobile number that the patient has just proven to own (phone verification). */
export async function setVerifiedMobile(db: Db, id: string, mobile: string, now: Date): Promise<void> {
  await db.update(patients).set({ mobile, mobileVerified: true, updatedAt: now }).where(eq(patients.id, id));
}

export async function patientIdentifiersFor(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(patientIdentifiers)
    .where(inArray(patientIdentifiers.patientId, ids))
    .orderBy(asc(patientIdentifiers.system));
}

/**
 * The patient an e-mail belongs to. Family members may carry the holder's address too, so the account
 * holder (a patient who is nobody's family member) wins, then the oldest record.
 */
export async function patientIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(sql`lower(${patients.email}) = lower(${email})`)
    .orderBy(
      sql`exists (select 1 from ${patientRelatedPersons} r where r.related_patient_id = ${patients.id})`,
      asc(patients.createdAt),
      asc(patients.id),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function patientIdByIdentifier(db: Db, identifier: string): Promise<string | null> {
  const rows = await db
    .select({ id: patientIdentifiers.patientId })
    .from(patientIdentifiers)
    .where(identifierMatch(patientIdentifiers, [identifier]))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertPatient(
  db: Db,
  row: NewPatientRow & { id: string },
  identifiers: IdentifierRow[],
) {
  await db.insert(patients).values(row);
  if (identifiers.length > 0) {
    await db.insert(patientIdentifiers).values(identifiers.map((i) => ({ patientId: row.id, ...i })));
  }
  // A practice that registers a patient (an invitation, a walk-in) cares for them from the start.
  if (row.managingOrganizationId) {
    await db
      .insert(patientCareRelations)
      .values({ patientId: row.id, organizationId: row.managingOrganizationId, source: 'registration' })
      .onConflictDoNothing();
  }
}

/** Family members the holder books for, with their own patient records. */
export async function relatedPersonsOf(db: Db, holderId: string) {
  return db
    .select({ link: patientRelatedPersons, patient: patients })
    .from(patientRelatedPersons)
    .innerJoin(patients, eq(patients.id, patientRelatedPersons.relatedPatientId))
    .where(and(eq(patientRelatedPersons.patientId, holderId), eq(patientRelatedPersons.active, true)))
    .orderBy(asc(patients.birthDate), asc(patients.id));
}

export async function isFamilyMemberOf(db: Db, holderId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: patientRelatedPersons.id })
    .from(patientRelatedPersons)
    .where(
      and(
        eq(patientRelatedPersons.patientId, holderId),
        eq(patientRelatedPersons.relatedPatientId, memberId),
        eq(patientRelatedPersons.active, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRelatedPerson(db: Db, row: typeof patientRelatedPersons.$inferInsert) {
  await db.insert(patientRelatedPersons).values(row);
}

export async function contactsOf(db: Db, patientIds: string[]) {
  if (patientIds.length === 0) return [];
  return db
    .select()
    .from(patientRelatedPersons)
    .where(and(inArray(patientRelatedPersons.patientId, patientIds), eq(patientRelatedPersons.active, true)))
    .orderBy(asc(patientRelatedPersons.createdAt), asc(patientRelatedPersons.id));
}

// ---------- coverages ----------

export interface CoverageFilter {
  patientId: string;
  status?: string | undefined;
  priority?: string | undefined;
}

export async function searchCoverages(db: Db, filter: CoverageFilter, page: Page) {
  const where = and(
    eq(coverages.patientId, filter.patientId),
    filter.status ? eq(coverages.status, filter.status as CoverageRow['status']) : undefined,
    filter.priority ? eq(coverages.priority, filter.priority as CoverageRow['priority']) : undefined,
  );
  return pagedSelect(
    db,
    coverages,
    where,
    [
      sql`array_position(array['Primary','Secondary','Tertiary'], ${coverages.priority})`,
      asc(coverages.createdAt),
      asc(coverages.id),
    ],
    page,
  );
}

export async function insertCoverage(db: Db, row: typeof coverages.$inferInsert) {
  await db.insert(coverages).values(row);
}

// ---------- accepted insurances ----------

export async function acceptedPlansOfPractitioners(db: Db, practitionerIds: string[]) {
  if (practitionerIds.length === 0) return [];
  return db
    .select()
    .from(practitionerInsurances)
    .where(inArray(practitionerInsurances.practitionerId, practitionerIds));
}

export async function acceptedPlansOfLocations(db: Db, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db.select().from(locationInsurances).where(inArray(locationInsurances.locationId, locationIds));
}

// ---------- shared ----------

type PagedTable =
  | typeof patients
  | typeof organizations
  | typeof locations
  | typeof practitioners
  | typeof healthcareServices
  | typeof careTeams
  | typeof coverages;

/** One page of rows plus the total, counted in the same statement (count(*) over ()). */
async function pagedSelect<T extends PagedTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: Page,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { limit, skip } = pageBounds(page);
  const base = db
    .select({ row: table as never, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as never)
    .where(where)
    .orderBy(...orderBy)
    .offset(skip);
  const result = (await (limit === undefined ? base : base.limit(limit))) as unknown as {
    row: T['$inferSelect'];
    total: number;
  }[];
  if (result.length === 0 && skip > 0) {
    // Past the last page: the window count is unavailable, so count on its own.
    const counted = (await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(table as never)
      .where(where)) as unknown as { total: number }[];
    return { rows: [], total: counted[0]?.total ?? 0 };
  }
  return { rows: result.map((r) => r.row), total: result[0]?.total ?? 0 };
}

// ---------- care relations and family links, on any connection (the access policy's lookups) ----------

/** Records that a practice cares for a patient; a relation that exists already is kept as it is. */
export async function insertCareRelation(
  connection: Pick<Connection, 'query'>,
  patientId: string,
  organizationId: string,
  source: CareRelationSource,
): Promise<void> {
  await connection.query(
    `insert into patient_care_relations (patient_id, organization_id, source) values ($1, $2, $3)
     on conflict (patient_id, organization_id) do nothing`,
    [patientId, organizationId, source],
  );
}

// Ids come from tokens and paths: one that is not a uuid matches nothing (rather than failing the cast).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function hasCareRelation(
  connection: Pick<Connection, 'query'>,
  organizationId: string,
  patientId: string,
): Promise<boolean> {
  if (!UUID.test(organizationId) || !UUID.test(patientId)) return false;
  const rows = await connection.query(
    'select 1 from patient_care_relations where organization_id = $1 and patient_id = $2 limit 1',
    [organizationId, patientId],
  );
  return rows.length > 0;
}

export async function managesFamilyMember(
  connection: Pick<Connection, 'query'>,
  holderId: string,
  patientId: string,
): Promise<boolean> {
  if (!UUID.test(holderId) || !UUID.test(patientId)) return false;
  const rows = await connection.query(
    'select 1 from patient_related_persons where patient_id = $1 and related_patient_id = $2 and active limit 1',
    [holderId, patientId],
  );
  return rows.length > 0;
}

export async function familyMemberIds(
  connection: Pick<Connection, 'query'>,
  holderId: string,
): Promise<string[]> {
  if (!UUID.test(holderId)) return [];
  const rows = await connection.query<{ id: string }>(
    'select related_patient_id as id from patient_related_persons where patient_id = $1 and active order by created_at, id',
    [holderId],
  );
  return rows.map((r) => r.id);
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
