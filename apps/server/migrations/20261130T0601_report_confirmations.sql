-- The appointment confirmations report's read model (issue 28, practice-portal.md §2.13): one row per confirmed
-- visit, kept by the reports consumer of the appointment's durable events (confirmed from the message link by the
-- patient, or by the practice).
create table report_confirmations (
  appointment_id uuid primary key,
  organization_id uuid not null,
  patient_id uuid not null,
  practitioner_id uuid,
  location_id uuid,
  start_time timestamptz not null,
  confirmed_at timestamptz not null,
  confirmed_by text not null,
  source_event_id uuid not null
);
create index report_confirmations_org_idx on report_confirmations (organization_id, confirmed_at desc);
