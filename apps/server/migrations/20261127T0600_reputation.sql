-- Owned by modules/reputation: the practice's review-platform settings (practice-portal.md §2.10, §3.8, §5, §7
-- "Review platform"). The API key is a secret: stored here, answered masked, sent in full only to the sign-on form
-- of a signed-in user of the same practice (decision 0058).
create table reputation_organization_settings (
  id uuid primary key,
  organization_id uuid not null unique references organizations (id) on delete cascade,
  api_key text not null check (char_length(api_key) = 32),
  business_id text not null check (char_length(business_id) = 15),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table reputation_location_settings (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  location_id uuid not null unique references locations (id) on delete cascade,
  business_id text not null check (char_length(business_id) = 15),
  is_active boolean not null default true,
  review_site_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reputation_location_settings_org_idx on reputation_location_settings (organization_id);

create table reputation_provider_settings (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  practitioner_id uuid not null references practitioners (id) on delete cascade,
  business_id text not null check (char_length(business_id) = 15),
  is_active boolean not null default true,
  review_site_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A provider may work for several practices: one listing per practice.
  unique (organization_id, practitioner_id)
);

-- Whether and when a patient is asked for a review after a visit with this practice, location or provider.
create table reputation_entity_configurations (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  entity_type text not null check (entity_type in ('Organization', 'Location', 'Provider')),
  entity_id uuid not null,
  send_review_requests boolean not null default true,
  review_request_delay_hours integer not null default 2 check (review_request_delay_hours between 0 and 168),
  updated_at timestamptz not null default now(),
  unique (organization_id, entity_type, entity_id)
);
