import { randomUUID } from 'node:crypto';
import {
  CLINICAL_COLLECTIONS,
  type ClinicalCollection,
  type ClinicalInput,
  type ClinicalList,
  type ClinicalListQuery,
  type FhirResource,
} from '@careslot/contracts';
import {
  authorize,
  denyList,
  callersPractice,
  notFoundAudited,
  patientScope,
  recordList,
  type Relation,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';
import { fieldError } from '../../platform/errors';
import { findAppointment } from '../appointments';
import { careOrganizationsOf } from '../patients';
import { buildEncounter, buildResource, withStatus, type BuildContext } from './fhir-build';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** The audit workflow of the clinical calls. */
const WORKFLOW = 'Clinical_Record';

/** The resource as answered: the stored FHIR resource with its version and last change. */
export function toFhir(row: store.ClinicalRow): FhirResource {
  const updated = row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at);
  return {
    ...row.resource,
    meta: { versionId: String(row.version), lastUpdated: updated.toISOString() },
  };
}

const policyResource = (row: store.ClinicalRow) => ({
  kind: 'clinical' as const,
  id: row.id,
  patientId: row.patient_id,
  organizationId: row.organization_id,
  sharedWith: row.shared_with,
  entityType: row.resource_type,
  workflow: WORKFLOW,
});

/** Who wrote an entry, as FHIR names them: the provider, the patient, or the practice's staff by display. */
function authorOf(context: RequestContext): BuildContext['author'] {
  if (context.patientId) return { reference: `Patient/${context.patientId}` };
  if (context.actorType === 'Practitioner' && context.userId)
    return { reference: `Practitioner/${context.userId}` };
  if (context.organizationId) return { reference: `Organization/${context.organizationId}` };
  return { display: context.actorType };
}

/**
 * The encounter of a visit, made the first time something is recorded during it (office: AMB; video: VR). The
 * appointment must be the patient's and the caller's practice's own: anything else answers as unknown.
 */
async function encounterFor(
  deps: Deps,
  context: RequestContext,
  tx: Parameters<Parameters<Deps['database']['transaction']>[0]>[0],
  patientId: string,
  appointmentId: string,
): Promise<store.ClinicalRow> {
  const existing = await store.encounterOfAppointment(tx, appointmentId);
  if (existing) return existing;
  const appointment = await findAppointment(tx, appointmentId);
  if (!appointment || appointment.patient_id !== patientId)
    throw fieldError('AppointmentId', 'not_found', "is not one of this patient's appointments");
  const txContext = onConnection(context, tx);
  await authorize(txContext, 'read', {
    kind: 'appointment',
    id: appointment.id,
    patientId,
    organizationId: appointment.organization_id,
    workflow: WORKFLOW,
  });
  const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
  const id = randomUUID();
  const built = buildEncounter(id, {
    appointmentId: appointment.id,
    patientId,
    organizationId: appointment.organization_id,
    practitionerId: appointment.practitioner_id,
    locationId: appointment.location_id,
    start: iso(appointment.start_at),
    end: iso(appointment.end_at),
    virtual: appointment.appointment_type === 'TeleHealth',
    finished: ['Fulfilled', 'Completed', 'Checked-Out', 'CheckedOut'].includes(appointment.status),
  });
  await store.insertEntry(tx, {
    id,
    resource_type: 'Encounter',
    patient_id: patientId,
    organization_id: appointment.organization_id,
    shared_with: [],
    encounter_id: null,
    appointment_id: appointment.id,
    code_system: null,
    code: null,
    status: built.status,
    effective_at: built.effectiveAt,
    resource: built.resource,
    recorded_by: context.subject,
    now: deps.clock.now(),
  });
  // A concurrent first entry of the same visit made it first: use that one.
  return (await store.encounterOfAppointment(tx, appointmentId))!;
}

/**
 * Records an entry on the patient's chart. A practice records its own (it needs a care relation with the
 * patient); a patient (or their account holder) adds what they know, shared with the practices that care for
 * them, which review it.
 */
