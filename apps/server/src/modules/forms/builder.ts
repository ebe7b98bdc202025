import { randomUUID } from 'node:crypto';
import {
  formDefinitionSchema,
  type CustomForm,
  type CustomFormInput,
  type CustomFormType,
  type FormDefinition,
} from '@careslot/contracts';
import { authorizePractice, ROLE_SETS } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import type { Connection } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { toQuestionnaire } from './fhir';
import * as store from './store';

/**
 * The form builder (issue 26 item 1; decision 0093): a practice admin creates and edits custom forms of the four
 * types. Each saved change of the questions is a new version (kept with its FHIR Questionnaire); a response
 * keeps the version it answered. Any user of the practice reads its forms; only its admins change them.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

const WORKFLOWS = { add: 'Custom_Form_Add_Web', edit: 'Custom_Form_Edit_Web' } as const;
const ENTITY = 'CustomForm';

export function toForm(row: store.CustomFormRow, at?: store.FormVersionRow | null): CustomForm {
  return {
    Id: row.id,
    Name: at?.name ?? row.name,
    Description: row.description,
    FormType: (at?.form_type ?? row.form_type) as CustomFormType,
    OrganizationId: row.organization_id,
    AssociatedServiceTypes: row.service_types,
    Definition: formDefinitionSchema.parse(at?.definition ?? row.definition),
    Version: at?.version ?? row.version ?? 1,
    LocationIds: row.location_ids,
    ProviderIds: row.practitioner_ids,
    ResourceIds: row.healthcare_service_ids,
    Active: row.active ?? true,
  };
}

/** Keys are answers' keys: each must be unique in the form, and a condition must name an earlier question. */
function checkDefinition(definition: FormDefinition): void {
  const seen = new Map<string, string>();
  definition.Sections.forEach((section, s) =>
    section.Components.forEach((component, c) => {
      const field = `Definition.Sections.${s}.Components.${c}`;
      if (seen.has(component.Key))
        throw fieldError(`${field}.Key`, 'unique', 'Each question needs its own key');
      if (component.ShowWhen && !seen.has(component.ShowWhen.Key))
        throw fieldError(`${field}.ShowWhen.Key`, 'earlier', 'A condition must name an earlier question');
      if (
        (component.Type === 'choice' || component.Type === 'multi-choice') &&
        (component.Options?.length ?? 0) < 1
      )
        throw fieldError(`${field}.Options`, 'required', 'A choice question needs its options');
      seen.set(component.Key, component.Type);
    }),
  );
}

/** The form at one version (the current row when the version was never snapshotted: a seeded or first form). */
export async function formAtVersion(
  db: Connection,
  formId: string,
  version: number,
): Promise<CustomForm | null> {
  const row = await store.anyFormById(db, formId);
  if (!row) return null;
  if (version === row.version) return toForm(row);
  const at = await store.formVersion(db, formId, version);
  return at ? toForm(row, at) : null;
}

function questionnaireOfRow(row: store.CustomFormRow, now: Date): Record<string, unknown> {
  return toQuestionnaire({
    id: row.id,
    name: row.name,
    description: row.description,
    formType: row.form_type,
    version: row.version,
    active: row.active,
    definition: formDefinitionSchema.parse(row.definition),
    date: new Date(row.updated_at ?? now),
  });
}

async function snapshot(db: Connection, row: store.CustomFormRow, createdBy: string, now: Date) {
  await store.insertVersion(db, {
    custom_form_id: row.id,
    version: row.version,
    name: row.name,
    form_type: row.form_type,
    definition: row.definition,
    questionnaire: questionnaireOfRow(row, now),
    created_by: createdBy,
    now,
  });
}

/** POST customform/organization/{id}: the practice's forms (any user of the practice; support reads). */
export async function organizationForms(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  query: { FormType?: CustomFormType | null; IncludeInactive: boolean },
): Promise<CustomForm[]> {
  await authorizePractice(
    context,
    'search',
    { organizationId, entityType: ENTITY, id: null, detail: { formType: query.FormType ?? null } },
    { supportReads: true },
  );
  const rows = await store.organizationForms(
    deps.database,
    organizationId,
    query.FormType ?? null,
    query.IncludeInactive,
  );
  return rows.map((row) => toForm(row));
}

async function readable(deps: Deps, context: RequestContext, id: string): Promise<store.CustomFormRow> {
  const row = await store.anyFormById(deps.database, id);
  await authorizePractice(
    context,
    'read',
    { organizationId: row?.organization_id ?? null, entityType: ENTITY, id },
    { supportReads: true },
  );
  return row!;
}

