-- The booking flow's middle stages (patient-booking.md §3.9, §4.2, §5.3).

-- The schedule settings that decide which booking stages apply (4.2 rules 2-5), the phone regions a schedule
-- verifies (US, PK) and the insurance options of a schedule (2.9): 'Self paying' and 'Skip insurance' instead
-- of "I don't have insurance". The scheduling module's schedulesetting calls edit them.
alter table schedules add column collect_patient_demographics boolean not null default false;
alter table schedules add column enable_insurance boolean not null default false;
alter table schedules add column enable_self_pay boolean not null default false;
alter table schedules add column supported_regions text[] not null default '{US}';

-- A practice's custom forms (screening, intake, consent, assessment). The association lists are empty when
-- the form applies to every facility, provider or resource of the practice; service_types lists reasons,
-- {Id: '-1'} meaning every reason.
create table custom_forms (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null,
  description text,
  form_type text not null check (form_type in ('Consent', 'Intake Form', 'Assessment', 'Screening Form')),
  definition jsonb not null,
  location_ids uuid[] not null default '{}',
  practitioner_ids uuid[] not null default '{}',
  healthcare_service_ids uuid[] not null default '{}',
  service_types jsonb not null default '[]',
  insurance_ids text[] not null default '{}',
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index custom_forms_organization_idx on custom_forms (organization_id, form_type) where active;

-- Answers: 'response' rows are customformresponse, 'prebooking' rows the WebPreBookingResponse of a
-- screening form answered before the booking exists.
create table custom_form_responses (
  id uuid primary key,
  kind text not null check (kind in ('response', 'prebooking')),
  custom_form_id uuid not null references custom_forms (id) on delete cascade,
  patient_id uuid not null references patients (id) on delete cascade,
  entity_id uuid,
  entity_type text,
  entity_status text,
  components jsonb not null,
  workflow text,
  created_by text not null,
  created_at timestamptz not null default now()
);
create index custom_form_responses_patient_idx on custom_form_responses (patient_id, created_at desc);

-- Files patients upload (insurance card pictures, form file answers). Kept in the database, so every
-- instance sharing it sees them and a patient's data leaves with the patient's rows (decision 0014).
create table stored_files (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  purpose text not null,
  name text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  content bytea not null,
  created_by text not null,
  created_at timestamptz not null default now()
);
create index stored_files_patient_idx on stored_files (patient_id);
