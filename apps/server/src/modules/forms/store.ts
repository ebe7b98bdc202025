import type { Connection } from '../../platform/db';

export interface CustomFormRow {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  form_type: string;
  definition: unknown;
  location_ids: string[];
  practitioner_ids: string[];
  healthcare_service_ids: string[];
  service_types: { Id: string; Name: string }[];
  insurance_ids: string[];
  version: number;
  active: boolean;
  sort_order: number;
  updated_at: Date | string;
}

/**
 * The active forms of one type a booking is associated with: the practice's forms whose facility, provider
 * and resource lists are empty (any) or hold the booking's. Ordered as the practice ordered them.
 */
export async function associatedForms(
  db: Connection,
  query: {
    formType: string;
    organizationId: string | null;
    locationId: string | null;
    /** The location's practice (organizations' read): null when the location is unknown, and no form matches. */
    locationOrganizationId: string | null;
    providerId: string | null;
    resourceId: string | null;
  },
): Promise<CustomFormRow[]> {
  return db.query<CustomFormRow>(
    `select f.* from custom_forms f
      where f.active and f.form_type = $1
        and ($2::uuid is null or f.organization_id = $2)
        and ($2::uuid is not null or $3::uuid is not null)
        and (cardinality(f.location_ids) = 0 or $3::uuid = any(f.location_ids))
        and (cardinality(f.practitioner_ids) = 0 or $4::uuid = any(f.practitioner_ids))
        and (cardinality(f.healthcare_service_ids) = 0 or $5::uuid = any(f.healthcare_service_ids))
        and ($3::uuid is null or f.organization_id = $6::uuid)
      order by f.sort_order, f.name, f.id`,
    [
      query.formType,
      query.organizationId,
      query.locationId,
      query.providerId,
      query.resourceId,
      query.locationOrganizationId,
    ],
  );
}

/** Every active form of one type of a practice, whatever it is associated with, in the practice's order. */
export async function practiceForms(
  db: Connection,
  organizationId: string,
  formType: string,
): Promise<CustomFormRow[]> {
  return db.query<CustomFormRow>(
    'select * from custom_forms where active and organization_id = $1 and form_type = $2 order by sort_order, name, id',
    [organizationId, formType],
  );
}

export async function formById(db: Connection, id: string): Promise<CustomFormRow | null> {
  const rows = await db.query<CustomFormRow>('select * from custom_forms where id = $1 and active', [id]);
  return rows[0] ?? null;
}

export interface ResponseRow {
  id: string;
  kind: 'response' | 'prebooking';
  custom_form_id: string;
  patient_id: string;
  entity_id: string | null;
  entity_type: string | null;
  entity_status: string | null;
  components: Record<string, unknown>;
  workflow: string | null;
  created_by: string;
  created_at: Date | string;
  form_version?: number;
  status?: 'in-progress' | 'completed';
  updated_at?: Date | string;
}

export async function insertResponse(
  db: Connection,
  row: Omit<ResponseRow, 'created_at'> & { now: Date },
): Promise<ResponseRow> {
  const rows = await db.query<ResponseRow>(
    `insert into custom_form_responses (id, kind, custom_form_id, patient_id, entity_id, entity_type, entity_status, components, workflow, created_by, created_at, updated_at, form_version, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13) returning *`,
    [
      row.id,
      row.kind,
      row.custom_form_id,
      row.patient_id,
      row.entity_id,
      row.entity_type,
      row.entity_status,
      JSON.stringify(row.components),
      row.workflow,
      row.created_by,
      row.now.toISOString(),
      row.form_version ?? 1,
      row.status ?? 'completed',
    ],
  );
  return rows[0]!;
}

/** A response with the practice whose form it answers (the practice that owns the answers). */
export async function responseById(
  db: Connection,
  id: string,
  kind: ResponseRow['kind'],
): Promise<(ResponseRow & { organization_id: string }) | null> {
  const rows = await db.query<ResponseRow & { organization_id: string }>(
    `select r.*, f.organization_id from custom_form_responses r join custom_forms f on f.id = r.custom_form_id
     where r.id = $1 and r.kind = $2`,
    [id, kind],
  );
  return rows[0] ?? null;
}

/** The practices whose forms a patient's file was given as an answer to (they share the file). */
export async function practicesAnsweredWithFile(
  db: Connection,
  patientId: string,
  fileId: string,
): Promise<string[]> {
  const rows = await db.query<{ organization_id: string }>(
    `select distinct f.organization_id from custom_form_responses r join custom_forms f on f.id = r.custom_form_id
     where r.patient_id = $1 and jsonb_path_exists(r.components, '$.** ? (@.FileId == $id)', jsonb_build_object('id', $2::text))`,
    [patientId, fileId],
  );
  return rows.map((r) => r.organization_id);
}

export interface NewFormRow {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  formType: string;
  definition: unknown;
  locationIds?: string[];
  practitionerIds?: string[];
  healthcareServiceIds?: string[];
  serviceTypes?: { Id: string; Name: string }[];
  sortOrder?: number;
}

export async function insertForm(db: Connection, row: NewFormRow): Promise<void> {
  await db.query(
    `insert into custom_forms (id, organization_id, name, description, form_type, definition, location_ids, practitioner_ids, healthcare_service_ids, service_types, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (id) do nothing`,
    [
      row.id,
      row.organizationId,
      row.name,
      row.description,
      row.formType,
      JSON.stringify(row.definition),
      row.locationIds ?? [],
      row.practitionerIds ?? [],
      row.healthcareServiceIds ?? [],
      JSON.stringify(row.serviceTypes ?? []),
      row.sortOrder ?? 0,
    ],
  );
}