export async function record<C extends ClinicalCollection>(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  collection: C,
  input: ClinicalInput<C>,
): Promise<FhirResource> {
  const resourceType = CLINICAL_COLLECTIONS[collection];
  const practice = callersPractice(context);
  const sharedWith = practice ? [] : await careOrganizationsOf(deps.database, patientId);
  return deps.database.transaction(async (tx) => {
    const txContext = onConnection(context, tx);
    const id = randomUUID();
    await authorize(txContext, 'create', {
      kind: 'clinical',
      id: null,
      patientId,
      organizationId: practice,
      sharedWith,
      entityType: resourceType,
      workflow: WORKFLOW,
      detail: { entryId: id },
    });
    const appointmentId = 'AppointmentId' in input ? (input.AppointmentId ?? null) : null;
    const encounter = appointmentId ? await encounterFor(deps, context, tx, patientId, appointmentId) : null;
    const now = deps.clock.now();
    const built = buildResource(
      collection,
      { id, patientId, author: authorOf(context), encounterId: encounter?.id ?? null, now },
      input,
    );
    const row = await store.insertEntry(tx, {
      id,
      resource_type: resourceType,
      patient_id: patientId,
      organization_id: practice,
      shared_with: sharedWith,
      encounter_id: encounter?.id ?? null,
      appointment_id: appointmentId,
      code_system: built.codeSystem,
      code: built.code,
      status: built.status,
      effective_at: built.effectiveAt,
      resource: built.resource,
      recorded_by: context.subject,
      now,
    });
    return toFhir(row);
  });
}

/** One entry by id: its owner practice (or a practice it is shared with), the patient, their account holder. */
export async function readEntry(
  deps: Deps,
  context: RequestContext,
  id: string,
  resourceType?: string,
): Promise<FhirResource> {
  const row = await store.entryById(deps.database, id);
  if (!row || (resourceType && row.resource_type !== resourceType))
    return notFoundAudited(context, 'read', 'clinical', id, {
      entityType: resourceType ?? 'ClinicalEntry',
      workflow: WORKFLOW,
    });
  await authorize(context, 'read', policyResource(row));
  return toFhir(row);
}

/** A change of status (resolved, stopped, entered in error...): only who may change the entry. */
export async function changeStatus(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  collection: ClinicalCollection,
  id: string,
  status: string,
): Promise<FhirResource> {
  const resourceType = CLINICAL_COLLECTIONS[collection];
  return deps.database.transaction(async (tx) => {
    const txContext = onConnection(context, tx);
    const row = await store.entryById(tx, id);
    if (!row || row.patient_id !== patientId || row.resource_type !== resourceType)
      return notFoundAudited(txContext, 'update', 'clinical', id, {
        entityType: resourceType,
        workflow: WORKFLOW,
      });
    // The policy lets only who recorded the entry change it (a practice reviewing a patient's entry records
    // its own).
    await authorize(txContext, 'update', policyResource(row));
    const updated = await store.updateEntry(tx, id, {
      status,
      resource: withStatus(row.resource, status),
      now: deps.clock.now(),
    });
    return toFhir(updated);
  });
}

/**
 * The rows a caller may list of one patient: the policy decides on the patient (a practice needs its care
 * relation), then a practice sees its own and shared entries, the patient and their account holder all.
 */
async function patientRows(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  resourceTypes: readonly string[],
  filter: Omit<store.EntryFilter, 'resourceTypes' | 'patientId'>,
): Promise<ClinicalList> {
  const relation: Exclude<Relation, 'none'> = await authorize(context, 'search', {
    kind: 'patient',
    id: patientId,
    patientId,
    entityType: resourceTypes.length === 1 ? resourceTypes[0] : 'ClinicalEntry',
    workflow: WORKFLOW,
  });
  const scope: store.RowScope =
    relation === 'care' && context.organizationId
      ? { kind: 'practice', organizationId: context.organizationId }
      : { kind: 'all' };
  const { rows, total } = await store.findEntries(deps.database, scope, {
    ...filter,
    resourceTypes,
    patientId,
  });
  return { Data: rows.map(toFhir), Total: total };
}

const listFilter = (query: ClinicalListQuery) => ({
  code: query.code ?? null,
  status: query.status ?? null,
  from: query.from ?? null,
  to: query.to ?? null,
  offset: query.Offset,
  limit: query.Limit,
});

export function listCollection(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  collection: ClinicalCollection,
  query: ClinicalListQuery,
): Promise<ClinicalList> {
  return patientRows(deps, context, patientId, [CLINICAL_COLLECTIONS[collection]], listFilter(query));
}

/** The patient's encounters (v1/patients/{id}/encounters), newest first. */
export function listEncounters(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  query: ClinicalListQuery,
): Promise<ClinicalList> {
  return patientRows(deps, context, patientId, ['Encounter'], listFilter(query));
}

