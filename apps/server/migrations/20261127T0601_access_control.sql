-- Owned by modules/access-control: which of a practice's roles may use which feature (practice-portal.md §6
-- "Access controls per entity are kept in entity configurations"; decision 0059). One row per practice and role;
-- `services` holds the switches as [{"ServiceCode": "calendar", "Enabled": false}, ...]; a feature not named
-- is on, as the spec's menu rules allow it.
create table access_entity_configurations (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  entity_type text not null default 'Role' check (entity_type = 'Role'),
  entity_id text not null check (entity_id in ('practiceadmin', 'provider', 'staff')),
  services jsonb not null default '[]'::jsonb,
  updated_at timestamptz not null default now(),
  unique (organization_id, entity_type, entity_id)
);
