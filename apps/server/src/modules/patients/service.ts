import { randomUUID } from 'node:crypto';
import {
  type Coverage,
  type Gender,
  type Identifier,
  type Patient,
  type PatientSearch,
  type RelatedPerson,
} from '@careslot/contracts';
import {
  authorize,
  denyList,
  notFoundAudited,
  patientScope,
  recordList,
  type AccessAction,
  type DenialReason,
  type ResourceKind,
} from '../../platform/access';
import type { PatientRelations, RequestContext } from '../../platform/context';
import type { Connection, Database } from '../../platform/db';
import { auditTrail, groupBy, toIdentifier, type Paged } from '../../platform/resource-shapes';
import * as store from './store';
import type { CareRelationSource } from './tables';

// ---------- shaping rows into the spec's resources ----------

function patientNames(
  row: Pick<
    store.PatientRow,
    'prefix' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'preferredName'
  >,
) {
  const given = [row.firstName, row.middleName].filter((g): g is string => Boolean(g));
  const names = [
    {
      Use: 'Official',
      Text: [...given, row.lastName].join(' '),
      Given: given,
      Family: row.lastName,
      Prefix: row.prefix ? [row.prefix] : [],
      Suffix: row.suffix ? [row.suffix] : [],
    },
  ];
  if (row.preferredName) {
    names.push({
      Use: 'Preferred',
      Text: `${row.preferredName} ${row.lastName}`,
      Given: [row.preferredName],
      Family: row.lastName,
      Prefix: [],
      Suffix: [],
    });
  }
  return names;
}

function patientTelecom(row: store.PatientRow): Patient['Telecom'] {
  const telecom: Patient['Telecom'] = [];
  if (row.email)
    telecom.push({ System: 'Email', Value: row.email, Use: 'home', IsVerified: row.emailVerified });
  if (row.mobile)
    telecom.push({ System: 'Mobile', Value: row.mobile, Use: 'mobile', IsVerified: row.mobileVerified });
  if (row.phone)
    telecom.push({ System: 'Phone', Value: row.phone, Use: 'home', IsVerified: row.phoneVerified });
  return telecom;
}

async function shapePatients(database: Database, rows: store.PatientRow[]): Promise<Patient[]> {
  const ids = rows.map((r) => r.id);
  const [identifierRows, contactRows] = await Promise.all([
    store.patientIdentifiersFor(database.db, ids),
    store.contactsOf(database.db, ids),
  ]);
  const identifiers = groupBy(identifierRows, (i) => i.patientId);
  const contacts = groupBy(contactRows, (c) => c.patientId);
  return rows.map((row) => ({
    Id: row.id,
    Active: row.active,
    Identifier: (identifiers.get(row.id) ?? []).map(toIdentifier),
    Name: patientNames(row),
    Telecom: patientTelecom(row),
    BirthDate: row.birthDate,
    Gender: row.gender,
    Address: {
      Address1: row.address1,
      Address2: row.address2,
      City: row.city,
      State: row.state,
      ZipCode: row.zipCode,
    },
    Communication: row.languages,
    Contact: (contacts.get(row.id) ?? []).map((c) => ({
      PatientId: c.relatedPatientId,
      Relationship: c.relationship,
    })),
    Photos: row.photoUrl ? [{ Url: row.photoUrl }] : [],
    ManagingOrganization: row.managingOrganizationId,
    TimeZone: row.timeZone,
    AuditTrail: auditTrail(row),
  }));
}

