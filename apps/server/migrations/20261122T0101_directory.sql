-- Directory: practices (organizations), their facilities (locations), practitioners and their roles,
-- healthcare services (resources), care teams, patients with family members, coverages, and the
-- insurance plans each practitioner and location accepts.

create table organizations (
  id uuid primary key,
  name text not null,
  logo_url text,
  banner_url text,
  phone text,
  email text,
  website text,
  address1 text,
  address2 text,
  city text,
  state text,
  zip_code text,
  time_zone text not null default 'America/New_York',
  -- The practice's account at card payment provider A (spec field strip_account_id).
  stripe_account_id text,
  has_reputation_enabled boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_system text not null default 'careslot',
  last_changed_by_system text not null default 'careslot',
  workflow text
);
create index organizations_name_idx on organizations (lower(name) text_pattern_ops);

create table organization_identifiers (
  organization_id uuid not null references organizations (id) on delete cascade,
  system text not null,
  value text not null,
  use text,
  primary key (system, value)
);
create index organization_identifiers_org_idx on organization_identifiers (organization_id);

create table locations (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null,
  iana_time_zone text not null,
  address1 text not null,
  address2 text,
  city text not null,
  state text not null,
  zip_code text not null,
  county text,
  country text not null default 'US',
  latitude double precision,
  longitude double precision,
  phone text,
  emails text[] not null default '{}',
  check_in_enabled boolean not null default false,
  contact_prefix text,
  contact_first_name text,
  contact_middle_name text,
  contact_last_name text,
  contact_suffix text,
  contact_previous_first_name text,
  contact_previous_last_name text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index locations_organization_idx on locations (organization_id, name);
create index locations_zip_idx on locations (zip_code);

create table practitioners (
  id uuid primary key,
  prefix text,
  given_names text[] not null default '{}',
  family_name text not null,
  suffix text,
  title text,
  gender text check (gender in ('Male', 'Female', 'Other', 'Unknown')),
  npi varchar(10) unique check (npi ~ '^[0-9]{10}$'),
  email text,
  phone text,
  birth_date date,
  photo_url text,
  hide_public_profile boolean not null default false,
  languages text[] not null default '{}',
  about text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_system text not null default 'careslot',
  last_changed_by_system text not null default 'careslot',
  workflow text
);
create unique index practitioners_email_idx on practitioners (lower(email));
create index practitioners_family_idx on practitioners (lower(family_name) text_pattern_ops);

create table practitioner_identifiers (
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  system text not null,
  value text not null,
  use text,
  primary key (system, value)
);
create index practitioner_identifiers_practitioner_idx on practitioner_identifiers (practitioner_id);

create table practitioner_specialties (
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  specialty_id uuid not null references specialties (id),
  position smallint not null default 0,
  primary key (practitioner_id, specialty_id)
);
create index practitioner_specialties_specialty_idx on practitioner_specialties (specialty_id);

-- A practitioner's membership of one practice, with the roles held there (provider, staff, practiceadmin).
create table practitioner_roles (
  id uuid primary key,
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  organization_id uuid not null references organizations (id) on delete cascade,
  codes text[] not null check (codes <@ array['provider', 'staff', 'practiceadmin']::text[] and cardinality(codes) > 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (practitioner_id, organization_id)
);
create index practitioner_roles_organization_idx on practitioner_roles (organization_id);

create table practitioner_role_locations (
  practitioner_role_id uuid not null references practitioner_roles (id) on delete cascade,
  location_id uuid not null references locations (id) on delete cascade,
  primary key (practitioner_role_id, location_id)
);
create index practitioner_role_locations_location_idx on practitioner_role_locations (location_id);

create table healthcare_services (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null,
  category text,
  about text,
  photo_url text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index healthcare_services_organization_idx on healthcare_services (organization_id, name);

create table healthcare_service_locations (
  healthcare_service_id uuid not null references healthcare_services (id) on delete cascade,
  location_id uuid not null references locations (id) on delete cascade,
  primary key (healthcare_service_id, location_id)
);
create index healthcare_service_locations_location_idx on healthcare_service_locations (location_id);

create table care_teams (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null,
  status text not null default 'active' check (status in ('proposed', 'active', 'suspended', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index care_teams_organization_idx on care_teams (organization_id);

create table care_team_participants (
  care_team_id uuid not null references care_teams (id) on delete cascade,
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  role text not null,
  primary key (care_team_id, practitioner_id)
);
create index care_team_participants_practitioner_idx on care_team_participants (practitioner_id);

create table patients (
  id uuid primary key,
  active boolean not null default true,
  prefix text,
  first_name text not null,
  middle_name text,
  last_name text not null,
  suffix text,
  preferred_name text,
  birth_date date,
  gender text check (gender in ('Male', 'Female', 'Other', 'Unknown')),
  email text,
  email_verified boolean not null default false,
  phone text,
  phone_verified boolean not null default false,
  mobile text,
  mobile_verified boolean not null default false,
  address1 text,
  address2 text[] not null default '{}',
  city text,
  state text,
  zip_code text,
  managing_organization_id uuid references organizations (id) on delete set null,
  time_zone text,
  photo_url text,
  languages text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_system text not null default 'careslot',
  last_changed_by_system text not null default 'careslot',
  workflow text
);
-- Not unique: a family member may be reached through the account holder's address.
create index patients_email_idx on patients (lower(email));
create index patients_managing_organization_idx on patients (managing_organization_id);
create index patients_name_idx on patients (lower(last_name) text_pattern_ops, lower(first_name));

create table patient_identifiers (
  patient_id uuid not null references patients (id) on delete cascade,
  system text not null,
  value text not null,
  use text,
  primary key (system, value)
);
create index patient_identifiers_patient_idx on patient_identifiers (patient_id);

-- Family members: the account holder (patient_id) books for related_patient_id, who has their own record.
create table patient_related_persons (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  related_patient_id uuid not null references patients (id) on delete cascade,
  relationship text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (patient_id, related_patient_id),
  check (patient_id <> related_patient_id)
);
create index patient_related_persons_related_idx on patient_related_persons (related_patient_id);

create table coverages (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  insurance_plan_id uuid references insurance_plans (id),
  insurance_display text not null,
  insurance_type text,
  subscriber_id text,
  dependent_number text,
  relationship text not null default 'Self',
  subscriber_patient_id uuid references patients (id) on delete set null,
  subscriber_first_name text,
  subscriber_last_name text,
  subscriber_gender text check (subscriber_gender in ('Male', 'Female', 'Other', 'Unknown')),
  subscriber_birth_date date,
  kind text not null default 'insurance',
  status text not null default 'Active' check (status in ('Active', 'Cancelled', 'Draft', 'Entered-In-Error')),
  priority text not null default 'Primary' check (priority in ('Primary', 'Secondary', 'Tertiary')),
  period_start date,
  period_end date,
  is_default boolean not null default false,
  card_pictures jsonb not null default '[]',
  eligibility jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_system text not null default 'careslot',
  last_changed_by_system text not null default 'careslot',
  workflow text
);
create index coverages_patient_idx on coverages (patient_id, priority);

-- Insurance plans a practitioner or a facility accepts (the provider's insurances in booking and search).
create table practitioner_insurances (
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  insurance_plan_id uuid not null references insurance_plans (id) on delete cascade,
  primary key (practitioner_id, insurance_plan_id)
);
create index practitioner_insurances_plan_idx on practitioner_insurances (insurance_plan_id);

create table location_insurances (
  location_id uuid not null references locations (id) on delete cascade,
  insurance_plan_id uuid not null references insurance_plans (id) on delete cascade,
  primary key (location_id, insurance_plan_id)
);
create index location_insurances_plan_idx on location_insurances (insurance_plan_id);
