import type { Connection } from '../../platform/db';

export interface SettingsRow {
  organization_id: string;
  enabled: boolean;
  send_hours_before: number;
}

export async function settingsOf(db: Connection, organizationId: string): Promise<SettingsRow> {
  const rows = await db.query<SettingsRow>('select * from checkin_settings where organization_id = $1', [
    organizationId,
  ]);
  return rows[0] ?? { organization_id: organizationId, enabled: true, send_hours_before: 24 };
}

export async function upsertSettings(db: Connection, row: SettingsRow, now: Date): Promise<SettingsRow> {
  const rows = await db.query<SettingsRow>(
    `insert into checkin_settings (organization_id, enabled, send_hours_before, updated_at) values ($1, $2, $3, $4)
     on conflict (organization_id) do update set enabled = excluded.enabled,
       send_hours_before = excluded.send_hours_before, updated_at = excluded.updated_at returning *`,
    [row.organization_id, row.enabled, row.send_hours_before, now.toISOString()],
  );
  return rows[0]!;
}

export interface SessionRow {
  id: string;
  appointment_id: string;
  patient_id: string;
  organization_id: string;
  token_hash: string;
  expires_at: Date | string;
  status: 'sent' | 'in-progress' | 'completed';
  demographics: Record<string, unknown> | null;
  demographics_confirmed_at: Date | string | null;
  insurance: Record<string, unknown> | null;
  sends: number;
  last_sent_at: Date | string | null;
  completed_at: Date | string | null;
  /** The patient's coverage made from the check-in's insurance (once checked in). */
  coverage_id: string | null;
  short_hash: string | null;
}

export async function sessionByAppointment(
  db: Connection,
  appointmentId: string,
): Promise<SessionRow | null> {
  const rows = await db.query<SessionRow>('select * from checkin_sessions where appointment_id = $1', [
    appointmentId,
  ]);
  return rows[0] ?? null;
}

export async function sessionsByAppointments(db: Connection, ids: readonly string[]): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  return db.query<SessionRow>('select * from checkin_sessions where appointment_id = any($1::uuid[])', [ids]);
}

export async function sessionByTokenHash(db: Connection, hash: string): Promise<SessionRow | null> {
  const rows = await db.query<SessionRow>(
    'select * from checkin_sessions where token_hash = $1 or short_hash = $1',
    [hash],
  );
  return rows[0] ?? null;
}

/** A new link for the visit: a first session, or the same session with a new token (the old link stops working). */
export async function issueToken(
  db: Connection,
  row: {
    id: string;
    appointmentId: string;
    patientId: string;
    organizationId: string;
    tokenHash: string;
    /** The short link's code (hashed), or null: a new link without one clears the last short link. */
    shortHash: string | null;
    expiresAt: Date;
    sent: boolean;
    now: Date;
  },
): Promise<SessionRow> {
  const rows = await db.query<SessionRow>(
    `insert into checkin_sessions (id, appointment_id, patient_id, organization_id, token_hash, expires_at, sends, last_sent_at, created_at, updated_at, short_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)
     on conflict (appointment_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at,
       short_hash = excluded.short_hash,
       sends = checkin_sessions.sends + excluded.sends,
       last_sent_at = coalesce(excluded.last_sent_at, checkin_sessions.last_sent_at), updated_at = excluded.updated_at
     returning *`,
    [
      row.id,
      row.appointmentId,
      row.patientId,
      row.organizationId,
      row.tokenHash,
      row.expiresAt.toISOString(),
      row.sent ? 1 : 0,
      row.sent ? row.now.toISOString() : null,
      row.now.toISOString(),
      row.shortHash,
    ],
  );
  return rows[0]!;
}

export async function updateSession(
  db: Connection,
  id: string,
  change: {
    status?: SessionRow['status'];
    demographics?: Record<string, unknown>;
    insurance?: Record<string, unknown>;
    completed?: boolean;
    coverageId?: string;
    now: Date;
  },
): Promise<SessionRow> {
  const rows = await db.query<SessionRow>(
    `update checkin_sessions set
       status = case when status = 'completed' then status else coalesce($2, status) end,
       demographics = coalesce($3, demographics),
       demographics_confirmed_at = case when $3::jsonb is null then demographics_confirmed_at else $6 end,
       insurance = coalesce($4, insurance),
       completed_at = case when $5 then coalesce(completed_at, $6) else completed_at end,
       coverage_id = coalesce($7::uuid, coverage_id),
       updated_at = $6
     where id = $1 returning *`,
    [
      id,
      change.status ?? null,
      change.demographics ? JSON.stringify(change.demographics) : null,
      change.insurance ? JSON.stringify(change.insurance) : null,
      change.completed ?? false,
      change.now.toISOString(),
      change.coverageId ?? null,
    ],
  );
  return rows[0]!;
}
