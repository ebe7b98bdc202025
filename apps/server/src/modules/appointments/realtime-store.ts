import type { Connection } from '../../platform/db';

/** What the room rules read of an appointment: whose it is and which practice's. */
export interface RoomAppointment {
  id: string;
  patient_id: string;
  organization_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function appointmentById(db: Connection, id: string): Promise<RoomAppointment | null> {
  if (!UUID.test(id)) return null;
  const rows = await db.query<RoomAppointment>(
    'select id, patient_id, organization_id from appointments where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function appointmentByMeeting(
  db: Connection,
  meetingId: string,
): Promise<RoomAppointment | null> {
  const rows = await db.query<RoomAppointment>(
    'select id, patient_id, organization_id from appointments where meeting_id = $1 order by created_at limit 1',
    [meetingId],
  );
  return rows[0] ?? null;
}

/** Gives a video visit its meeting id once (telehealth's visit): the id it already had wins. */
export async function assignMeeting(
  db: Connection,
  appointmentId: string,
  meetingId: string,
): Promise<string | null> {
  const rows = await db.query<{ meeting_id: string }>(
    'update appointments set meeting_id = coalesce(meeting_id, $2) where id = $1 returning meeting_id',
    [appointmentId, meetingId],
  );
  return rows[0]?.meeting_id ?? null;
}

/** Of these user ids, the patients with an appointment at the practice. */
export async function patientsSeenBy(
  db: Connection,
  organizationId: string,
  userIds: string[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'select distinct patient_id::text as id from appointments where organization_id = $1 and patient_id::text = any($2::text[])',
    [organizationId, userIds],
  );
  return rows.map((r) => r.id);
}

/** Of these user ids, the providers of the patient's appointments. */
export async function providersOf(db: Connection, patientId: string, userIds: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'select distinct practitioner_id::text as id from appointments where patient_id::text = $1 and practitioner_id::text = any($2::text[])',
    [patientId, userIds],
  );
  return rows.map((r) => r.id);
}
