-- The patient inbox (issue 28, practice-portal.md §1 and §7 Messaging): message threads between a patient and a
-- practice, and their messages. Unread is what the other side wrote after a side's read mark.
create table message_threads (
  id uuid primary key,
  organization_id uuid not null,
  patient_id uuid not null,
  subject text not null,
  assigned_to uuid,
  created_by uuid,
  created_at timestamptz not null,
  last_message_at timestamptz not null,
  patient_read_seq bigint not null default 0,
  practice_read_seq bigint not null default 0
);
create index message_threads_patient_idx on message_threads (patient_id, last_message_at desc);
create index message_threads_org_idx on message_threads (organization_id, last_message_at desc);

create table thread_messages (
  id uuid primary key,
  seq bigserial not null unique,
  thread_id uuid not null references message_threads (id),
  sender_type text not null,
  sender_id uuid,
  body text not null,
  created_at timestamptz not null,
  -- A retried send with the same key writes one message.
  idempotency_key text unique
);
create index thread_messages_thread_idx on thread_messages (thread_id, seq);
