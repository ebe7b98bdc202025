import { randomUUID } from 'node:crypto';
import {
  formDefinitionSchema,
  type CheckInFormResponse,
  type CustomForm,
  type CustomFormType,
  type FormAnswers,
} from '@careslot/contracts';
import { formsForReason, keptAnswers, unknownAnswerKeys, validateFormAnswers } from '@careslot/domain';
import { authorize } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError } from '../../platform/errors';
import { fileRefs } from '../../platform/files';
import { formAtVersion, toForm } from './builder';
import { toQuestionnaireResponse } from './fhir';
import * as store from './store';

/**
 * The forms of a visit and their answers, for the check-in module (issue 26 item 2). Which forms: the practice's
 * intake, assessment and consent forms associated with the visit's facility, provider and resource, filtered by
 * its reason with the 'all reasons' rule of §3.9 (the first form for all reasons keeps every form). One response
 * per form and visit, saved as the patient goes (in progress) and checked when completed.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

export const CHECKIN_FORM_TYPES: readonly CustomFormType[] = ['Intake Form', 'Assessment', 'Consent'];

export interface VisitForForms {
  appointmentId: string;
  patientId: string;
  organizationId: string;
  locationId: string | null;
  providerId: string | null;
  resourceId: string | null;
  /** The visit's reasons: ids and names (a reason booked by name matches a form's reason by name). */
  reasons: { Id: string | null; Name: string | null }[];
}

function forReasons(forms: CustomForm[], reasons: VisitForForms['reasons']): CustomForm[] {
  if (reasons.length === 0) return formsForReason(forms, null);
  const names = new Set(reasons.map((r) => r.Name?.trim().toLowerCase()).filter(Boolean));
  // A form listing the reason by name counts as listing its id.
  const normalized = forms.map((f) => ({
    form: f,
    AssociatedServiceTypes: f.AssociatedServiceTypes.map((t) =>
      names.has(t.Name.trim().toLowerCase()) ? { ...t, Id: reasons[0]!.Id ?? reasons[0]!.Name ?? t.Id } : t,
    ),
  }));
  const kept = new Set<CustomForm>();
  for (const reason of reasons)
    for (const f of formsForReason(normalized, reason.Id ?? reason.Name)) kept.add(f.form);
  return forms.filter((f) => kept.has(f));
}

/** The forms the visit's patient fills at check-in, in the practice's order per type (intake, assessment, consent). */
export async function formsForVisit(db: Connection, visit: VisitForForms): Promise<CustomForm[]> {
  const out: CustomForm[] = [];
  for (const formType of CHECKIN_FORM_TYPES) {
    const rows = await store.associatedForms(db, {
      formType,
      organizationId: visit.organizationId,
      locationId: null,
      locationOrganizationId: null,
      providerId: visit.providerId,
      resourceId: visit.resourceId,
    });
    const located = rows.filter(
      (r) =>
        r.location_ids.length === 0 ||
        (visit.locationId !== null && r.location_ids.includes(visit.locationId)),
    );
    out.push(
      ...forReasons(
        located.map((r) => toForm(r)),
        visit.reasons,
      ),
    );
  }
  return out;
}

function toVisitResponse(row: store.ResponseRow, form: CustomForm): CheckInFormResponse {
  return {
    Id: row.id,
    CustomFormId: row.custom_form_id,
    FormName: form.Name,
    FormType: form.FormType,
    FormVersion: row.form_version ?? 1,
    Status: row.status ?? 'completed',
    Components: row.components as FormAnswers,
    UpdatedOn: new Date(row.updated_at ?? row.created_at).toISOString(),
  };
}

/**
 * Saves the patient's answers to one form of the visit (as `context`, the patient or the visit's link). In
 * progress: kept as given (no unknown keys, not yet checked for completeness); completed: every visible
 * required question answered with the right kind of value, only visible answers kept. A saved response keeps
 * its version; answering again after the form changed moves it to the current version.
 */
