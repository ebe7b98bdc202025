-- Scheduling, second part (patient-booking.md 3.4, practice-portal.md 3.4): the schedule's owner, actor,
-- visit types, regions and version; schedule settings; service categories and service types (reasons) and
-- which types a schedule offers; exceptions (time off, holidays); capacity counted per service category.

-- The practice that owns a schedule decides who may edit it; the actor is a practitioner or a service.
alter table schedules add column organization_id uuid references organizations (id) on delete cascade;
alter table schedules add column healthcare_service_id uuid references healthcare_services (id) on delete cascade;
alter table schedules add column name text;
alter table schedules add column identifiers jsonb not null default '[]';
alter table schedules add column specialties text[] not null default '{}';
alter table schedules add column visit_types text[] not null default '{Office}'
  check (cardinality(visit_types) > 0 and visit_types <@ array['Office', 'TeleHealth', 'Walk-In']::text[]);
alter table schedules add column supported_regions text[] not null default '{US}'
  check (cardinality(supported_regions) > 0 and supported_regions <@ array['US', 'PK']::text[]);
-- Bumped by every edit of the schedule, its hours, exceptions or services: a cached copy is used only while
-- its version still matches the row (the hold statement checks it).
alter table schedules add column version integer not null default 1;
alter table schedules add column updated_at timestamptz not null default now();
update schedules s set organization_id = l.organization_id from locations l where l.id = s.location_id;
create index schedules_organization_idx on schedules (organization_id);
create index schedules_location_idx on schedules (location_id);

create table schedule_settings (
  id uuid primary key,
  schedule_id uuid not null unique references schedules (id) on delete cascade,
  collect_patient_demographics boolean not null default false,
  enable_insurance boolean not null default false,
  updated_at timestamptz not null default now()
);

create table service_categories (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  duration_minutes integer not null check (duration_minutes between 5 and 480),
  -- Null: the category has no capacity of its own.
  capacity integer check (capacity between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index service_categories_organization_idx on service_categories (organization_id, name);

create table service_types (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  service_category_id uuid references service_categories (id) on delete set null,
  name text not null check (length(name) between 1 and 200),
  alias text,
  duration_minutes integer not null check (duration_minutes between 5 and 480),
  visit_type text not null default 'Office' check (visit_type in ('Office', 'TeleHealth', 'Walk-In')),
  services text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index service_types_organization_idx on service_types (organization_id, name);
create index service_types_category_idx on service_types (service_category_id);

create table schedule_service_types (
  schedule_id uuid not null references schedules (id) on delete cascade,
  service_type_id uuid not null references service_types (id) on delete cascade,
  primary key (schedule_id, service_type_id)
);
create index schedule_service_types_type_idx on schedule_service_types (service_type_id);

-- Time off and holidays: no slot starts or runs inside [starts_at, ends_at).
create table schedule_exceptions (
  id uuid primary key,
  schedule_id uuid not null references schedules (id) on delete cascade,
  kind text not null check (kind in ('TimeOff', 'Holiday')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  note text check (length(note) <= 500),
  created_by text,
  created_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index schedule_exceptions_schedule_idx on schedule_exceptions (schedule_id, starts_at);

-- Capacity per service category: a slot whose categories carry capacities has one counter per category
-- (the slot's capacity is their sum); any other slot keeps one counter under the nil category.
alter table slot_holds drop constraint slot_holds_schedule_id_start_at_fkey;
alter table slot_capacity drop constraint slot_capacity_pkey;
alter table slot_capacity add column category_id uuid not null default '00000000-0000-0000-0000-000000000000';
alter table slot_capacity add primary key (schedule_id, start_at, category_id);
alter table slot_holds add column category_id uuid not null default '00000000-0000-0000-0000-000000000000';
alter table slot_holds add foreign key (schedule_id, start_at, category_id)
  references slot_capacity (schedule_id, start_at, category_id) on delete cascade;
create index slot_holds_patient_idx on slot_holds (patient_id) where patient_id is not null;
create index slot_holds_expiry_idx on slot_holds (expires_at);
