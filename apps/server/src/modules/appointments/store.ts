import type { Connection } from '../../platform/db';

export interface AppointmentRow {
  id: string;
  patient_id: string;
  schedule_id: string;
  start_at: Date | string;
  end_at: Date | string;
  practitioner_id: string | null;
  location_id: string | null;
  organization_id: string | null;
  appointment_type: 'Office' | 'TeleHealth' | 'Resource';
  schedule_type: 'Scheduled' | 'Walk-In';
  status: string;
  reasons: unknown[];
  service_category: unknown[];
  service_type: unknown[];
  custom_forms: unknown[];
  consents: unknown[];
  participants: unknown[];
  coverages: unknown[];
  booking_system: Record<string, unknown>;
  audit_trail: Record<string, unknown>;
  meeting_id: string | null;
  created_by: string | null;
  idempotency_key: string | null;
  created_at: Date | string;
}

export type NewAppointment = Omit<AppointmentRow, 'created_at'> & { now: Date };

export async function insertAppointment(db: Connection, row: NewAppointment): Promise<void> {
  await db.query(
    `insert into appointments (id, patient_id, schedule_id, start_at, end_at, practitioner_id, location_id, organization_id,
       appointment_type, schedule_type, status, reasons, service_category, service_type, custom_forms, consents,
       participants, coverages, booking_system, audit_trail, meeting_id, created_by, idempotency_key, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $24)`,
    [
      row.id,
      row.patient_id,
      row.schedule_id,
      new Date(row.start_at).toISOString(),
      new Date(row.end_at).toISOString(),
      row.practitioner_id,
      row.location_id,
      row.organization_id,
      row.appointment_type,
      row.schedule_type,
      row.status,
      JSON.stringify(row.reasons),
      JSON.stringify(row.service_category),
      JSON.stringify(row.service_type),
      JSON.stringify(row.custom_forms),
      JSON.stringify(row.consents),
      JSON.stringify(row.participants),
      JSON.stringify(row.coverages),
      JSON.stringify(row.booking_system),
      JSON.stringify(row.audit_trail),
      row.meeting_id,
      row.created_by,
      row.idempotency_key,
      row.now.toISOString(),
    ],
  );
}

export async function appointment(db: Connection, id: string): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>('select * from appointments where id = $1', [id]);
  return rows[0] ?? null;
}

export async function byIdempotencyKey(db: Connection, createdBy: string, key: string): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>('select * from appointments where created_by = $1 and idempotency_key = $2', [createdBy, key]);
  return rows[0] ?? null;
}

/** Which unique rule a failed insert broke, if it was one of this table's. */
export function uniqueViolation(error: unknown): 'duplicate' | 'idempotency' | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  const name = e.constraint ?? e.message ?? '';
  if (name.includes('appointments_no_duplicate_idx')) return 'duplicate';
  if (name.includes('appointments_idempotency_idx')) return 'idempotency';
  return null;
}