export function shapeCoverage(row: store.CoverageRow): Coverage {
  const given = row.subscriberFirstName ? [row.subscriberFirstName] : [];
  const family = row.subscriberLastName ?? '';
  return {
    Id: row.id,
    Identifier: row.subscriberId
      ? [{ System: 'SubscriberId', Value: row.subscriberId, Use: 'official' }]
      : [],
    PatientId: row.patientId,
    Subscriber: {
      Id: row.subscriberPatientId,
      Gender: row.subscriberGender,
      Name: {
        Use: 'Official',
        Text: [...given, family].filter(Boolean).join(' '),
        Family: family,
        Given: given,
        Prefix: [],
        Suffix: [],
        Period: { Start: null, End: null },
      },
      BirthDate: row.subscriberBirthDate,
    },
    SubscriberId: row.subscriberId,
    DependentNumber: row.dependentNumber,
    CardPictures: row.cardPictures,
    Eligibility: row.eligibility,
    Kind: row.kind,
    Relationship: row.relationship,
    Status: row.status,
    Priority: row.priority,
    Period: { Start: row.periodStart, End: row.periodEnd },
    Insurance: { Reference: row.insurancePlanId, Display: row.insuranceDisplay, Type: row.insuranceType },
    IsDefault: row.isDefault,
    Name: row.insuranceDisplay,
    PolicyNumber: row.subscriberId,
    AuditTrail: auditTrail(row),
  };
}

// ---------- patients: unchecked functions for other modules ----------

export async function getPatientById(database: Database, id: string): Promise<Patient | null> {
  const rows = await store.patientsByIds(database.db, [id]);
  return (await shapePatients(database, rows))[0] ?? null;
}

/**
 * Names, birth dates and genders of patients, unchecked: for a module that has already decided the caller may
 * see these patients' visits (the practice's own appointments), so its lists can show who is coming.
 */
export async function patientCardsByIds(
  database: Database,
  ids: string[],
): Promise<
  Map<
    string,
    { Id: string; FirstName: string; LastName: string; BirthDate: string | null; Gender: Gender | null }
  >
> {
  const rows = await store.patientsByIds(database.db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        Id: r.id,
        FirstName: r.preferredName ?? r.firstName,
        LastName: r.lastName,
        BirthDate: r.birthDate,
        Gender: r.gender,
      },
    ]),
  );
}

/** Records a verified mobile number (the notifications module calls this once a code matched). */
export async function markMobileVerified(
  database: Database,
  patientId: string,
  mobile: string,
  now: Date,
): Promise<void> {
  await store.setVerifiedMobile(database.db, patientId, mobile, now);
}

export async function findPatientByEmail(database: Database, email: string): Promise<Patient | null> {
  const id = await store.patientIdByEmail(database.db, email);
  return id ? getPatientById(database, id) : null;
}

export async function findPatientByIdentifier(
  database: Database,
  identifier: string,
): Promise<Patient | null> {
  const id = await store.patientIdByIdentifier(database.db, identifier);
  return id ? getPatientById(database, id) : null;
}

/** What it takes to create a patient record (signup, invitation, a family member, the seed). */
export interface NewPatient {
  id?: string;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  preferredName?: string | null;
  birthDate?: string | null;
  gender?: Gender | null;
  email?: string | null;
  emailVerified?: boolean;
  phone?: string | null;
  phoneVerified?: boolean;
  mobile?: string | null;
  mobileVerified?: boolean;
  address?: {
    Address1?: string | null;
    Address2?: string[];
    City?: string | null;
    State?: string | null;
    ZipCode?: string | null;
  };
  managingOrganizationId?: string | null;
  timeZone?: string | null;
  photoUrl?: string | null;
  languages?: string[];
  identifiers?: Identifier[];
  /** The audit workflow that created the record, e.g. PATIENT_SIGNUP_WEB. */
  workflow?: string | null;
}

export function newPatientRow(input: NewPatient): store.NewPatientRow & { id: string } {
  return {
    id: input.id ?? randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    middleName: input.middleName ?? null,
    prefix: input.prefix ?? null,
    suffix: input.suffix ?? null,
    preferredName: input.preferredName ?? null,
    birthDate: input.birthDate ?? null,
    gender: input.gender ?? null,
    email: input.email ?? null,
    emailVerified: input.emailVerified ?? false,
    phone: input.phone ?? null,
    phoneVerified: input.phoneVerified ?? false,
    mobile: input.mobile ?? null,
    mobileVerified: input.mobileVerified ?? false,
    address1: input.address?.Address1 ?? null,
    address2: input.address?.Address2 ?? [],
    city: input.address?.City ?? null,
    state: input.address?.State ?? null,
    zipCode: input.address?.ZipCode ?? null,
    managingOrganizationId: input.managingOrganizationId ?? null,
    timeZone: input.timeZone ?? null,
    photoUrl: input.photoUrl ?? null,
    languages: input.languages ?? [],
    workflow: input.workflow ?? null,
  };
}

