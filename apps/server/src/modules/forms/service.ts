import { randomUUID } from 'node:crypto';
import {
  AUDIT_SYSTEM,
  formDefinitionSchema,
  UPLOAD_RULES,
  type CustomForm,
  type CustomFormResponse,
  type CustomFormResponseInput,
  type CustomFormType,
  type FileUpload,
  type FormAnswers,
  type FormAssociationQuery,
  type FormDefinition,
  type PreBookingResponse,
  type PreBookingResponseInput,
  type StoredFileRef,
} from '@careslot/contracts';
import {
  formsForReason,
  keptAnswers,
  unknownAnswerKeys,
  validateFormAnswers,
  visibleComponents,
} from '@careslot/domain';
import { authorize, authorizePractice, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError } from '../../platform/errors';
import { checkUpload, fileRefs, findFile, storeFile, type StoredFileRow } from '../../platform/files';
import { getLocation } from '../organizations';
import { toForm } from './builder';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

async function associated(
  deps: Deps,
  formType: CustomFormType,
  query: FormAssociationQuery,
): Promise<CustomForm[]> {
  if (!query.OrganizationId && !query.LocationId)
    throw fieldError('OrganizationId', 'required', 'give OrganizationId or LocationId');
  const location = query.LocationId ? await getLocation(deps.database, query.LocationId) : null;
  const rows = await store.associatedForms(deps.database, {
    formType,
    organizationId: query.OrganizationId ?? null,
    locationId: query.LocationId ?? null,
    locationOrganizationId: location?.OrganizationId ?? null,
    providerId: query.ProviderId ?? null,
    resourceId: query.ResourceId ?? null,
  });
  return rows.map((row) => toForm(row));
}

/** POST customform/associateforms: every form of the type associated with the practice, facility, provider or resource. */
export async function associateForms(
  deps: Deps,
  formType: CustomFormType,
  query: FormAssociationQuery,
): Promise<CustomForm[]> {
  return associated(deps, formType, query);
}

/** POST customform/eligibleForms: the associated forms that apply to the chosen reason (4.3 step 7, 'all reasons'). */
export async function eligibleForms(
  deps: Deps,
  formType: CustomFormType,
  query: FormAssociationQuery,
): Promise<CustomForm[]> {
  return formsForReason(await associated(deps, formType, query), query.ReasonId);
}

/**
 * GET assessment-forms (orgId): a practice's assessment forms, loaded with the practice data at sign-in
 * (practice-portal.md §4.4). A practice user reads their own practice's; super users and support agents any.
 * Another practice answers as if it did not exist.
 */
