import { randomUUID } from 'node:crypto';
import {
  AUDIT_SYSTEM,
  UPLOAD_RULES,
  type Coverage,
  type CoverageInput,
  type FileUpload,
  type Patient,
  type PatientPatch,
} from '@careslot/contracts';
import { isInsured } from '@careslot/domain';
import { authorize, notFoundAudited } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Database } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { checkUpload, findFile, storeFile, type StoredFileRow } from '../../platform/files';
import { insurancePlansByIds } from '../catalog';
import { getOrganization } from '../organizations';
import { accessiblePatient, getPatientById, shapeCoverage } from './service';
import * as store from './patient-updates-store';
import type { PatientColumn } from './patient-updates-store';
import type { CoverageRow } from './store';

/**
 * What the booking flow changes in the directory: a patient's demographics (PUT/PATCH v2/patient/{id}) and
 * coverages with their card pictures. Every change is authorized by the access policy (the patient, their
 * account holder, a practice with a care relation), which audits it with the names of the fields asked to
 * change, never their values. `workflow` is recorded on the row and in the audit (e.g. Online_Booking_Web).
 */

const V2 = '/careslot-administration/api/v2';

const lastTen = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-10);

/** PUT (every field) or PATCH (some): a changed mobile number is no longer verified. */
export async function updatePatient(
  database: Database,
  context: RequestContext,
  workflow: string | null,
  patientId: string,
  change: PatientPatch,
): Promise<Patient> {
  const fields = Object.entries(change).flatMap(([field, value]) => (value === undefined ? [] : [field]));
  await accessiblePatient(database, context, patientId, 'update', { workflow, detail: { fields } });
  const changed: string[] = [];
  // Read before the transaction: on PGlite the transaction holds the one connection the organizations read needs.
  const organizationKnown =
    change.ManagingOrganization !== undefined &&
    (await getOrganization(database, change.ManagingOrganization.toLowerCase())) !== null;
  await database.transaction(async (tx) => {
    const current = await store.lockPatientForUpdate(tx, patientId);
    const columns: [PatientColumn, unknown][] = [];
    const set = (column: PatientColumn, value: unknown, field: string) => {
      columns.push([column, value]);
      if (!changed.includes(field)) changed.push(field);
    };
    if (change.FirstName !== undefined) set('first_name', change.FirstName, 'FirstName');
    if (change.LastName !== undefined) set('last_name', change.LastName, 'LastName');
    if (change.BirthDate !== undefined) set('birth_date', change.BirthDate, 'BirthDate');
    if (change.Gender !== undefined) set('gender', change.Gender, 'Gender');
    if (change.Email !== undefined) set('email', change.Email, 'Email');
    if (change.Mobile !== undefined && lastTen(change.Mobile) !== lastTen(current?.mobile ?? null)) {
      set('mobile', change.Mobile, 'Mobile');
      set('mobile_verified', false, 'Mobile');
    }
    if (change.ManagingOrganization !== undefined) {
      const wanted = change.ManagingOrganization.toLowerCase();
      const existing = current?.managing_organization_id ?? null;
      if (existing && existing !== wanted)
        throw fieldError(
          'ManagingOrganization',
          'already_set',
          'the patient already has a managing organization',
        );
      if (!existing) {
        if (!organizationKnown)
          throw fieldError('ManagingOrganization', 'exists', 'No organization with this id');
        set('managing_organization_id', wanted, 'ManagingOrganization');
      }
    }
    if (change.Communication !== undefined)
      set('languages', [...new Set(change.Communication)], 'Communication');
    if (change.Address !== undefined) {
      set('address1', change.Address.Address1, 'Address');
      set('address2', change.Address.Address2, 'Address');
      set('city', change.Address.City, 'Address');
      set('state', change.Address.State, 'Address');
      set('zip_code', change.Address.ZipCode, 'Address');
    }
    await store.updatePatientColumns(tx, patientId, columns, {
      now: new Date().toISOString(),
      system: AUDIT_SYSTEM,
      workflow,
    });
  });
  return (await getPatientById(database, patientId))!;
}

// ---------- coverages ----------

/**
 * Does the patient have insurance on file that counts for a visit fee (decision 0036): an Active coverage of
 * theirs (the named one, when the booking names it) whose period has not ended, that is not self-pay, and
 * whose eligibility, when checked, did not come back inactive. No access check: payments asks for a patient
 * the caller was already allowed to act for.
 */