export async function createPatient(database: Database, input: NewPatient): Promise<Patient> {
  const row = newPatientRow(input);
  const identifiers = (input.identifiers ?? []).map((i) => ({
    system: i.System,
    value: i.Value,
    use: i.Use ?? null,
  }));
  await database.db.transaction((tx) => store.insertPatient(tx, row, identifiers));
  return (await getPatientById(database, row.id))!;
}

/** Creates a family member's own patient record and links it to the account holder. */
export async function addFamilyMember(
  database: Database,
  holderId: string,
  relationship: string,
  member: NewPatient,
): Promise<RelatedPerson> {
  const row = newPatientRow(member);
  const id = randomUUID();
  // Both rows or neither: a family member without the link would be an orphan nobody can book for.
  await database.db.transaction(async (tx) => {
    await store.insertPatient(
      tx,
      row,
      (member.identifiers ?? []).map((i) => ({ system: i.System, value: i.Value, use: i.Use ?? null })),
    );
    await store.insertRelatedPerson(tx, { id, patientId: holderId, relatedPatientId: row.id, relationship });
  });
  return (await relatedPersons(database, holderId)).find((r) => r.Id === id)!;
}

export async function addPatientIdentifier(
  database: Database,
  patientId: string,
  identifier: Identifier,
): Promise<void> {
  await store.addIdentifier(database.db, patientId, {
    system: identifier.System,
    value: identifier.Value,
    use: identifier.Use ?? null,
  });
}

export async function relatedPersons(database: Database, holderId: string): Promise<RelatedPerson[]> {
  const rows = await store.relatedPersonsOf(database.db, holderId);
  return rows.map(({ link, patient }) => ({
    Id: link.id,
    PatientId: link.patientId,
    RelatedPatientId: link.relatedPatientId,
    Relationship: link.relationship,
    Active: link.active,
    Name: patientNames(patient),
    Gender: patient.gender,
    BirthDate: patient.birthDate,
    Telecom: patientTelecom(patient),
  }));
}

// ---------- patients: access-checked reads for the HTTP API ----------

/** The access policy's lookups of family links and care relations (platform/access.ts asks through these). */
export const patientRelations: PatientRelations = {
  managesFamilyMember: (connection, holderId, patientId) =>
    store.managesFamilyMember(connection, holderId, patientId),
  hasCareRelation: (connection, organizationId, patientId) =>
    store.hasCareRelation(connection, organizationId, patientId),
  familyOf: (connection, holderId) => store.familyMemberIds(connection, holderId),
};

/**
 * Records that a practice cares for a patient (patient-booking.md 4.5 step 3, done by the server): booking
 * calls it inside its transaction, passing the transaction's connection. An existing relation is kept.
 */
export async function recordCareRelation(
  connection: Pick<Connection, 'query'>,
  patientId: string,
  organizationId: string,
  source: CareRelationSource,
): Promise<void> {
  await store.insertCareRelation(connection, patientId, organizationId, source);
}

/** Loads a patient the caller may act on (platform/access.ts decides and audits); anything else is a 404. */
export async function accessiblePatient(
  database: Database,
  context: RequestContext,
  patientId: string,
  action: AccessAction,
  options: {
    kind?: ResourceKind;
    entityType?: string;
    workflow?: string | null;
    detail?: Record<string, unknown>;
  } = {},
): Promise<store.PatientRow> {
  const [row] = await store.patientsByIds(database.db, [patientId]);
  if (!row)
    return notFoundAudited(context, action, options.kind ?? 'patient', patientId, { ...options, patientId });
  await authorize(context, action, {
    kind: options.kind ?? 'patient',
    id: patientId,
    patientId: row.id,
    ...options,
  });
  return row;
}

export async function readPatient(database: Database, context: RequestContext, id: string): Promise<Patient> {
  const row = await accessiblePatient(database, context, id, 'read', { workflow: 'patient_read' });
  return (await shapePatients(database, [row]))[0]!;
}