/** An advance search (conditions, procedures) of one patient, criteria in the body. */
export function advanceSearch(
  deps: Deps,
  context: RequestContext,
  resourceType: 'Condition' | 'Procedure',
  criteria: { PatientId: string; Code?: string; Status?: string; Offset: number; Limit: number },
): Promise<ClinicalList> {
  return patientRows(deps, context, criteria.PatientId, [resourceType], {
    code: criteria.Code ?? null,
    status: criteria.Status ?? null,
    offset: criteria.Offset,
    limit: criteria.Limit,
  });
}

/** What was recorded during one encounter, of one type (observations, document references). */
export async function ofEncounter(
  deps: Deps,
  context: RequestContext,
  encounterId: string,
  resourceType: 'Observation' | 'DocumentReference',
): Promise<ClinicalList> {
  const encounter = await store.entryById(deps.database, encounterId);
  if (!encounter || encounter.resource_type !== 'Encounter')
    return notFoundAudited(context, 'read', 'clinical', encounterId, {
      entityType: 'Encounter',
      workflow: WORKFLOW,
    });
  const relation = await authorize(context, 'read', policyResource(encounter));
  const scope: store.RowScope =
    relation === 'care' && context.organizationId
      ? { kind: 'practice', organizationId: context.organizationId }
      : { kind: 'all' };
  const { rows, total } = await store.findEntries(deps.database, scope, {
    resourceTypes: [resourceType],
    encounterId,
    offset: 0,
    limit: 200,
  });
  return { Data: rows.map(toFhir), Total: total };
}

// ---------- read functions for the FHIR API (through index.ts) ----------

export interface FhirSearch {
  resourceType: string;
  patientId?: string | null;
  code?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  offset: number;
  count: number;
}

/**
 * A FHIR search over the clinical record: the rows the caller may see (a practice its own and shared entries,
 * a patient their own and their family's, support with a purpose all), one audit row naming the patients shown.
 */
export async function searchForFhir(
  deps: Deps,
  context: RequestContext,
  search: FhirSearch,
): Promise<{ resources: FhirResource[]; total: number }> {
  const scope = await patientScope(context);
  if (scope.kind === 'none')
    return denyList(context, 'clinical', scope.reason, { entityType: search.resourceType });
  const rowScope: store.RowScope =
    scope.kind === 'care'
      ? { kind: 'practice', organizationId: scope.organizationId }
      : scope.kind === 'patients'
        ? { kind: 'patients', patientIds: scope.patientIds }
        : { kind: 'all' };
  const { rows, total } = await store.findEntries(deps.database, rowScope, {
    resourceTypes: [search.resourceType],
    patientId: search.patientId ?? null,
    code: search.code ?? null,
    status: search.status ?? null,
    from: search.from ?? null,
    to: search.to ?? null,
    offset: search.offset,
    limit: search.count,
  });
  await recordList(context, 'search', 'clinical', [...new Set(rows.map((r) => r.patient_id))], {
    entityType: search.resourceType,
    workflow: 'FHIR_Search',
  });
  return { resources: rows.map(toFhir), total };
}

/** Every clinical entry of one patient the caller may see ($everything): after the policy allowed the patient. */
export async function everythingOf(
  deps: Deps,
  context: RequestContext,
  patientId: string,
): Promise<FhirResource[]> {
  const scope = await patientScope(context);
  const rowScope: store.RowScope =
    scope.kind === 'care' ? { kind: 'practice', organizationId: scope.organizationId } : { kind: 'all' };
  const { rows } = await store.findEntries(deps.database, rowScope, {
    resourceTypes: ['Encounter', ...Object.values(CLINICAL_COLLECTIONS)],
    patientId,
    offset: 0,
    limit: 5000,
  });
  return rows.map(toFhir);
}

/** The patient's completed immunizations, for their own health card (the caller was allowed the patient). */
export async function immunizationsForCard(deps: Deps, patientId: string): Promise<FhirResource[]> {
  const { rows } = await store.findEntries(
    deps.database,
    { kind: 'all' },
    {
      resourceTypes: ['Immunization'],
      patientId,
      status: 'completed',
      offset: 0,
      limit: 200,
    },
  );
  return rows.map(toFhir).reverse();
}

/** The start's sealing pass for this module's secrets (decision 0088): the health-card issuer keys. */
export const sealStoredSecrets = (database: Connection, secrets: SecretBox): Promise<number> =>
  store.sealHealthCardKeys(database, secrets);
