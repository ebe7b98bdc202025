-- Outgoing e-mail and SMS. The local default keeps messages here (readable at /dev/outbox);
-- with SMTP or Twilio configured they are also delivered and marked sent or failed.
create table outbox_messages (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  template text not null,
  status text not null default 'stored' check (status in ('stored', 'pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_messages_recipient_idx on outbox_messages (lower(recipient), created_at desc);
create index outbox_messages_pending_idx on outbox_messages (created_at) where status in ('pending', 'failed');
