-- Owned by the notifications module: the practices' e-mail and SMS templates (decision 0061), the
-- organization's notification settings, and what the SMS logs report needs from the outbox's rows.

create table practice_message_templates (
  organization_id uuid not null references organizations (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  workflow_key text not null,
  language text not null,
  subject text,
  body text not null,
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (organization_id, channel, workflow_key, language)
);

create table organization_notification_settings (
  organization_id uuid primary key references organizations (id) on delete cascade,
  send_appointment_details boolean not null default true,
  hide_reason boolean not null default false,
  email_enabled boolean not null default true,
  sms_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);

-- The outbox (platform) learns whose message it is and which workflow key sent it, and keeps an e-mail's HTML.
alter table outbox_messages add column organization_id uuid;
alter table outbox_messages add column workflow_key text;
alter table outbox_messages add column html text;
create index outbox_messages_org_sms_idx on outbox_messages (organization_id, created_at desc) where channel = 'sms';

-- The language a patient chose for their messages (null: the first of their languages the product speaks).
alter table patient_notification_settings add column preferred_language text;