export async function hasCoverageOnFile(
  database: Database,
  input: { patientId: string; coverageId?: string | null; today: Date },
): Promise<boolean> {
  const rows = await store.currentInsuranceCoverages(
    database,
    input.patientId,
    input.coverageId ?? null,
    input.today.toISOString().slice(0, 10),
  );
  return rows.some((r) => isInsured(r.insurance_display) && !eligibilitySaysNo(r.eligibility));
}

/** An eligibility answer that says the coverage is not active (Eligible false, or a Status other than Active). */
function eligibilitySaysNo(eligibility: Record<string, unknown> | null): boolean {
  if (!eligibility) return false;
  if (eligibility.Eligible === false || eligibility.eligible === false) return true;
  const status = eligibility.Status ?? eligibility.status;
  return typeof status === 'string' && status.toLowerCase() !== 'active';
}

async function coverageRow(database: Database, id: string): Promise<CoverageRow | null> {
  const r = await store.coverageById(database, id);
  if (!r) return null;
  const date = (v: unknown) =>
    v == null
      ? null
      : v instanceof Date
        ? v.toISOString().slice(0, 10)
        : typeof v === 'string'
          ? v.slice(0, 10)
          : null;
  return {
    id: r.id as string,
    patientId: r.patient_id as string,
    insurancePlanId: (r.insurance_plan_id as string | null) ?? null,
    insuranceDisplay: r.insurance_display as string,
    insuranceType: (r.insurance_type as string | null) ?? null,
    subscriberId: (r.subscriber_id as string | null) ?? null,
    dependentNumber: (r.dependent_number as string | null) ?? null,
    relationship: r.relationship as string,
    subscriberPatientId: (r.subscriber_patient_id as string | null) ?? null,
    subscriberFirstName: (r.subscriber_first_name as string | null) ?? null,
    subscriberLastName: (r.subscriber_last_name as string | null) ?? null,
    subscriberGender: (r.subscriber_gender as CoverageRow['subscriberGender']) ?? null,
    subscriberBirthDate: date(r.subscriber_birth_date),
    kind: r.kind as string,
    status: r.status as CoverageRow['status'],
    priority: r.priority as CoverageRow['priority'],
    periodStart: date(r.period_start),
    periodEnd: date(r.period_end),
    isDefault: r.is_default as boolean,
    cardPictures: (typeof r.card_pictures === 'string'
      ? JSON.parse(r.card_pictures)
      : r.card_pictures) as CoverageRow['cardPictures'],
    eligibility: (r.eligibility as Record<string, unknown> | null) ?? null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    createdBySystem: r.created_by_system as string,
    lastChangedBySystem: r.last_changed_by_system as string,
    workflow: (r.workflow as string | null) ?? null,
  };
}

async function checkPlan(database: Database, input: CoverageInput): Promise<string | null> {
  if (!input.InsurancePlanId) return null;
  const plan = (await insurancePlansByIds(database, [input.InsurancePlanId])).get(input.InsurancePlanId);
  if (!plan?.active) throw fieldError('InsurancePlanId', 'exists', 'No active insurance plan with this id');
  return plan.planType;
}

function subscriberColumns(input: CoverageInput) {
  const self = input.Relationship === 'Self';
  if (!self && !input.Subscriber)
    throw fieldError(
      'Subscriber',
      'required',
      'name the policy holder when the patient is not the subscriber',
    );
  return {
    subscriber_patient_id: self ? input.PatientId : null,
    subscriber_first_name: self ? null : input.Subscriber!.FirstName,
    subscriber_last_name: self ? null : input.Subscriber!.LastName,
    subscriber_birth_date: self ? null : input.Subscriber!.BirthDate,
    subscriber_gender: self ? null : (input.Subscriber!.Gender ?? null),
  };
}

/**
 * POST v2/PatientCoverage: the new coverage replaces (cancels) the patient's active one of the same priority.
 * `cards`: card pictures the patient already uploaded (e.g. at digital check-in): each must be one of the
 * patient's own `card-picture` files, else a 400 naming the field.
 */
