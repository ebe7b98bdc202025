-- The practice's day: time blocked off a schedule (a schedule exception: no slot is offered inside it) and
-- the moment a provider called a walk-in patient from the queue. Walk-ins wait in arrival order, which is the
-- order their appointments were created in (created_at, then the insert sequence).
create table schedule_exceptions (
  id uuid primary key,
  schedule_id uuid not null references schedules (id) on delete cascade,
  start_at timestamptz not null,
  end_at timestamptz not null,
  reason text not null,
  created_by text,
  created_at timestamptz not null default now(),
  check (end_at > start_at)
);
create index schedule_exceptions_schedule_idx on schedule_exceptions (schedule_id, start_at);

alter table appointments add column called_at timestamptz;
-- Ties of created_at (one clock tick) still keep the order in which the rows were written.
alter table appointments add column arrival_seq bigint generated always as identity;
-- The provider's day: counts, the walk-in queue and the calendar read by practitioner and start.
create index appointments_practitioner_start_idx on appointments (practitioner_id, start_at);
