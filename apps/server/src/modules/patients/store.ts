import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Connection, Db } from '../../platform/db';
import {
  escapeLike,
  identifierMatch,
  pagedSelect,
  type Page,
  type IdentifierRow,
} from '../../platform/paging';
import type { CareRelationSource } from './tables';
import {
  coverages,
  patientCareRelations,
  patientIdentifiers,
  patientRelatedPersons,
  patients,
} from './tables';

/** SQL of the patients module's tables: patients, identifiers, related persons, coverages, care relations. */
export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type RelatedPersonRow = typeof patientRelatedPersons.$inferSelect;
export type CoverageRow = typeof coverages.$inferSelect;

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

/** The practices with a care relation with the patient (clinical record: what the patient shares). */
export async function careOrganizationsOf(
  connection: Pick<Connection, 'query'>,
  patientId: string,
): Promise<string[]> {
  if (!UUID.test(patientId)) return [];
  const rows = await connection.query<{ organization_id: string }>(
    'select organization_id from patient_care_relations where patient_id = $1 order by organization_id',
    [patientId],
  );
  return rows.map((r) => r.organization_id);
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

export async function addIdentifier(db: Db, patientId: string, identifier: IdentifierRow): Promise<void> {
  await db
    .insert(patientIdentifiers)
    .values({ patientId, ...identifier })
    .onConflictDoNothing();
}
