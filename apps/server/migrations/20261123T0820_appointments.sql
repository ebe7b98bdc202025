-- Appointments booked online. The slot's capacity is taken by the scheduling module inside the same
-- transaction as the insert; this table's partial unique indexes stop one patient booking the same start
-- of the same schedule twice, and one caller's retried request (same Idempotency-Key) booking twice.
create table appointments (
  id uuid primary key,
  patient_id uuid not null references patients (id),
  schedule_id uuid not null references schedules (id),
  start_at timestamptz not null,
  end_at timestamptz not null,
  practitioner_id uuid,
  location_id uuid,
  organization_id uuid,
  appointment_type text not null check (appointment_type in ('Office', 'TeleHealth', 'Resource')),
  schedule_type text not null check (schedule_type in ('Scheduled', 'Walk-In')),
  status text not null,
  reasons jsonb not null default '[]',
  service_category jsonb not null default '[]',
  service_type jsonb not null default '[]',
  custom_forms jsonb not null default '[]',
  consents jsonb not null default '[]',
  participants jsonb not null,
  coverages jsonb not null default '[]',
  booking_system jsonb not null,
  audit_trail jsonb not null,
  meeting_id text,
  created_by text,
  idempotency_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_at > start_at)
);
create unique index appointments_no_duplicate_idx on appointments (patient_id, schedule_id, start_at)
  where status not in ('Canceled', 'Rejected', 'Entered-In-Error', 'Failed');
create unique index appointments_idempotency_idx on appointments (created_by, idempotency_key) where idempotency_key is not null;
create index appointments_patient_idx on appointments (patient_id, start_at desc);
create index appointments_organization_idx on appointments (organization_id, start_at);
