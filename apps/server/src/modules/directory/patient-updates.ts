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
import { accessiblePatient, getPatientById, shapeCoverage } from './service';
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
export async function updatePatient(database: Database, context: RequestContext, workflow: string | null, patientId: string, change: PatientPatch): Promise<Patient> {
  const fields = Object.entries(change).flatMap(([field, value]) => (value === undefined ? [] : [field]));
  await accessiblePatient(database, context, patientId, 'update', { workflow, detail: { fields } });
  const changed: string[] = [];
  await database.transaction(async (tx) => {
    const [current] = await tx.query<{ mobile: string | null; managing_organization_id: string | null }>(
      'select mobile, managing_organization_id from patients where id = $1 for update',
      [patientId],
    );
    const sets: string[] = [];
    const params: unknown[] = [patientId];
    const set = (column: string, value: unknown, field: string) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
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
      if (existing && existing !== wanted) throw fieldError('ManagingOrganization', 'already_set', 'the patient already has a managing organization');
      if (!existing) {
        const known = await tx.query<{ id: string }>('select id from organizations where id = $1', [wanted]);
        if (known.length === 0) throw fieldError('ManagingOrganization', 'exists', 'No organization with this id');
        set('managing_organization_id', wanted, 'ManagingOrganization');
      }
    }
    if (change.Address !== undefined) {
      set('address1', change.Address.Address1, 'Address');
      set('address2', change.Address.Address2, 'Address');
      set('city', change.Address.City, 'Address');
      set('state', change.Address.State, 'Address');
      set('zip_code', change.Address.ZipCode, 'Address');
    }
    params.push(new Date().toISOString(), AUDIT_SYSTEM, workflow);
    const n = params.length;
    await tx.query(
      `update patients set ${[...sets, `updated_at = $${n - 2}`, `last_changed_by_system = $${n - 1}`, `workflow = coalesce($${n}, workflow)`].join(', ')} where id = $1`,
      params,
    );
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
export async function hasCoverageOnFile(database: Database, input: { patientId: string; coverageId?: string | null; today: Date }): Promise<boolean> {
  const rows = await database.query<{ insurance_display: string; eligibility: Record<string, unknown> | null }>(
    `select insurance_display, eligibility from coverages
      where patient_id = $1 and ($2::uuid is null or id = $2::uuid) and status = 'Active' and kind = 'insurance'
        and (period_end is null or period_end >= $3::date) and (period_start is null or period_start <= $3::date)`,
    [input.patientId, input.coverageId ?? null, input.today.toISOString().slice(0, 10)],
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
  const rows = await database.query<Record<string, unknown>>('select * from coverages where id = $1', [id]);
  const r = rows[0];
  if (!r) return null;
  const date = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : null);
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
    cardPictures: (typeof r.card_pictures === 'string' ? JSON.parse(r.card_pictures) : r.card_pictures) as CoverageRow['cardPictures'],
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
  const rows = await database.query<{ plan_type: string | null }>('select plan_type from insurance_plans where id = $1 and active', [input.InsurancePlanId]);
  if (rows.length === 0) throw fieldError('InsurancePlanId', 'exists', 'No active insurance plan with this id');
  return rows[0]!.plan_type;
}

function subscriberColumns(input: CoverageInput) {
  const self = input.Relationship === 'Self';
  if (!self && !input.Subscriber) throw fieldError('Subscriber', 'required', 'name the policy holder when the patient is not the subscriber');
  return {
    subscriber_patient_id: self ? input.PatientId : null,
    subscriber_first_name: self ? null : input.Subscriber!.FirstName,
    subscriber_last_name: self ? null : input.Subscriber!.LastName,
    subscriber_birth_date: self ? null : input.Subscriber!.BirthDate,
    subscriber_gender: self ? null : (input.Subscriber!.Gender ?? null),
  };
}

/** POST v2/PatientCoverage: the new coverage replaces (cancels) the patient's active one of the same priority. */
export async function createCoverage(database: Database, context: RequestContext, workflow: string | null, input: CoverageInput): Promise<Coverage> {
  const id = randomUUID();
  await accessiblePatient(database, context, input.PatientId, 'create', { kind: 'coverage', workflow, detail: { coverageId: id } });
  const planType = await checkPlan(database, input);
  const sub = subscriberColumns(input);
  const now = new Date().toISOString();
  await database.transaction(async (tx) => {
    if (input.Status === 'Active') {
      await tx.query(
        `update coverages set status = 'Cancelled', updated_at = $3 where patient_id = $1 and priority = $2 and status = 'Active'`,
        [input.PatientId, input.Priority, now],
      );
    }
    await tx.query(
      `insert into coverages (id, patient_id, insurance_plan_id, insurance_display, insurance_type, subscriber_id, dependent_number, relationship,
         subscriber_patient_id, subscriber_first_name, subscriber_last_name, subscriber_birth_date, subscriber_gender, status, priority, is_default,
         created_at, updated_at, workflow)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18)`,
      [id, input.PatientId, input.InsurancePlanId ?? null, input.Insurance.Display, planType, input.SubscriberId, input.DependentNumber ?? null, input.Relationship,
        sub.subscriber_patient_id, sub.subscriber_first_name, sub.subscriber_last_name, sub.subscriber_birth_date, sub.subscriber_gender, input.Status, input.Priority,
        input.Priority === 'Primary', now, workflow],
    );
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** A coverage of a patient the caller may change, else 404 (also when it belongs to someone else). */
async function writableCoverage(database: Database, context: RequestContext, workflow: string | null, id: string, detail?: Record<string, unknown>): Promise<CoverageRow> {
  const row = await coverageRow(database, id);
  if (!row) return notFoundAudited(context, 'update', 'coverage', id, { workflow });
  await authorize(context, 'update', { kind: 'coverage', id, patientId: row.patientId, workflow, ...(detail ? { detail } : {}) });
  return row;
}

/** PUT v2/PatientCoverage/{id}: the coverage's plan, member id and subscriber. It stays the patient's. */
export async function updateCoverage(database: Database, context: RequestContext, workflow: string | null, id: string, input: CoverageInput): Promise<Coverage> {
  const row = await writableCoverage(database, context, workflow, id);
  if (row.patientId !== input.PatientId) throw fieldError('PatientId', 'immutable', "a coverage cannot move to another patient");
  const planType = await checkPlan(database, input);
  const sub = subscriberColumns(input);
  await database.transaction(async (tx) => {
    await tx.query(
      `update coverages set insurance_plan_id = $2, insurance_display = $3, insurance_type = $4, subscriber_id = $5, dependent_number = $6, relationship = $7,
         subscriber_patient_id = $8, subscriber_first_name = $9, subscriber_last_name = $10, subscriber_birth_date = $11, subscriber_gender = $12,
         status = $13, priority = $14, updated_at = $15, workflow = coalesce($16, workflow), last_changed_by_system = $17
       where id = $1`,
      [id, input.InsurancePlanId ?? null, input.Insurance.Display, planType, input.SubscriberId, input.DependentNumber ?? null, input.Relationship,
        sub.subscriber_patient_id, sub.subscriber_first_name, sub.subscriber_last_name, sub.subscriber_birth_date, sub.subscriber_gender,
        input.Status, input.Priority, new Date().toISOString(), workflow, AUDIT_SYSTEM],
    );
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** POST v2/PatientCoverage/{id}/card-pictures: a picture of the card's front or back (JPEG, PNG or WebP, 5 MB); a new one replaces that side's. */
export async function addCardPicture(database: Database, context: RequestContext, workflow: string | null, id: string, side: 'Front' | 'Back', upload: FileUpload): Promise<Coverage> {
  const row = await writableCoverage(database, context, workflow, id, { fields: ['CardPictures'], side });
  const bytes = checkUpload(upload, UPLOAD_RULES.imageContentTypes);
  await database.transaction(async (tx) => {
    const ref = await storeFile(tx, { patientId: row.patientId, purpose: 'card-picture', upload, bytes, createdBy: context.subject ?? 'unknown', now: new Date() });
    const pictures = [...row.cardPictures.filter((p) => p.Side !== side), { Url: `${V2}/PatientCoverage/${id}/card-pictures/${ref.FileId}`, Side: side }];
    await tx.query('update coverages set card_pictures = $2, updated_at = $3 where id = $1', [id, JSON.stringify(pictures), new Date().toISOString()]);
  });
  return shapeCoverage((await coverageRow(database, id))!);
}

/** GET a card picture: only through its own coverage, for a caller who may read that patient. */
export async function readCardPicture(database: Database, context: RequestContext, coverageId: string, fileId: string): Promise<StoredFileRow> {
  const row = await coverageRow(database, coverageId);
  const file = await findFile(database, fileId);
  const linked = !!row && !!file && file.purpose === 'card-picture' && file.patient_id === row.patientId && row.cardPictures.some((p) => p.Url.endsWith(`/${fileId}`));
  if (!linked || !file) return notFoundAudited(context, 'read', 'file', fileId, { entityType: 'CardPicture' });
  await authorize(context, 'read', { kind: 'file', id: fileId, patientId: row.patientId, entityType: 'CardPicture', detail: { coverageId } });
  return file;
}