export async function assessmentForms(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<CustomForm[]> {
  // A practice's form definitions are no patient's data: the practice boundary, a refusal audited.
  await authorizePractice(
    context,
    'read',
    { organizationId, entityType: 'CustomForm', id: organizationId },
    { supportReads: true, audit: 'refusals' },
  );
  return (await store.practiceForms(deps.database, organizationId, 'Assessment')).map((row) => toForm(row));
}

/**
 * The answers checked against the form: no unknown keys, every visible required component answered with the
 * right kind of value, files the patient's own uploads. Only visible answers are kept.
 */
async function checkedAnswers(
  deps: Deps,
  definition: FormDefinition,
  answers: FormAnswers,
  patientId: string,
  field: string,
): Promise<FormAnswers> {
  const unknown = unknownAnswerKeys(definition, answers);
  if (unknown.length > 0)
    throw badRequest(
      unknown.map((k) => ({
        field: `${field}.${k}`,
        rule: 'unknown',
        message: 'is not a question of this form',
      })),
    );
  const errors = validateFormAnswers(definition, answers);
  const labels = new Map(visibleComponents(definition, answers).map((c) => [c.Key, c.Label]));
  if (Object.keys(errors).length > 0) {
    throw badRequest(
      Object.entries(errors).map(([k, rule]) => ({
        field: `${field}.${k}`,
        rule,
        message: `${labels.get(k) ?? k}: ${rule === 'required' ? 'an answer is required' : `the answer breaks the '${rule}' rule`}`,
      })),
    );
  }
  const kept = keptAnswers(definition, answers) as FormAnswers;
  const fileIds = Object.values(kept).flatMap((v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? [v.FileId] : [],
  );
  const files = await fileRefs(deps.database, fileIds);
  for (const id of fileIds) {
    const file = files.find((f) => f.FileId === id);
    if (!file || file.patientId !== patientId)
      throw fieldError(field, 'file', 'refers to a file this patient did not upload');
  }
  return kept;
}

async function activeForm(deps: Deps, id: string): Promise<store.CustomFormRow> {
  const form = await store.formById(deps.database, id);
  if (!form) throw fieldError('CustomFormId', 'exists', 'No active form with this id');
  return form;
}

function toResponse(row: store.ResponseRow): CustomFormResponse {
  return {
    Id: row.id,
    CustomFormId: row.custom_form_id,
    UserId: row.patient_id,
    EntityId: row.entity_id,
    EntityType: row.entity_type,
    EntityStatus: row.entity_status,
    Components: row.components as FormAnswers,
    WorkFlow: row.workflow,
    AuditTrail: {
      CreatedBySystem: AUDIT_SYSTEM,
      LastChangedBySystem: AUDIT_SYSTEM,
      WorkflowOrServiceName: row.workflow,
      CreatedOn: new Date(row.created_at).toISOString(),
    },
  };
}

/** POST customformresponse: a patient's answers to a form. */
export async function saveResponse(
  deps: Deps,
  context: RequestContext,
  input: CustomFormResponseInput,
): Promise<CustomFormResponse> {
  const form = await activeForm(deps, input.CustomFormId);
  const id = randomUUID();
  // The answers belong to the practice whose form they answer.
  await authorize(context, 'create', {
    kind: 'form-response',
    id,
    patientId: input.UserId,
    organizationId: form.organization_id,
    workflow: input.WorkFlow ?? null,
  });
  const components = await checkedAnswers(
    deps,
    formDefinitionSchema.parse(form.definition),
    input.Components,
    input.UserId,
    'Components',
  );
  const row = await store.insertResponse(deps.database, {
    id,
    kind: 'response',
    custom_form_id: form.id,
    patient_id: input.UserId,
    entity_id: input.EntityId ?? null,
    entity_type: input.EntityType ?? null,
    entity_status: input.EntityStatus ?? null,
    components,
    workflow: input.WorkFlow ?? null,
    created_by: context.subject ?? 'unknown',
    now: deps.clock.now(),
    form_version: form.version,
  });
  return toResponse(row);
}

/** The patient, their account holder and the practice whose form it answers; 404 for anyone else. */
async function readable(
  deps: Deps,
  context: RequestContext,
  id: string,
  kind: store.ResponseRow['kind'],
  entityType: string,
): Promise<store.ResponseRow> {
  const row = await store.responseById(deps.database, id, kind);
  if (!row) return notFoundAudited(context, 'read', 'form-response', id, { entityType });
  await authorize(context, 'read', {
    kind: 'form-response',
    id,
    patientId: row.patient_id,
    organizationId: row.organization_id,
    entityType,
  });
  return row;
}

export async function getResponse(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<CustomFormResponse> {
  return toResponse(await readable(deps, context, id, 'response', 'CustomFormResponse'));
}

function toPreBooking(row: store.ResponseRow): PreBookingResponse {
  return {
    Id: row.id,
    CustomFormId: row.custom_form_id,
    PatientId: row.patient_id,
    CustomFormResponse: row.components as FormAnswers,
    CreatedOn: new Date(row.created_at).toISOString(),
  };
}

/** POST WebPreBookingResponse: the screening answers given before the booking exists. */
export async function savePreBookingResponse(
  deps: Deps,
  context: RequestContext,
  input: PreBookingResponseInput,
): Promise<PreBookingResponse> {
  const patientId = input.PatientId ?? context.userId;
  if (!patientId)
    throw fieldError('PatientId', 'required', 'PatientId is required for a caller without a patient record');
  const form = await activeForm(deps, input.CustomFormId);
  const id = randomUUID();
  await authorize(context, 'create', {
    kind: 'form-response',
    id,
    patientId,
    organizationId: form.organization_id,
    entityType: 'PreBookingResponse',
    workflow: 'Online_Booking_Web',
  });
  const components = await checkedAnswers(
    deps,
    formDefinitionSchema.parse(form.definition),
    input.CustomFormResponse,
    patientId,
    'CustomFormResponse',
  );
  const row = await store.insertResponse(deps.database, {
    id,
    kind: 'prebooking',
    custom_form_id: form.id,
    patient_id: patientId,
    entity_id: null,
    entity_type: null,
    entity_status: null,
    components,
    workflow: 'Online_Booking_Web',
    created_by: context.subject ?? 'unknown',
    now: deps.clock.now(),
  });
  return toPreBooking(row);
}

export async function getPreBookingResponse(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PreBookingResponse> {
  return toPreBooking(await readable(deps, context, id, 'prebooking', 'PreBookingResponse'));
}

/** A file a form answer refers to (images or PDF, 5 MB). */
export async function uploadFormFile(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  upload: FileUpload,
): Promise<StoredFileRef> {
  // Not yet an answer to any form: shared with no practice until a response names it.
  await authorize(context, 'create', {
    kind: 'file',
    id: null,
    patientId,
    sharedWith: [],
    entityType: 'FormFile',
  });
  const bytes = checkUpload(upload, UPLOAD_RULES.contentTypes);
  return storeFile(deps.database, {
    patientId,
    purpose: 'form',
    upload,
    bytes,
    createdBy: context.subject ?? 'unknown',
    now: deps.clock.now(),
  });
}

/**
 * A form file the caller may read, else 404: the patient and their account holder, and the practices whose
 * forms it answers (never another practice that merely cares for the patient).
 */
export async function readPatientFile(
  deps: Deps,
  context: RequestContext,
  id: string,
  purpose: string,
): Promise<StoredFileRow> {
  const file = await findFile(deps.database, id);
  if (!file || file.purpose !== purpose) return notFoundAudited(context, 'read', 'file', id);
  const sharedWith = await store.practicesAnsweredWithFile(deps.database, file.patient_id, id);
  await authorize(context, 'read', { kind: 'file', id, patientId: file.patient_id, sharedWith });
  return file;
}
