import type { Connection } from '../../platform/db';

/** A practice's reminder settings (reminder_settings, owned by this module). */
export interface SettingsRow {
  id: string;
  organization_id: string;
  enabled: boolean;
  hours_before: number[];
  email: boolean;
  sms: boolean;
  updated_at: Date | string;
}

const COLUMNS = 'id, organization_id, enabled, hours_before, email, sms, updated_at';

export async function settingsOf(db: Connection, organizationId: string): Promise<SettingsRow | null> {
  const rows = await db.query<SettingsRow>(
    `select ${COLUMNS} from reminder_settings where organization_id = $1`,
    [organizationId],
  );
  return rows[0] ?? null;
}

export interface SettingsValues {
  enabled: boolean;
  hoursBefore: number[];
  email: boolean;
  sms: boolean;
  updatedBy: string | null;
  now: Date;
}

/** Adds the practice's settings; null when it has some already (one row per practice). */
export async function insertSettings(
  db: Connection,
  id: string,
  organizationId: string,
  v: SettingsValues,
): Promise<SettingsRow | null> {
  const rows = await db.query<SettingsRow>(
    `insert into reminder_settings (id, organization_id, enabled, hours_before, email, sms, updated_by, created_at, updated_at)
     values ($1, $2, $3, $4::int[], $5, $6, $7, $8, $8)
     on conflict (organization_id) do nothing
     returning ${COLUMNS}`,
    [id, organizationId, v.enabled, v.hoursBefore, v.email, v.sms, v.updatedBy, v.now],
  );
  return rows[0] ?? null;
}

export async function updateSettings(
  db: Connection,
  id: string,
  organizationId: string,
  v: SettingsValues,
): Promise<SettingsRow | null> {
  const rows = await db.query<SettingsRow>(
    `update reminder_settings set enabled = $3, hours_before = $4::int[], email = $5, sms = $6, updated_by = $7, updated_at = $8
      where id = $1 and organization_id = $2
     returning ${COLUMNS}`,
    [id, organizationId, v.enabled, v.hoursBefore, v.email, v.sms, v.updatedBy, v.now],
  );
  return rows[0] ?? null;
}