/**
 * Which patients a caller's search covers (the same policy as a single read): support with a stated purpose
 * every practice; practice users the patients their practice has a care relation with; a patient themself
 * and their family. Anyone else may not search patients at all.
 */
async function patientSearchScope(
  context: RequestContext,
  organizationId: string | undefined,
): Promise<store.PatientFilter | DenialReason> {
  const scope = await patientScope(context);
  switch (scope.kind) {
    case 'all':
      return { managingOrganizationId: organizationId };
    case 'care':
      // Another practice's id in the query cannot widen the search: it simply matches nobody.
      return organizationId && organizationId !== scope.organizationId
        ? { ids: [] }
        : { careOrganizationId: scope.organizationId };
    case 'patients':
      return { ids: scope.patientIds, managingOrganizationId: organizationId };
    case 'none':
      return scope.reason;
  }
}

/** POST v2/patient/advance-search: the patients the caller may see that match every criterion given; audited. */
export async function searchPatients(
  database: Database,
  context: RequestContext,
  query: PatientSearch,
): Promise<Paged<Patient>> {
  const scope = await patientSearchScope(context, query.OrganizationId);
  // Which criteria were used, never the values searched for (they are patient data).
  const criteria = {
    Name: Boolean(query.Name),
    BirthDate: Boolean(query.BirthDate),
    Phone: Boolean(query.Phone),
    Email: Boolean(query.Email),
    Identifier: Boolean(query.Identifier?.length),
  };
  if (typeof scope === 'string') return denyList(context, 'patient', scope, { workflow: 'patient_search' });
  const { rows, total } = await store.searchPatients(
    database.db,
    {
      ...scope,
      nameWords: query.Name?.split(/\s+/).filter(Boolean),
      birthDate: query.BirthDate,
      phone: query.Phone,
      email: query.Email,
      identifiers: query.Identifier,
    },
    { limit: query.Limit, offset: query.Offset },
  );
  await recordList(
    context,
    'search',
    'patient',
    rows.map((r) => r.id),
    { workflow: 'patient_search', detail: { criteria, total } },
  );
  return { Data: await shapePatients(database, rows), Total: total };
}

export async function readPatientByIdentifier(
  database: Database,
  context: RequestContext,
  identifier: string,
): Promise<Patient> {
  const id = await store.patientIdByIdentifier(database.db, identifier);
  // The identifier that found nobody is not stored: it may be a medical record number or an e-mail.
  if (!id)
    return notFoundAudited(context, 'read', 'patient', null, {
      workflow: 'patient_read_by_identifier',
      lookup: 'identifier',
    });
  const row = await accessiblePatient(database, context, id, 'read', {
    workflow: 'patient_read_by_identifier',
  });
  return (await shapePatients(database, [row]))[0]!;
}

export async function readRelatedPersons(
  database: Database,
  context: RequestContext,
  id: string,
): Promise<Paged<RelatedPerson>> {
  await accessiblePatient(database, context, id, 'read', {
    entityType: 'RelatedPerson',
    workflow: 'related_persons_read',
  });
  const all = await relatedPersons(database, id);
  return { Data: all, Total: all.length };
}

export async function readCoverages(
  database: Database,
  context: RequestContext,
  query: { PatientId: string; Status?: string; Priority?: string; Limit: number; Offset: number },
): Promise<Paged<Coverage>> {
  await accessiblePatient(database, context, query.PatientId, 'read', {
    kind: 'coverage',
    workflow: 'coverage_search',
  });
  const { rows, total } = await store.searchCoverages(
    database.db,
    { patientId: query.PatientId, status: query.Status, priority: query.Priority },
    { limit: query.Limit, offset: query.Offset },
  );
  return { Data: rows.map(shapeCoverage), Total: total };
}

/**
 * v1/web/organizations/{id}: the practice with its facilities, practitioners and resources (the aggregate of
 * §7 "Organizations"); null for an unknown practice. Only what the public reads answer: no patient data.
 */

/** The practices with a care relation with the patient, unchecked (the clinical record shares with them). */
export async function careOrganizationsOf(database: Database, patientId: string): Promise<string[]> {
  return store.careOrganizationsOf(database, patientId);
}
