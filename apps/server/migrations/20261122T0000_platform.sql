-- Platform tables: the append-only audit trail and the server's token signing keys.

create table audit_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id text,
  actor_type text not null,
  action text not null check (action in ('read', 'create', 'update', 'delete', 'search', 'login', 'logout')),
  entity_type text not null,
  entity_id text,
  patient_id text,
  workflow text,
  ip text,
  user_agent text,
  outcome text not null check (outcome in ('success', 'denied', 'not_found', 'failure')),
  detail jsonb
);
create index audit_events_patient_idx on audit_events (patient_id, occurred_at) where patient_id is not null;
create index audit_events_entity_idx on audit_events (entity_type, entity_id);

-- The audit trail is append-only: no row may be changed or removed.
create function audit_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_events is append-only';
end;
$$;
create trigger audit_events_no_update before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();

create table signing_keys (
  kid text primary key,
  alg text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
