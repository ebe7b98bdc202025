import type { Connection } from '../../platform/db';

/** SQL of the booking flow's patient and coverage changes (patient-updates.ts). */

export type PatientColumn =
  | 'first_name'
  | 'last_name'
  | 'birth_date'
  | 'gender'
  | 'email'
  | 'mobile'
  | 'mobile_verified'
  | 'managing_organization_id'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'languages';

/** The patient's mobile and managing organization, locked until the transaction ends. */
export async function lockPatientForUpdate(tx: Connection, patientId: string) {
  const [current] = await tx.query<{ mobile: string | null; managing_organization_id: string | null }>(
    'select mobile, managing_organization_id from patients where id = $1 for update',
    [patientId],
  );
  return current;
}

/** Sets the columns (in order), the change time and system, and the workflow when given. */
export async function updatePatientColumns(
  tx: Connection,
  patientId: string,
  columns: [PatientColumn, unknown][],
  stamp: { now: string; system: string; workflow: string | null },
): Promise<void> {
  const params: unknown[] = [patientId];
  const sets = columns.map(([column, value]) => {
    params.push(value);
    return `${column} = $${params.length}`;
  });
  params.push(stamp.now, stamp.system, stamp.workflow);
  const n = params.length;
  await tx.query(
    `update patients set ${[...sets, `updated_at = $${n - 2}`, `last_changed_by_system = $${n - 1}`, `workflow = coalesce($${n}, workflow)`].join(', ')} where id = $1`,
    params,
  );
}

/** The patient's Active insurance coverages (the given one only, when named) in force on the day (YYYY-MM-DD). */
export async function currentInsuranceCoverages(
  db: Connection,
  patientId: string,
  coverageId: string | null,
  day: string,
) {
  return db.query<{ insurance_display: string; eligibility: Record<string, unknown> | null }>(
    `select insurance_display, eligibility from coverages
      where patient_id = $1 and ($2::uuid is null or id = $2::uuid) and status = 'Active' and kind = 'insurance'
        and (period_end is null or period_end >= $3::date) and (period_start is null or period_start <= $3::date)`,
    [patientId, coverageId, day],
  );
}

export async function coverageById(db: Connection, id: string): Promise<Record<string, unknown> | undefined> {
  const rows = await db.query<Record<string, unknown>>('select * from coverages where id = $1', [id]);
  return rows[0];
}

/** Cancels the patient's Active coverages of the priority. */
export async function cancelActiveCoverages(
  tx: Connection,
  patientId: string,
  priority: string,
  now: string,
): Promise<void> {
  await tx.query(
    `update coverages set status = 'Cancelled', updated_at = $3 where patient_id = $1 and priority = $2 and status = 'Active'`,
    [patientId, priority, now],
  );
}

export interface SubscriberColumns {
  subscriber_patient_id: string | null;
  subscriber_first_name: string | null;
  subscriber_last_name: string | null;
  subscriber_birth_date: string | null;
  subscriber_gender: string | null;
}

interface CoverageValues {
  planId: string | null;
  display: string;
  planType: string | null;
  subscriberId: string;
  dependentNumber: string | null;
  relationship: string;
  subscriber: SubscriberColumns;
  status: string;
  priority: string;
  now: string;
  workflow: string | null;
}

export async function insertCoverage(
  tx: Connection,
  c: CoverageValues & { id: string; patientId: string; isDefault: boolean },
): Promise<void> {
  const sub = c.subscriber;
  await tx.query(
    `insert into coverages (id, patient_id, insurance_plan_id, insurance_display, insurance_type, subscriber_id, dependent_number, relationship,
       subscriber_patient_id, subscriber_first_name, subscriber_last_name, subscriber_birth_date, subscriber_gender, status, priority, is_default,
       created_at, updated_at, workflow)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18)`,
    [
      c.id,
      c.patientId,
      c.planId,
      c.display,
      c.planType,
      c.subscriberId,
      c.dependentNumber,
      c.relationship,
      sub.subscriber_patient_id,
      sub.subscriber_first_name,
      sub.subscriber_last_name,
      sub.subscriber_birth_date,
      sub.subscriber_gender,
      c.status,
      c.priority,
      c.isDefault,
      c.now,
      c.workflow,
    ],
  );
}

/** Replaces the coverage's plan, member id, subscriber, status and priority; the workflow when given. */
export async function updateCoverageRow(
  tx: Connection,
  c: CoverageValues & { id: string; system: string },
): Promise<void> {
  const sub = c.subscriber;
  await tx.query(
    `update coverages set insurance_plan_id = $2, insurance_display = $3, insurance_type = $4, subscriber_id = $5, dependent_number = $6, relationship = $7,
       subscriber_patient_id = $8, subscriber_first_name = $9, subscriber_last_name = $10, subscriber_birth_date = $11, subscriber_gender = $12,
       status = $13, priority = $14, updated_at = $15, workflow = coalesce($16, workflow), last_changed_by_system = $17
     where id = $1`,
    [
      c.id,
      c.planId,
      c.display,
      c.planType,
      c.subscriberId,
      c.dependentNumber,
      c.relationship,
      sub.subscriber_patient_id,
      sub.subscriber_first_name,
      sub.subscriber_last_name,
      sub.subscriber_birth_date,
      sub.subscriber_gender,
      c.status,
      c.priority,
      c.now,
      c.workflow,
      c.system,
    ],
  );
}

export async function setCardPictures(
  tx: Connection,
  id: string,
  picturesJson: string,
  now: string,
): Promise<void> {
  await tx.query('update coverages set card_pictures = $2, updated_at = $3 where id = $1', [
    id,
    picturesJson,
    now,
  ]);
}
