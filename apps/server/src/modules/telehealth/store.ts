import type { Connection } from '../../platform/db';

/** The telehealth module's SQL: only its own tables (tele_visit*). */

export type VisitStatus = 'Scheduled' | 'Waiting-Room' | 'Started' | 'Ended' | 'Expired';
export type ParticipantType = 'Patient' | 'Practitioner' | 'Guest';
export type ParticipantState = 'invited' | 'waiting' | 'admitted' | 'left';

export interface VisitRow {
  meeting_id: string;
  appointment_id: string;
  organization_id: string | null;
  patient_id: string;
  status: VisitStatus;
  started_at: Date | null;
  ended_at: Date | null;
  summary_notes: string | null;
  summary_skipped: boolean;
  last_activity_at: Date;
  created_at: Date;
}

export interface ParticipantRow {
  meeting_id: string;
  participant_id: string;
  participant_type: ParticipantType;
  state: ParticipantState;
  waiting_since: Date | null;
  joined_at: Date | null;
  left_at: Date | null;
  ready: boolean | null;
}

export async function visitByMeeting(db: Connection, meetingId: string): Promise<VisitRow | null> {
  const rows = await db.query<VisitRow>('select * from tele_visits where meeting_id = $1', [meetingId]);
  return rows[0] ?? null;
}

export async function visitByAppointment(db: Connection, appointmentId: string): Promise<VisitRow | null> {
  const rows = await db.query<VisitRow>('select * from tele_visits where appointment_id = $1', [
    appointmentId,
  ]);
  return rows[0] ?? null;
}

/** The practice's visits of these appointments, with how many participants wait in each (dashboards, calendars). */
export async function visitsOfAppointments(
  db: Connection,
  organizationId: string,
  appointmentIds: readonly string[],
): Promise<(VisitRow & { waiting: number })[]> {
  if (!appointmentIds.length) return [];
  return db.query<VisitRow & { waiting: number }>(
    `select v.*, (select count(*)::int from tele_visit_participants p
                   where p.meeting_id = v.meeting_id and p.state = 'waiting') as waiting
       from tele_visits v where v.organization_id = $1 and v.appointment_id = any($2::uuid[])
      order by v.appointment_id`,
    [organizationId, appointmentIds],
  );
}

export async function insertVisit(
  db: Connection,
  visit: {
    meetingId: string;
    appointmentId: string;
    organizationId: string | null;
    patientId: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into tele_visits (meeting_id, appointment_id, organization_id, patient_id, status, last_activity_at, created_at, updated_at)
     values ($1, $2, $3, $4, 'Scheduled', $5, $5, $5) on conflict do nothing`,
    [visit.meetingId, visit.appointmentId, visit.organizationId, visit.patientId, visit.now],
  );
}

/** Moves the visit's status only from one of `from`; false when it was elsewhere meanwhile. */
export async function changeVisitStatus(
  db: Connection,
  meetingId: string,
  from: readonly VisitStatus[],
  to: VisitStatus,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update tele_visits set status = $3, updated_at = $4, last_activity_at = $4,
        started_at = case when $3 = 'Started' then coalesce(started_at, $4) else started_at end,
        ended_at = case when $3 in ('Ended', 'Expired') then $4 else ended_at end
      where meeting_id = $1 and status = any($2::text[]) returning meeting_id`,
    [meetingId, from, to, now],
  );
  return rows.length > 0;
}

export async function touchVisit(db: Connection, meetingId: string, now: Date): Promise<void> {
  await db.query('update tele_visits set last_activity_at = $2 where meeting_id = $1', [meetingId, now]);
}

export async function saveSummary(
  db: Connection,
  meetingId: string,
  summary: { notes: string | null; skipped: boolean; now: Date },
): Promise<void> {
  await db.query(
    'update tele_visits set summary_notes = $2, summary_skipped = $3, updated_at = $4 where meeting_id = $1',
    [meetingId, summary.notes, summary.skipped, summary.now],
  );
}

export async function participants(db: Connection, meetingId: string): Promise<ParticipantRow[]> {
  return db.query<ParticipantRow>(
    'select * from tele_visit_participants where meeting_id = $1 order by created_at, participant_id',
    [meetingId],
  );
}

export async function participant(
  db: Connection,
  meetingId: string,
  participantId: string,
): Promise<ParticipantRow | null> {
  const rows = await db.query<ParticipantRow>(
    'select * from tele_visit_participants where meeting_id = $1 and participant_id = $2',
    [meetingId, participantId],
  );
  return rows[0] ?? null;
}

