-- The form builder and digital check-in (issue 26; decisions 0093, 0094).

-- forms: every saved edit of a custom form is a new version; a response keeps the version it answered. The
-- version row keeps the definition and the same form as a FHIR R4 Questionnaire (decision 0093).
alter table custom_forms add column version integer not null default 1;
create table custom_form_versions (
  custom_form_id uuid not null references custom_forms (id) on delete cascade,
  version integer not null check (version > 0),
  name text not null,
  form_type text not null,
  definition jsonb not null,
  questionnaire jsonb not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  primary key (custom_form_id, version)
);
alter table custom_form_responses add column form_version integer not null default 1;
alter table custom_form_responses add column status text not null default 'completed'
  check (status in ('in-progress', 'completed'));
alter table custom_form_responses add column updated_at timestamptz not null default now();
create index custom_form_responses_entity_idx on custom_form_responses (entity_id) where entity_id is not null;

-- checkin: a practice's check-in settings (the entity configuration of the check-in service) and one check-in
-- per visit: the opaque link token (only its SHA-256 is kept), the steps done, the insurance given.
create table checkin_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  enabled boolean not null default true,
  send_hours_before integer not null default 24 check (send_hours_before between 1 and 168),
  updated_at timestamptz not null default now()
);
create table checkin_sessions (
  id uuid primary key,
  appointment_id uuid not null unique,
  patient_id uuid not null references patients (id) on delete cascade,
  organization_id uuid not null references organizations (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  status text not null default 'sent' check (status in ('sent', 'in-progress', 'completed')),
  demographics jsonb,
  demographics_confirmed_at timestamptz,
  insurance jsonb,
  sends integer not null default 0,
  last_sent_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index checkin_sessions_organization_idx on checkin_sessions (organization_id, status);