/** GET customform/{id}: one form (current version, or `version`). */
export async function getForm(
  deps: Deps,
  context: RequestContext,
  id: string,
  version?: number,
): Promise<CustomForm> {
  const row = await readable(deps, context, id);
  if (version == null || version === row.version) return toForm(row);
  const at = await store.formVersion(deps.database, id, version);
  if (!at) throw fieldError('version', 'exists', 'No such version of this form');
  return toForm(row, at);
}

/** GET customform/{id}/questionnaire: the form version as a FHIR R4 Questionnaire. */
export async function getQuestionnaire(
  deps: Deps,
  context: RequestContext,
  id: string,
  version?: number,
): Promise<Record<string, unknown>> {
  const row = await readable(deps, context, id);
  if (version == null || version === row.version) return questionnaireOfRow(row, deps.clock.now());
  const at = await store.formVersion(deps.database, id, version);
  if (!at) throw fieldError('version', 'exists', 'No such version of this form');
  return at.questionnaire;
}

/** POST customformgetbyids: several forms of the caller's practice at once (unknown or other practices' left out). */
export async function formsByIds(
  deps: Deps,
  context: RequestContext,
  ids: readonly string[],
): Promise<CustomForm[]> {
  const rows = await store.formsByIds(deps.database, ids);
  const out: CustomForm[] = [];
  for (const row of rows) {
    try {
      await readable(deps, context, row.id);
      out.push(toForm(row));
    } catch {
      // another practice's form reads as unknown: left out of the list (audited by the policy)
    }
  }
  return out;
}

function writeOf(input: CustomFormInput, id: string, version: number, now: Date): store.FormWrite {
  return {
    id,
    organizationId: input.OrganizationId,
    name: input.Name,
    description: input.Description ?? null,
    formType: input.FormType,
    definition: input.Definition,
    locationIds: input.LocationIds,
    practitionerIds: input.ProviderIds,
    healthcareServiceIds: input.ResourceIds,
    serviceTypes: input.AssociatedServiceTypes,
    sortOrder: input.SortOrder,
    active: input.Active,
    version,
    now,
  };
}

/** POST customform: a new form of the caller's practice (its admins), version 1. */
export async function createForm(
  deps: Deps,
  context: RequestContext,
  input: CustomFormInput,
): Promise<CustomForm> {
  checkDefinition(input.Definition);
  const id = randomUUID();
  await authorizePractice(
    context,
    'create',
    { organizationId: input.OrganizationId, entityType: ENTITY, id, workflow: WORKFLOWS.add },
    ROLE_SETS.ADMINS,
  );
  const now = deps.clock.now();
  const row = await deps.database.transaction(async (tx) => {
    const saved = await store.upsertForm(tx, writeOf(input, id, 1, now));
    await snapshot(tx, saved, context.subject ?? 'unknown', now);
    return saved;
  });
  return toForm(row);
}

/**
 * PUT customform/{id}: edits a form of the caller's practice (its admins). A change of the questions, the name
 * or the type makes a new version; associations and order change in place (they are no part of what a patient
 * answered). A form moves to no other practice.
 */
export async function updateForm(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: CustomFormInput,
): Promise<CustomForm> {
  checkDefinition(input.Definition);
  const current = await store.anyFormById(deps.database, id);
  await authorizePractice(
    context,
    'update',
    { organizationId: current?.organization_id ?? null, entityType: ENTITY, id, workflow: WORKFLOWS.edit },
    ROLE_SETS.ADMINS,
  );
  if (current!.organization_id !== input.OrganizationId)
    throw fieldError('OrganizationId', 'unchanged', 'A form stays with its practice');
  const changed =
    current!.name !== input.Name ||
    current!.form_type !== input.FormType ||
    JSON.stringify(formDefinitionSchema.parse(current!.definition)) !== JSON.stringify(input.Definition);
  const now = deps.clock.now();
  const row = await deps.database.transaction(async (tx) => {
    // The answered version stays readable: a form never snapshotted (seeded) is kept as it was first.
    await snapshot(tx, current!, context.subject ?? 'unknown', now);
    const saved = await store.upsertForm(
      tx,
      writeOf(input, id, changed ? current!.version + 1 : current!.version, now),
    );
    if (changed) await snapshot(tx, saved, context.subject ?? 'unknown', now);
    return saved;
  });
  return toForm(row);
}

/** The versions of a form, newest first (the builder's history). */
export async function versionsOf(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<{ Version: number; Name: string; CreatedOn: string }[]> {
  await readable(deps, context, id);
  return (await store.formVersions(deps.database, id)).map((v) => ({
    Version: v.version,
    Name: v.name,
    CreatedOn: new Date(v.created_at).toISOString(),
  }));
}
