-- The practice's day: the moment a provider called a walk-in patient from the queue. Walk-ins wait in arrival order, which is the
-- order their appointments were created in (created_at, then the insert sequence).
alter table appointments add column called_at timestamptz;
-- Ties of created_at (one clock tick) still keep the order in which the rows were written.
alter table appointments add column arrival_seq bigint generated always as identity;
-- The provider's day: counts, the walk-in queue and the calendar read by practitioner and start.
create index appointments_practitioner_start_idx on appointments (practitioner_id, start_at);
