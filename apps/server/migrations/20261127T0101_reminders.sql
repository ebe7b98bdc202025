-- Owned by the reminders module (apps/server/src/modules/reminders): each practice's appointment reminder
-- settings (ReminderSettings, practice-portal.md §3.8). No row: the practice sends no reminders.
create table reminder_settings (
  id uuid primary key,
  organization_id uuid not null unique,
  enabled boolean not null,
  -- How long before the visit, in hours (e.g. {24, 2}), each a reminder.
  hours_before integer[] not null,
  email boolean not null,
  sms boolean not null,
  updated_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
