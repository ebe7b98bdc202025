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
        and ($3::uuid is null or f.organization_id = (select organization_id from locations where id = $3))
      order by f.sort_order, f.name, f.id`,
    [query.formType, query.organizationId, query.locationId, query.providerId, query.resourceId],
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
}

export async function insertResponse(
  db: Connection,
  row: Omit<ResponseRow, 'created_at'> & { now: Date },
): Promise<ResponseRow> {
  const rows = await db.query<ResponseRow>(
    `insert into custom_form_responses (id, kind, custom_form_id, patient_id, entity_id, entity_type, entity_status, components, workflow, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
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
