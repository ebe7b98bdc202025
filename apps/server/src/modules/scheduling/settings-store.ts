import type { Connection } from '../../platform/db';

/** SQL of a schedule's booking settings. */

export interface SettingsRow {
  id: string;
  practitioner_id: string | null;
  location_id: string | null;
  requires_approval: boolean;
  collect_patient_demographics: boolean;
  enable_insurance: boolean;
  enable_self_pay: boolean;
  allow_concurrent_bookings: boolean;
  supported_regions: string[];
}

export async function settingsRow(db: Connection, id: string): Promise<SettingsRow | null> {
  const [row] = await db.query<SettingsRow>(
    `select id, practitioner_id, location_id, requires_approval, enable_self_pay, supported_regions, allow_concurrent_bookings,
            collect_patient_demographics, enable_insurance
       from schedules where id = $1`,
    [id],
  );
  return row ?? null;
}
