-- Scheduling: schedules (calendars) of a practitioner at a location, their weekly working hours, and the
-- capacity taken per slot. Slots are generated on read from the working hours in the location's IANA zone;
-- only a slot that has been held or booked gets a slot_capacity row. Capacity is taken with one conditional
-- upsert, and the check constraint makes over-capacity impossible even if a caller forgets the condition.

create table schedules (
  id uuid primary key,
  practitioner_id uuid references practitioners (id) on delete cascade,
  location_id uuid references locations (id) on delete cascade,
  time_zone text not null,
  slot_minutes integer not null check (slot_minutes between 5 and 480),
  capacity integer not null default 1 check (capacity between 1 and 100),
  planning_horizon_days integer not null default 90 check (planning_horizon_days between 1 and 730),
  slot_hide_hours integer not null default 0 check (slot_hide_hours >= 0),
  online_booking_enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index schedules_practitioner_idx on schedules (practitioner_id);

-- Working hours: weekday 0 = Sunday .. 6 = Saturday, minutes after local midnight.
create table schedule_hours (
  schedule_id uuid not null references schedules (id) on delete cascade,
  weekday smallint not null check (weekday between 0 and 6),
  start_minute integer not null check (start_minute between 0 and 1439),
  end_minute integer not null check (end_minute between 1 and 1440),
  check (end_minute > start_minute),
  primary key (schedule_id, weekday, start_minute)
);

create table slot_capacity (
  schedule_id uuid not null references schedules (id) on delete cascade,
  start_at timestamptz not null,
  capacity integer not null check (capacity >= 1),
  taken integer not null check (taken >= 0),
  check (taken <= capacity),
  primary key (schedule_id, start_at)
);

create table slot_holds (
  id uuid primary key,
  schedule_id uuid not null,
  start_at timestamptz not null,
  session_id text not null,
  patient_id uuid,
  expires_at timestamptz not null,
  foreign key (schedule_id, start_at) references slot_capacity (schedule_id, start_at) on delete cascade
);
create index slot_holds_slot_idx on slot_holds (schedule_id, start_at);
create index slot_holds_session_idx on slot_holds (session_id);
