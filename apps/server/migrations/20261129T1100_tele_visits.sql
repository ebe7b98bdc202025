-- Video visits (issue 25, decision 0091): the visit of a TeleHealth appointment, its participants (patient,
-- practice users, invited guests), readiness checks, invitations, chat, ratings and the meeting's activities.
-- Ids and times only outside the chat text and the provider's notes; no media is ever stored.
create table tele_visits (
  meeting_id text primary key,
  appointment_id uuid not null unique,
  organization_id uuid,
  patient_id uuid not null,
  status text not null default 'Scheduled',
  started_at timestamptz,
  ended_at timestamptz,
  summary_notes text,
  summary_skipped boolean not null default false,
  last_activity_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table tele_visit_participants (
  meeting_id text not null references tele_visits (meeting_id),
  participant_id text not null,
  participant_type text not null,
  state text not null,
  waiting_since timestamptz,
  joined_at timestamptz,
  left_at timestamptz,
  ready boolean,
  created_at timestamptz not null,
  primary key (meeting_id, participant_id)
);

create table tele_visit_devices (
  id uuid primary key,
  meeting_id text not null references tele_visits (meeting_id),
  participant_id text not null,
  media_region text,
  audio_input_device_id text,
  video_input_device_id text,
  audio_ok boolean,
  video_ok boolean,
  network_ok boolean,
  round_trip_ms integer,
  bandwidth_kbps integer,
  created_at timestamptz not null
);
create index tele_visit_devices_meeting_idx on tele_visit_devices (meeting_id, participant_id, created_at);

create table tele_visit_invitations (
  id uuid primary key,
  meeting_id text not null references tele_visits (meeting_id),
  guest_participant_id text not null,
  invited_by text not null,
  contact_method text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

create table tele_visit_chat_messages (
  id uuid primary key,
  meeting_id text not null references tele_visits (meeting_id),
  sender_participant_id text not null,
  sender_type text not null,
  body text not null,
  created_at timestamptz not null
);
create index tele_visit_chat_messages_meeting_idx on tele_visit_chat_messages (meeting_id, created_at);

create table tele_visit_ratings (
  meeting_id text not null references tele_visits (meeting_id),
  participant_id text not null,
  rating integer,
  comment text,
  skipped boolean not null default false,
  created_at timestamptz not null,
  primary key (meeting_id, participant_id)
);

create table tele_visit_activities (
  id uuid primary key,
  meeting_id text not null references tele_visits (meeting_id),
  participant_id text,
  activity text not null,
  detail jsonb,
  created_at timestamptz not null
);
create index tele_visit_activities_meeting_idx on tele_visit_activities (meeting_id, created_at);