export async function createCoverage(
  database: Database,
  context: RequestContext,
  workflow: string | null,
  input: CoverageInput,
  cards: readonly { Side: 'Front' | 'Back'; FileId: string; Field: string }[] = [],
): Promise<Coverage> {
  const id = randomUUID();
  await accessiblePatient(database, context, input.PatientId, 'create', {
    kind: 'coverage',
    workflow,
    detail: { coverageId: id, ...(cards.length > 0 ? { fields: ['CardPictures'] } : {}) },
  });
  const planType = await checkPlan(database, input);
  const sub = subscriberColumns(input);
  for (const card of cards) {
    const file = await findFile(database, card.FileId);
    if (!file || file.patient_id !== input.PatientId || file.purpose !== 'card-picture')
      throw fieldError(card.Field, 'file', 'refers to a card picture this patient did not upload');
  }
  const pictures = cards.map((c) => ({
    Url: `${V2}/PatientCoverage/${id}/card-pictures/${c.FileId}`,
    Side: c.Side,
  }));
  const now = new Date().toISOString();
  await database.transaction(async (tx) => {
    if (input.Status === 'Active') {
      await store.cancelActiveCoverages(tx, input.PatientId, input.Priority, now);
    }
    await store.insertCoverage(tx, {
      id,
      patientId: input.PatientId,
      planId: input.InsurancePlanId ?? null,
      display: input.Insurance.Display,
      planType,
      subscriberId: input.SubscriberId,
      dependentNumber: input.DependentNumber ?? null,
      relationship: input.Relationship,
      subscriber: sub,
      status: input.Status,
      priority: input.Priority,
      isDefault: input.Priority === 'Primary',
      now,
      workflow,
    });
    if (pictures.length > 0) await store.setCardPictures(tx, id, JSON.stringify(pictures), now);
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** A coverage of a patient the caller may change, else 404 (also when it belongs to someone else). */
async function writableCoverage(
  database: Database,
  context: RequestContext,
  workflow: string | null,
  id: string,
  detail?: Record<string, unknown>,
): Promise<CoverageRow> {
  const row = await coverageRow(database, id);
  if (!row) return notFoundAudited(context, 'update', 'coverage', id, { workflow });
  await authorize(context, 'update', {
    kind: 'coverage',
    id,
    patientId: row.patientId,
    workflow,
    ...(detail ? { detail } : {}),
  });
  return row;
}

/** PUT v2/PatientCoverage/{id}: the coverage's plan, member id and subscriber. It stays the patient's. */
export async function updateCoverage(
  database: Database,
  context: RequestContext,
  workflow: string | null,
  id: string,
  input: CoverageInput,
): Promise<Coverage> {
  const row = await writableCoverage(database, context, workflow, id);
  if (row.patientId !== input.PatientId)
    throw fieldError('PatientId', 'immutable', 'a coverage cannot move to another patient');
  const planType = await checkPlan(database, input);
  const sub = subscriberColumns(input);
  await database.transaction(async (tx) => {
    await store.updateCoverageRow(tx, {
      id,
      planId: input.InsurancePlanId ?? null,
      display: input.Insurance.Display,
      planType,
      subscriberId: input.SubscriberId,
      dependentNumber: input.DependentNumber ?? null,
      relationship: input.Relationship,
      subscriber: sub,
      status: input.Status,
      priority: input.Priority,
      now: new Date().toISOString(),
      workflow,
      system: AUDIT_SYSTEM,
    });
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** POST v2/PatientCoverage/{id}/card-pictures: a picture of the card's front or back (JPEG, PNG or WebP, 5 MB); a new one replaces that side's. */
export async function addCardPicture(
  database: Database,
  context: RequestContext,
  workflow: string | null,
  id: string,
  side: 'Front' | 'Back',
  upload: FileUpload,
): Promise<Coverage> {
  const row = await writableCoverage(database, context, workflow, id, { fields: ['CardPictures'], side });
  const bytes = checkUpload(upload, UPLOAD_RULES.imageContentTypes);
  await database.transaction(async (tx) => {
    const ref = await storeFile(tx, {
      patientId: row.patientId,
      purpose: 'card-picture',
      upload,
      bytes,
      createdBy: context.subject ?? 'unknown',
      now: new Date(),
    });
    const pictures = [
      ...row.cardPictures.filter((p) => p.Side !== side),
      { Url: `${V2}/PatientCoverage/${id}/card-pictures/${ref.FileId}`, Side: side },
    ];
    await store.setCardPictures(tx, id, JSON.stringify(pictures), new Date().toISOString());
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** GET a card picture: only through its own coverage, for a caller who may read that patient. */
export async function readCardPicture(
  database: Database,
  context: RequestContext,
  coverageId: string,
  fileId: string,
): Promise<StoredFileRow> {
  const row = await coverageRow(database, coverageId);
  const file = await findFile(database, fileId);
  const linked =
    !!row &&
    !!file &&
    file.purpose === 'card-picture' &&
    file.patient_id === row.patientId &&
    row.cardPictures.some((p) => p.Url.endsWith(`/${fileId}`));
  if (!linked || !file)
    return notFoundAudited(context, 'read', 'file', fileId, { entityType: 'CardPicture' });
  await authorize(context, 'read', {
    kind: 'file',
    id: fileId,
    patientId: row.patientId,
    entityType: 'CardPicture',
    detail: { coverageId },
  });
  return file;
}
