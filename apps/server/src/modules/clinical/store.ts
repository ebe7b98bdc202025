import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';

export interface ClinicalRow {
  id: string;
  resource_type: string;
  patient_id: string;
  organization_id: string | null;
  shared_with: string[];
  encounter_id: string | null;
  appointment_id: string | null;
  code_system: string | null;
  code: string | null;
  status: string;
  effective_at: Date | string | null;
  resource: Record<string, unknown> & { resourceType: string; id: string };
  version: number;
  recorded_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type NewClinicalRow = Omit<ClinicalRow, 'version' | 'created_at' | 'updated_at'> & { now: Date };

export async function insertEntry(db: Connection, row: NewClinicalRow): Promise<ClinicalRow> {
  const rows = await db.query<ClinicalRow>(
    `insert into clinical_resources (id, resource_type, patient_id, organization_id, shared_with, encounter_id,
       appointment_id, code_system, code, status, effective_at, resource, recorded_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     on conflict do nothing
     returning *`,
    [
      row.id,
      row.resource_type,
      row.patient_id,
      row.organization_id,
      row.shared_with,
      row.encounter_id,
      row.appointment_id,
      row.code_system,
      row.code,
      row.status,
      row.effective_at,
      JSON.stringify(row.resource),
      row.recorded_by,
      row.now,
    ],
  );
  return rows[0]!;
}

export async function entryById(db: Connection, id: string): Promise<ClinicalRow | null> {
  const rows = await db.query<ClinicalRow>('select * from clinical_resources where id = $1', [id]);
  return rows[0] ?? null;
}

export async function encounterOfAppointment(
  db: Connection,
  appointmentId: string,
): Promise<ClinicalRow | null> {
  const rows = await db.query<ClinicalRow>(
    `select * from clinical_resources where appointment_id = $1 and resource_type = 'Encounter'`,
    [appointmentId],
  );
  return rows[0] ?? null;
}

export async function updateEntry(
  db: Connection,
  id: string,
  change: { status: string; resource: Record<string, unknown>; now: Date },
): Promise<ClinicalRow> {
  const rows = await db.query<ClinicalRow>(
    `update clinical_resources set status = $2, resource = $3, version = version + 1, updated_at = $4
      where id = $1 returning *`,
    [id, change.status, JSON.stringify(change.resource), change.now],
  );
  return rows[0]!;
}

/** Who may see which rows of a list: the patients' own, or a practice's own and shared entries. */
export type RowScope =
  { kind: 'all' } | { kind: 'practice'; organizationId: string } | { kind: 'patients'; patientIds: string[] };

export interface EntryFilter {
  resourceTypes: readonly string[];
  patientId?: string | null;
  encounterId?: string | null;
  code?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  offset: number;
  limit: number;
}

/** A page of entries and how many match in all, newest effective date first. */
export async function findEntries(
  db: Connection,
  scope: RowScope,
  filter: EntryFilter,
): Promise<{ rows: ClinicalRow[]; total: number }> {
  const where: string[] = ['resource_type = any($1)'];
  const params: unknown[] = [filter.resourceTypes];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (scope.kind === 'practice')
    add((n) => `(organization_id = ${n} or ${n} = any(shared_with))`, scope.organizationId);
  if (scope.kind === 'patients') add((n) => `patient_id = any(${n})`, scope.patientIds);
  if (filter.patientId) add((n) => `patient_id = ${n}`, filter.patientId);
  if (filter.encounterId) add((n) => `encounter_id = ${n}`, filter.encounterId);
  if (filter.code) add((n) => `code = ${n}`, filter.code);
  if (filter.status) add((n) => `status = ${n}`, filter.status);
  if (filter.from) add((n) => `effective_at >= ${n}::timestamptz`, filter.from);
  if (filter.to) add((n) => `effective_at < ${n}::timestamptz`, filter.to);
  const clause = where.join(' and ');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from clinical_resources where ${clause}`,
    params,
  );
  const rows = await db.query<ClinicalRow>(
    `select * from clinical_resources where ${clause}
      order by effective_at desc nulls last, created_at desc, id
      limit ${Number(filter.limit)} offset ${Number(filter.offset)}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

// ---------- SMART Health Card issuer keys (decision 0097) ----------

export interface HealthCardKeyRow {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
}

/** The issuer's private key is sealed at rest (decision 0088); only its public half is published. */
const HEALTH_CARD_KEY_PURPOSE = 'health_card_keys.private_jwk';

export async function currentHealthCardKey(
  db: Connection,
  secrets: SecretBox,
): Promise<HealthCardKeyRow | null> {
  const [row] = await db.query<{ kid: string; private_jwk: string; public_jwk: Record<string, unknown> }>(
    'select kid, private_jwk, public_jwk from health_card_keys where retired_at is null order by created_at desc limit 1',
  );
  if (!row) return null;
  return {
    kid: row.kid,
    private_jwk: JSON.parse(secrets.open(row.private_jwk, HEALTH_CARD_KEY_PURPOSE)) as Record<
      string,
      unknown
    >,
    public_jwk: row.public_jwk,
  };
}

export async function publishedHealthCardKeys(
  db: Connection,
): Promise<{ kid: string; public_jwk: Record<string, unknown> }[]> {
  // Retired keys stay published: cards signed with them are still shown years later.
  return db.query('select kid, public_jwk from health_card_keys order by created_at');
}

export async function insertHealthCardKey(
  db: Connection,
  secrets: SecretBox,
  row: HealthCardKeyRow,
): Promise<void> {
  await db.query(
    'insert into health_card_keys (kid, private_jwk, public_jwk) values ($1, $2, $3) on conflict do nothing',
    [
      row.kid,
      secrets.seal(JSON.stringify(row.private_jwk), HEALTH_CARD_KEY_PURPOSE),
      JSON.stringify(row.public_jwk),
    ],
  );
}

/** Seals the issuer keys stored in clear (and reseals those of an older key); a row changes only as it was read. */
export async function sealHealthCardKeys(db: Connection, secrets: SecretBox): Promise<number> {
  const rows = await db.query<{ kid: string; private_jwk: string }>(
    'select kid, private_jwk from health_card_keys where private_jwk not like $1',
    [`sealed:v1:${secrets.currentKeyId}:%`],
  );
  let changed = 0;
  for (const row of rows) {
    const updated = await db.query(
      'update health_card_keys set private_jwk = $2 where kid = $1 and private_jwk = $3 returning kid',
      [row.kid, secrets.reseal(row.private_jwk, HEALTH_CARD_KEY_PURPOSE), row.private_jwk],
    );
    changed += updated.length;
  }
  return changed;
}
