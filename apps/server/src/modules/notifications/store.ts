import type { Connection } from '../../platform/db';

export interface OtpRequestRow {
  id: string;
  subject: string;
  patient_id: string;
  phone: string;
  region: 'US' | 'PK';
  code_hash: string;
  attempts: number;
  expires_at: Date | string;
  verified_at: Date | string | null;
}

export async function insertRequest(
  db: Connection,
  row: {
    id: string;
    subject: string;
    patientId: string;
    phone: string;
    region: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into otp_requests (id, subject, patient_id, phone, region, code_hash, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.id,
      row.subject,
      row.patientId,
      row.phone,
      row.region,
      row.codeHash,
      row.expiresAt.toISOString(),
      row.now.toISOString(),
    ],
  );
}

export async function findRequest(db: Connection, id: string): Promise<OtpRequestRow | null> {
  const rows = await db.query<OtpRequestRow>('select * from otp_requests where id = $1', [id]);
  return rows[0] ?? null;
}

/** A new code for the same request: earlier codes stop working and the tries start again. */
export async function replaceCode(
  db: Connection,
  id: string,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.query('update otp_requests set code_hash = $2, expires_at = $3, attempts = 0 where id = $1', [
    id,
    codeHash,
    expiresAt.toISOString(),
  ]);
}

/**
 * Counts one try before the code is compared, in one conditional update: none is counted once `max` were
 * (null comes back), so parallel guesses cannot pass the limit. Gives the tries counted so far.
 */
export async function reserveAttempt(db: Connection, id: string, max: number): Promise<number | null> {
  const rows = await db.query<{ attempts: number }>(
    'update otp_requests set attempts = attempts + 1 where id = $1 and attempts < $2 returning attempts',
    [id, max],
  );
  return rows[0]?.attempts ?? null;
}

/** Marks the request verified unless it already was; false when another call got there first. */
export async function markVerified(db: Connection, id: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update otp_requests set verified_at = $2 where id = $1 and verified_at is null returning id',
    [id, now.toISOString()],
  );
  return rows.length === 1;
}

/** Serialises code sends of one subject until the transaction ends (PostgreSQL only: advisory locks). */
export async function lockSendsOf(db: Connection, subject: string): Promise<void> {
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${subject}`]);
}

export async function recentSends(
  db: Connection,
  subject: string,
  phone: string,
  since: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from otp_sends where (subject = $1 or phone = $2) and sent_at > $3',
    [subject, phone, since.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

export async function recordSend(
  db: Connection,
  requestId: string,
  subject: string,
  phone: string,
  now: Date,
): Promise<void> {
  await db.query('insert into otp_sends (request_id, subject, phone, sent_at) values ($1, $2, $3, $4)', [
    requestId,
    subject,
    phone,
    now.toISOString(),
  ]);
}

export interface SettingsRow {
  id: string;
  patient_id: string;
  time_zone: string;
  sms_alerts_enabled: boolean;
  preferred_language: string | null;
}

export async function upsertSettings(
  db: Connection,
  row: {
    id: string;
    patientId: string;
    timeZone: string;
    smsAlertsEnabled: boolean;
    preferredLanguage?: string | null | undefined;
    now: Date;
  },
): Promise<SettingsRow> {
  const rows = await db.query<SettingsRow>(
    `insert into patient_notification_settings (id, patient_id, time_zone, sms_alerts_enabled, updated_at, preferred_language)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (patient_id) do update set time_zone = excluded.time_zone,
       sms_alerts_enabled = excluded.sms_alerts_enabled, updated_at = excluded.updated_at,
       preferred_language = case when $7 then excluded.preferred_language else patient_notification_settings.preferred_language end
     returning id, patient_id, time_zone, sms_alerts_enabled, preferred_language`,
    [
      row.id,
      row.patientId,
      row.timeZone,
      row.smsAlertsEnabled,
      row.now.toISOString(),
      row.preferredLanguage ?? null,
      row.preferredLanguage !== undefined,
    ],
  );
  return rows[0]!;
}

/** A patient's notification settings (SMS alerts on or off), or null when none were saved. */
export async function settingsOf(db: Connection, patientId: string): Promise<SettingsRow | null> {
  const rows = await db.query<SettingsRow>(
    'select id, patient_id, time_zone, sms_alerts_enabled, preferred_language from patient_notification_settings where patient_id = $1',
    [patientId],
  );
  return rows[0] ?? null;
}

/** A patient's notification settings by the record's id or the patient's (GET/PUT PatientSettings/{id}). */
export async function settingsByIdOrPatient(db: Connection, id: string): Promise<SettingsRow | null> {
  const rows = await db.query<SettingsRow>(
    `select id, patient_id, time_zone, sms_alerts_enabled, preferred_language from patient_notification_settings
     where id = $1 or patient_id = $1 order by (id = $1) desc limit 1`,
    [id],
  );
  return rows[0] ?? null;
}
