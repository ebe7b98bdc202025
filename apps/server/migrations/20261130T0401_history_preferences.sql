-- Issue 26: a practice's medical, family, surgical and social history preferences (resource library, §7): the
-- history items its patients are asked about at digital check-in, in the practice's order.
create table entity_history_preferences (
  entity_type text not null,
  entity_id uuid not null,
  organization_id uuid not null,
  kind text not null check (kind in ('medical', 'family', 'surgical', 'social')),
  code text not null,
  display text not null,
  active boolean not null default true,
  sort_order integer not null default 0,
  updated_at timestamptz not null,
  updated_by text,
  primary key (entity_type, entity_id, kind, code)
);
