-- Owned by the directory module (modules/directory/admin-*.ts): what a practice admin sets up for the
-- practice (decision 0049). Settings objects are one per practice and keyed by the organization's id.

-- The practice's logo and banner and a resource's photo, served publicly at their own paths
-- (GET v2/organization/{id}/logo|banner, GET v2/healthcareservice/{id}/profile-picture).
create table directory_images (
  owner_type text not null check (owner_type in ('organization', 'healthcare_service')),
  owner_id uuid not null,
  kind text not null check (kind in ('logo', 'banner', 'photo')),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  content bytea not null,
  updated_by text not null,
  updated_at timestamptz not null default now(),
  primary key (owner_type, owner_id, kind)
);

create table organization_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  contact_email text not null default '',
  contact_phone text not null default '',
  time_zone text not null,
  default_language text not null default 'en' check (default_language in ('es', 'en', 'zh-CN', 'vi', 'ko', 'ja')),
  send_appointment_details boolean not null default true,
  hide_reason_in_notifications boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table practice_clinical_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  sections text[] not null default '{}',
  require_summary_note boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table patient_portal_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  portal_enabled boolean not null default true,
  allow_online_cancellation boolean not null default true,
  allow_online_reschedule boolean not null default true,
  cancellation_cutoff_hours integer not null default 24 check (cancellation_cutoff_hours between 0 and 168),
  show_balance boolean not null default true,
  allow_family_members boolean not null default true,
  welcome_message text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table healthcare_service_settings (
  healthcare_service_id uuid primary key references healthcare_services (id) on delete cascade,
  online_booking_enabled boolean not null default true,
  hide_public_profile boolean not null default false,
  patient_survey_instructions text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Catalog (owned by the catalog module): two more coded look-up lists of the resource library.
alter table catalog_codes drop constraint catalog_codes_kind_check;
alter table catalog_codes add constraint catalog_codes_kind_check check (kind in ('language', 'race', 'ethnicity',
  'relation', 'professional-suffix', 'cancellation-reason', 'board-certification', 'hospital', 'procedure'));
