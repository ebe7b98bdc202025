-- The reports' read model (issue 28): checked-in visits, kept current by the reports consumer of the appointment's
-- durable events (so a report reads one indexed table, whatever the size of the appointments table).
create table report_checkins (
  appointment_id uuid primary key,
  organization_id uuid not null,
  patient_id uuid not null,
  practitioner_id uuid,
  location_id uuid,
  start_time timestamptz not null,
  checked_in_at timestamptz not null,
  source_event_id uuid not null
);
create index report_checkins_org_idx on report_checkins (organization_id, checked_in_at desc);
