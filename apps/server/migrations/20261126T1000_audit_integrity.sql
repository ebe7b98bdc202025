-- Audit integrity (decision 0027). The audit trail moves into its own schema, owned by a NOLOGIN role the
-- application's login role is not a member of. The application writes rows only through audit.record(), a
-- SECURITY DEFINER function; it may read them (the view public.audit_events) but cannot update, delete or
-- truncate them, change the table, or disable the append-only trigger. Roles are cluster-wide, so the owner
-- role is created once and shared by every database of the cluster (parallel migrations may race: ignored).
do $$
begin
  create role careslot_audit_owner nologin;
exception when duplicate_object or unique_violation then null;
end
$$;

create schema audit authorization careslot_audit_owner;
alter table audit_events set schema audit;
alter table audit.audit_events rename to events;
alter index audit.audit_events_pkey rename to events_pkey;
alter index audit.audit_events_patient_idx rename to events_patient_idx;
alter index audit.audit_events_entity_idx rename to events_entity_idx;

-- Who acted for which practice, the purpose a support user stated, and which patients a list showed.
alter table audit.events
  add column actor_organization_id text,
  add column purpose text,
  add column patient_ids text[];
create index events_patient_ids_idx on audit.events using gin (patient_ids) where patient_ids is not null;

alter table audit.events owner to careslot_audit_owner;
alter function audit_events_append_only() set schema audit;
alter function audit.audit_events_append_only() owner to careslot_audit_owner;
-- TRUNCATE skips row triggers: refuse it with a statement trigger of its own.
create trigger events_no_truncate before truncate on audit.events
  for each statement execute function audit.audit_events_append_only();

create function audit.record(
  p_actor_id text,
  p_actor_type text,
  p_actor_organization_id text,
  p_action text,
  p_entity_type text,
  p_entity_id text,
  p_patient_id text,
  p_patient_ids text[],
  p_workflow text,
  p_purpose text,
  p_ip text,
  p_user_agent text,
  p_outcome text,
  p_detail jsonb
) returns void
language sql security definer set search_path = audit, pg_temp as $$
  insert into audit.events (actor_id, actor_type, actor_organization_id, action, entity_type, entity_id, patient_id,
                            patient_ids, workflow, purpose, ip, user_agent, outcome, detail)
  values (p_actor_id, p_actor_type, p_actor_organization_id, p_action, p_entity_type, p_entity_id, p_patient_id,
          p_patient_ids, p_workflow, p_purpose, p_ip, p_user_agent, p_outcome, p_detail)
$$;
alter function audit.record(text, text, text, text, text, text, text, text[], text, text, text, text, text, jsonb) owner to careslot_audit_owner;

-- Reading stays possible under the old name (reports, tests); the view runs with its owner's rights and is
-- granted for SELECT only, so it is no back door for writes.
create view public.audit_events as select * from audit.events;
alter view public.audit_events owner to careslot_audit_owner;

revoke all on schema audit from public;
grant usage on schema audit to public;
revoke all on audit.events from public;
revoke all on function audit.record(text, text, text, text, text, text, text, text[], text, text, text, text, text, jsonb) from public;
grant execute on function audit.record(text, text, text, text, text, text, text, text[], text, text, text, text, text, jsonb) to public;
revoke all on public.audit_events from public;
grant select on public.audit_events to public;