// ---------- the form builder (decision 0093) ----------

export interface FormVersionRow {
  custom_form_id: string;
  version: number;
  name: string;
  form_type: string;
  definition: unknown;
  questionnaire: Record<string, unknown>;
  created_at: Date | string;
}

/** A form whatever its state (the builder edits inactive forms too). */
export async function anyFormById(db: Connection, id: string): Promise<CustomFormRow | null> {
  const rows = await db.query<CustomFormRow>('select * from custom_forms where id = $1', [id]);
  return rows[0] ?? null;
}

export async function formsByIds(db: Connection, ids: readonly string[]): Promise<CustomFormRow[]> {
  if (ids.length === 0) return [];
  return db.query<CustomFormRow>(
    'select * from custom_forms where id = any($1::uuid[]) order by sort_order, name',
    [ids],
  );
}

/** A practice's forms for the builder's list, optionally of one type and with the inactive ones. */
export async function organizationForms(
  db: Connection,
  organizationId: string,
  formType: string | null,
  includeInactive: boolean,
): Promise<CustomFormRow[]> {
  return db.query<CustomFormRow>(
    `select * from custom_forms where organization_id = $1 and ($2::text is null or form_type = $2)
       and ($3 or active) order by form_type, sort_order, name, id`,
    [organizationId, formType, includeInactive],
  );
}

export interface FormWrite {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  formType: string;
  definition: unknown;
  locationIds: string[];
  practitionerIds: string[];
  healthcareServiceIds: string[];
  serviceTypes: { Id: string; Name: string }[];
  sortOrder: number;
  active: boolean;
  version: number;
  now: Date;
}

export async function upsertForm(db: Connection, row: FormWrite): Promise<CustomFormRow> {
  const rows = await db.query<CustomFormRow>(
    `insert into custom_forms (id, organization_id, name, description, form_type, definition, location_ids,
        practitioner_ids, healthcare_service_ids, service_types, sort_order, active, version, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     on conflict (id) do update set name = excluded.name, description = excluded.description,
        form_type = excluded.form_type, definition = excluded.definition, location_ids = excluded.location_ids,
        practitioner_ids = excluded.practitioner_ids, healthcare_service_ids = excluded.healthcare_service_ids,
        service_types = excluded.service_types, sort_order = excluded.sort_order, active = excluded.active,
        version = excluded.version, updated_at = excluded.updated_at
     returning *`,
    [
      row.id,
      row.organizationId,
      row.name,
      row.description,
      row.formType,
      JSON.stringify(row.definition),
      row.locationIds,
      row.practitionerIds,
      row.healthcareServiceIds,
      JSON.stringify(row.serviceTypes),
      row.sortOrder,
      row.active,
      row.version,
      row.now.toISOString(),
    ],
  );
  return rows[0]!;
}

export async function insertVersion(
  db: Connection,
  row: Omit<FormVersionRow, 'created_at'> & { created_by: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into custom_form_versions (custom_form_id, version, name, form_type, definition, questionnaire, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
    [
      row.custom_form_id,
      row.version,
      row.name,
      row.form_type,
      JSON.stringify(row.definition),
      JSON.stringify(row.questionnaire),
      row.created_by,
      row.now.toISOString(),
    ],
  );
}

export async function formVersion(
  db: Connection,
  formId: string,
  version: number,
): Promise<FormVersionRow | null> {
  const rows = await db.query<FormVersionRow>(
    'select * from custom_form_versions where custom_form_id = $1 and version = $2',
    [formId, version],
  );
  return rows[0] ?? null;
}

export async function formVersions(db: Connection, formId: string): Promise<FormVersionRow[]> {
  return db.query<FormVersionRow>(
    'select * from custom_form_versions where custom_form_id = $1 order by version desc',
    [formId],
  );
}

/** The responses about one entity (a visit), with the practice owning each form. */
export async function responsesOfEntity(
  db: Connection,
  entityId: string,
): Promise<(ResponseRow & { organization_id: string })[]> {
  return db.query<ResponseRow & { organization_id: string }>(
    `select r.*, f.organization_id from custom_form_responses r join custom_forms f on f.id = r.custom_form_id
      where r.entity_id = $1 and r.kind = 'response' order by r.created_at, r.id`,
    [entityId],
  );
}

/** The one response of a form about an entity (a visit's check-in answers are kept per form). */
export async function responseOfEntityForm(
  db: Connection,
  entityId: string,
  formId: string,
): Promise<ResponseRow | null> {
  const rows = await db.query<ResponseRow>(
    `select * from custom_form_responses where entity_id = $1 and custom_form_id = $2 and kind = 'response'
      order by created_at desc limit 1`,
    [entityId, formId],
  );
  return rows[0] ?? null;
}

export async function updateResponseAnswers(
  db: Connection,
  id: string,
  change: {
    components: Record<string, unknown>;
    status: 'in-progress' | 'completed';
    formVersion: number;
    now: Date;
  },
): Promise<ResponseRow> {
  const rows = await db.query<ResponseRow>(
    `update custom_form_responses set components = $2, status = $3, form_version = $4, updated_at = $5
      where id = $1 returning *`,
    [id, JSON.stringify(change.components), change.status, change.formVersion, change.now.toISOString()],
  );
  return rows[0]!;
}