export async function saveVisitResponse(
  deps: Deps,
  context: RequestContext,
  visit: VisitForForms,
  input: { CustomFormId: string; Components: FormAnswers; Status: 'in-progress' | 'completed' },
  workflow: string,
): Promise<CheckInFormResponse> {
  const form = (await formsForVisit(deps.database, visit)).find((f) => f.Id === input.CustomFormId);
  if (!form) throw fieldError('CustomFormId', 'exists', 'This form is not one of the visit');
  const existing = await store.responseOfEntityForm(deps.database, visit.appointmentId, form.Id);
  const id = existing?.id ?? randomUUID();
  await authorize(context, existing ? 'update' : 'create', {
    kind: 'form-response',
    id,
    patientId: visit.patientId,
    organizationId: visit.organizationId,
    workflow,
    detail: {
      appointmentId: visit.appointmentId,
      formId: form.Id,
      version: form.Version ?? 1,
      status: input.Status,
    },
  });
  const definition = form.Definition;
  const unknown = unknownAnswerKeys(definition, input.Components);
  if (unknown.length > 0)
    throw badRequest(
      unknown.map((k) => ({
        field: `Components.${k}`,
        rule: 'unknown',
        message: 'is not a question of this form',
      })),
    );
  let components: FormAnswers = input.Components;
  if (input.Status === 'completed') {
    const errors = validateFormAnswers(definition, input.Components);
    const labels = new Map(definition.Sections.flatMap((s) => s.Components).map((c) => [c.Key, c.Label]));
    if (Object.keys(errors).length > 0)
      throw badRequest(
        Object.entries(errors).map(([k, rule]) => ({
          field: `Components.${k}`,
          rule,
          message: `${labels.get(k) ?? k}: ${rule === 'required' ? 'an answer is required' : `the answer breaks the '${rule}' rule`}`,
        })),
      );
    components = keptAnswers(definition, input.Components) as FormAnswers;
  }
  const fileIds = Object.values(components).flatMap((v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? [v.FileId] : [],
  );
  const files = await fileRefs(deps.database, fileIds);
  for (const fileId of fileIds)
    if (files.find((f) => f.FileId === fileId)?.patientId !== visit.patientId)
      throw fieldError('Components', 'file', 'refers to a file this patient did not upload');
  const now = deps.clock.now();
  const row = existing
    ? await store.updateResponseAnswers(deps.database, id, {
        components,
        status: input.Status,
        formVersion: form.Version ?? 1,
        now,
      })
    : await store.insertResponse(deps.database, {
        id,
        kind: 'response',
        custom_form_id: form.Id,
        patient_id: visit.patientId,
        entity_id: visit.appointmentId,
        entity_type: 'Appointment',
        entity_status: null,
        components,
        workflow,
        created_by: context.subject ?? 'unknown',
        now,
        form_version: form.Version ?? 1,
        status: input.Status,
      });
  return toVisitResponse(row, form);
}

/**
 * The visit's responses with the form version each answered (labels for the answers). Each read goes through
 * the policy (the practice owning the form, the patient, their account holder).
 */
export async function visitResponses(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  workflow: string,
): Promise<{ responses: CheckInFormResponse[]; forms: CustomForm[] }> {
  const rows = await store.responsesOfEntity(deps.database, appointmentId);
  const responses: CheckInFormResponse[] = [];
  const forms: CustomForm[] = [];
  for (const row of rows) {
    await authorize(context, 'read', {
      kind: 'form-response',
      id: row.id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow,
    });
    const form = await formAtVersion(deps.database, row.custom_form_id, row.form_version ?? 1);
    if (!form) continue;
    responses.push(toVisitResponse(row, form));
    if (!forms.some((f) => f.Id === form.Id && f.Version === form.Version)) forms.push(form);
  }
  return { responses, forms };
}

/** A response's FHIR QuestionnaireResponse (for exports and the clinical record; the caller authorizes). */
export async function questionnaireResponseOf(
  db: Connection,
  responseId: string,
): Promise<{ resource: Record<string, unknown>; patientId: string; organizationId: string } | null> {
  const row = await store.responseById(db, responseId, 'response');
  if (!row) return null;
  const form = await formAtVersion(db, row.custom_form_id, row.form_version ?? 1);
  if (!form) return null;
  return {
    patientId: row.patient_id,
    organizationId: row.organization_id,
    resource: toQuestionnaireResponse({
      id: row.id,
      formId: row.custom_form_id,
      formVersion: row.form_version ?? 1,
      patientId: row.patient_id,
      status: row.status ?? 'completed',
      authored: new Date(row.updated_at ?? row.created_at),
      definition: formDefinitionSchema.parse(form.Definition),
      answers: row.components as FormAnswers,
    }),
  };
}

/** A response row with its practice (the check-in's consent PDF). */
export async function visitResponseById(
  db: Connection,
  id: string,
): Promise<
  | (CheckInFormResponse & {
      PatientId: string;
      OrganizationId: string;
      AppointmentId: string | null;
      Form: CustomForm;
    })
  | null
> {
  const row = await store.responseById(db, id, 'response');
  if (!row) return null;
  const form = await formAtVersion(db, row.custom_form_id, row.form_version ?? 1);
  if (!form) return null;
  return {
    ...toVisitResponse(row, form),
    PatientId: row.patient_id,
    OrganizationId: row.organization_id,
    AppointmentId: row.entity_id,
    Form: form,
  };
}
