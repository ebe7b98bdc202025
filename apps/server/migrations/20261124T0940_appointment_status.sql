-- Status changes of appointments (practice-portal.md §4.1, decision 0016): who changed what, when and why.
-- The request activity log is the part of it whose change started from Pending (a request's decision).
alter table appointments add column status_reason text;

create table appointment_status_changes (
  id uuid primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  organization_id uuid,
  from_status text not null,
  to_status text not null,
  reason text,
  actor_id text,
  actor_type text,
  workflow text,
  changed_at timestamptz not null default now()
);
create index appointment_status_changes_appointment_idx on appointment_status_changes (appointment_id, changed_at);
create index appointment_status_changes_requests_idx on appointment_status_changes (organization_id, changed_at desc)
  where from_status = 'Pending';
create index appointments_pending_idx on appointments (organization_id, start_at) where status = 'Pending';

-- In-app notifications (§3.2): one row per recipient; source_system is the practice.
create table in_app_notifications (
  id uuid primary key,
  user_id uuid not null,
  user_type text not null,
  notification_type text not null default 'Appointment',
  source_system text not null,
  appointment_id uuid,
  payload jsonb not null,
  seen boolean not null default false,
  recieved_on timestamptz not null default now()
);
create index in_app_notifications_user_idx on in_app_notifications (user_id, notification_type, recieved_on desc, id desc);
create index in_app_notifications_unseen_idx on in_app_notifications (user_id, notification_type) where not seen;
