-- Identifiers of an appointment in other systems (PATCH Appointments/{id}, Appointments/identifiers/get):
-- [{System, Value}], opaque, never PHI. A GIN index answers "which appointment carries this identifier".
alter table appointments add column identifiers jsonb not null default '[]';
create index appointments_identifiers_idx on appointments using gin (identifiers jsonb_path_ops);

-- web/BobAppointment: a booked appointment published to outside systems. The row is the outbound message,
-- written in the same transaction as the audit row (an outbox of its own until the durable events table
-- carries it; decision 0032): Pending until a dispatcher delivers it. One publication per appointment.
create table appointment_publications (
  id uuid primary key,
  appointment_id uuid not null unique references appointments (id),
  organization_id uuid,
  status text not null default 'Pending' check (status in ('Pending', 'Delivered')),
  published_by text,
  created_at timestamptz not null,
  delivered_at timestamptz
);
create index appointment_publications_pending_idx on appointment_publications (created_at) where status = 'Pending';
