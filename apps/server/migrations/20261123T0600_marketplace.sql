-- Marketplace (decision 0007): public page profiles of providers, and the denormalized provider_search table
-- that find-care reads. One search row per (practitioner, location), rebuilt per practitioner by
-- marketplace.refreshProviderSearch from the directory and the catalog (no triggers: PGlite and PostgreSQL
-- behave the same). No PostGIS or earthdistance: distance is a latitude/longitude box then haversine.

create table page_profiles (
  id uuid primary key,
  entity_type text not null check (entity_type in ('Provider', 'HealthCareService', 'Organization')),
  entity_id uuid not null,
  -- The profile's public address segment (pageProfiles/entity/{nameIdentity}).
  name_identity text not null unique,
  name text not null,
  title text,
  about text,
  profile_picture text,
  cover_photo text,
  -- Visits the entity offers online (search filter visit_type; VISIT_TYPES of the contracts' constants).
  visit_types text[] not null default '{Office}' check (visit_types <@ array['Office', 'TeleHealth', 'Walk-In']::text[]),
  is_published boolean not null default false,
  show_suggested_entities boolean not null default false,
  enable_location_search boolean not null default false,
  display_specialities boolean not null default false,
  display_insurances boolean not null default false,
  display_location_phone boolean not null default false,
  schedule_via_referrer boolean not null default false,
  enable_split_calendar boolean not null default false,
  enable_profile_ranking boolean not null default false,
  referrer_url text,
  referrer_instructions text,
  page_profile_schedule_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (entity_type, entity_id)
);

create table provider_search (
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  location_id uuid not null references locations (id) on delete cascade,
  organization_id uuid not null,
  organization_name text not null,
  name_identity text not null,
  display_name text not null,
  prefix text,
  given_names text[] not null,
  family_name text not null,
  suffix text,
  gender text,
  photo_url text,
  location_name text not null,
  address1 text not null,
  address2 text,
  city text not null,
  state text not null,
  zip_code text not null,
  phone text,
  time_zone text not null,
  latitude double precision,
  longitude double precision,
  visit_types text[] not null,
  specialty_ids uuid[] not null,
  -- [{Id, Display}] in the practitioner's order, so a result needs no catalog read.
  specialties jsonb not null,
  insurance_plan_ids uuid[] not null,
  insurance_carrier_ids uuid[] not null,
  -- [{Id, Name}] of the accepted carriers.
  insurance_carriers jsonb not null,
  -- Lower-cased name, practice, specialties, city: the free-text filter matches a substring of it.
  search_text text not null,
  refreshed_at timestamptz not null default now(),
  primary key (practitioner_id, location_id)
);
create index provider_search_specialties_idx on provider_search using gin (specialty_ids);
create index provider_search_plans_idx on provider_search using gin (insurance_plan_ids);
create index provider_search_carriers_idx on provider_search using gin (insurance_carrier_ids);
create index provider_search_position_idx on provider_search (latitude, longitude);
create index provider_search_city_idx on provider_search (lower(city), state);
create index provider_search_name_idx on provider_search (display_name, practitioner_id);