/** Puts a participant in a state (adding them on first sight). */
export async function upsertParticipant(
  db: Connection,
  row: {
    meetingId: string;
    participantId: string;
    type: ParticipantType;
    state: ParticipantState;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into tele_visit_participants (meeting_id, participant_id, participant_type, state, waiting_since, joined_at, left_at, created_at)
     values ($1, $2, $3, $4, case when $4 = 'waiting' then $5::timestamptz end,
             case when $4 = 'admitted' then $5::timestamptz end, case when $4 = 'left' then $5::timestamptz end, $5)
     on conflict (meeting_id, participant_id) do update set state = excluded.state,
       waiting_since = case when excluded.state = 'waiting' then $5::timestamptz else tele_visit_participants.waiting_since end,
       joined_at = case when excluded.state = 'admitted' then coalesce(tele_visit_participants.joined_at, $5::timestamptz) else tele_visit_participants.joined_at end,
       left_at = case when excluded.state = 'left' then $5::timestamptz else null end`,
    [row.meetingId, row.participantId, row.type, row.state, row.now],
  );
}

export async function leaveAll(db: Connection, meetingId: string, now: Date): Promise<void> {
  await db.query(
    "update tele_visit_participants set state = 'left', left_at = $2 where meeting_id = $1 and state <> 'left'",
    [meetingId, now],
  );
}

export async function markReady(
  db: Connection,
  meetingId: string,
  participantId: string,
  ready: boolean,
): Promise<void> {
  await db.query(
    'update tele_visit_participants set ready = $3 where meeting_id = $1 and participant_id = $2',
    [meetingId, participantId, ready],
  );
}

export interface DeviceRow {
  id: string;
  meeting_id: string;
  participant_id: string;
  media_region: string | null;
  audio_input_device_id: string | null;
  video_input_device_id: string | null;
  audio_ok: boolean | null;
  video_ok: boolean | null;
  network_ok: boolean | null;
  round_trip_ms: number | null;
  bandwidth_kbps: number | null;
  created_at: Date;
}

export async function insertDevice(db: Connection, row: Omit<DeviceRow, 'created_at'> & { now: Date }) {
  await db.query(
    `insert into tele_visit_devices (id, meeting_id, participant_id, media_region, audio_input_device_id, video_input_device_id,
       audio_ok, video_ok, network_ok, round_trip_ms, bandwidth_kbps, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.id,
      row.meeting_id,
      row.participant_id,
      row.media_region,
      row.audio_input_device_id,
      row.video_input_device_id,
      row.audio_ok,
      row.video_ok,
      row.network_ok,
      row.round_trip_ms,
      row.bandwidth_kbps,
      row.now,
    ],
  );
}

export async function devices(
  db: Connection,
  meetingId: string,
  participantId?: string | null,
): Promise<DeviceRow[]> {
  return db.query<DeviceRow>(
    `select * from tele_visit_devices where meeting_id = $1 and ($2::text is null or participant_id = $2)
      order by created_at desc, id limit 50`,
    [meetingId, participantId ?? null],
  );
}

export async function insertInvitation(
  db: Connection,
  row: {
    id: string;
    meetingId: string;
    guestId: string;
    invitedBy: string;
    contactMethod: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into tele_visit_invitations (id, meeting_id, guest_participant_id, invited_by, contact_method, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.meetingId, row.guestId, row.invitedBy, row.contactMethod, row.expiresAt, row.now],
  );
}

export interface ChatRow {
  id: string;
  meeting_id: string;
  sender_participant_id: string;
  sender_type: ParticipantType;
  body: string;
  /** A file the message carries (stored_files), its body then the file's name. */
  file_id: string | null;
  created_at: Date;
}

export async function insertChat(db: Connection, row: Omit<ChatRow, 'created_at'> & { now: Date }) {
  await db.query(
    `insert into tele_visit_chat_messages (id, meeting_id, sender_participant_id, sender_type, body, file_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.meeting_id, row.sender_participant_id, row.sender_type, row.body, row.file_id, row.now],
  );
}

/** The chat message that carries a file: which meeting the file belongs to. */
export async function chatOfFile(db: Connection, fileId: string): Promise<ChatRow | null> {
  const rows = await db.query<ChatRow>('select * from tele_visit_chat_messages where file_id = $1', [fileId]);
  return rows[0] ?? null;
}

export async function chat(db: Connection, meetingId: string): Promise<ChatRow[]> {
  return db.query<ChatRow>(
    'select * from tele_visit_chat_messages where meeting_id = $1 order by created_at, arrival limit 500',
    [meetingId],
  );
}

export interface RatingRow {
  meeting_id: string;
  participant_id: string;
  rating: number | null;
  comment: string | null;
  skipped: boolean;
  created_at: Date;
}

export async function upsertRating(
  db: Connection,
  row: Omit<RatingRow, 'created_at'> & { now: Date },
): Promise<void> {
  await db.query(
    `insert into tele_visit_ratings (meeting_id, participant_id, rating, comment, skipped, created_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (meeting_id, participant_id) do update set rating = excluded.rating, comment = excluded.comment,
       skipped = excluded.skipped, created_at = excluded.created_at`,
    [row.meeting_id, row.participant_id, row.rating, row.comment, row.skipped, row.now],
  );
}

export async function ratings(db: Connection, meetingId: string): Promise<RatingRow[]> {
  return db.query<RatingRow>(
    'select * from tele_visit_ratings where meeting_id = $1 order by created_at, participant_id',
    [meetingId],
  );
}

export interface ActivityRow {
  id: string;
  meeting_id: string;
  participant_id: string | null;
  activity: string;
  detail: Record<string, unknown> | null;
  created_at: Date;
}

export async function insertActivity(
  db: Connection,
  row: Omit<ActivityRow, 'created_at'> & { now: Date },
): Promise<void> {
  await db.query(
    `insert into tele_visit_activities (id, meeting_id, participant_id, activity, detail, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      row.id,
      row.meeting_id,
      row.participant_id,
      row.activity,
      row.detail ? JSON.stringify(row.detail) : null,
      row.now,
    ],
  );
}

export async function activities(db: Connection, meetingId: string): Promise<ActivityRow[]> {
  return db.query<ActivityRow>(
    'select * from tele_visit_activities where meeting_id = $1 order by created_at, id limit 1000',
    [meetingId],
  );
}
