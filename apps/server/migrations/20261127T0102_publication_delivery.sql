-- Owned by the publications module (apps/server/src/modules/publications): delivering web/BobAppointment
-- publications to an outside system. The booking module's appointment_publications row may now also end
-- Failed (every retry spent), and counts its delivery attempts; the change is limited to those columns.
alter table appointment_publications drop constraint appointment_publications_status_check;
alter table appointment_publications add constraint appointment_publications_status_check check (status in ('Pending', 'Delivered', 'Failed'));
alter table appointment_publications add column attempts integer not null default 0;
alter table appointment_publications add column last_error text;

-- The local publication target (no webhook configured): each delivery recorded once, with the FHIR R4
-- Appointment it carried (ids, times, statuses and references only) and its signature.
create table publication_deliveries (
  publication_id uuid primary key,
  appointment_id uuid not null,
  target text not null,
  body jsonb not null,
  signature text not null,
  delivered_at timestamptz not null default now()
);
