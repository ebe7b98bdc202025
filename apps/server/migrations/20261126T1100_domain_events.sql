-- Durable domain events (docs/decisions/0028-durable-events.md): a change writes its events here in its own
-- transaction; the dispatcher delivers them at least once, in order per aggregate, to each consumer.
create table domain_events (
  id uuid primary key,
  -- Append order; within one aggregate it equals commit order (appends of one aggregate take turns).
  seq bigserial not null unique,
  aggregate_type text not null,
  aggregate_id text not null,
  -- 1, 2, 3 ... per aggregate: what a client orders by and what it acknowledges.
  version bigint not null,
  type text not null,
  -- Ids, statuses and times only; never names, birth dates, phones or e-mails.
  payload jsonb not null,
  occurred_at timestamptz not null default now(),
  dispatched_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  unique (aggregate_type, aggregate_id, version)
);
create index domain_events_undispatched on domain_events (aggregate_type, aggregate_id, version) where dispatched_at is null;

-- One row per consumer and event it handled: a redelivered event is skipped by a consumer that has it.
create table domain_event_deliveries (
  consumer text not null,
  event_id uuid not null,
  delivered_at timestamptz not null default now(),
  primary key (consumer, event_id)
);

-- Real-time messages sent to a user and not yet acknowledged: redelivered on reconnect, on any instance,
-- after a restart too (docs/decisions/0029-realtime-room-rules.md).
create table realtime_pending (
  message_id uuid primary key,
  user_id text not null,
  hub text not null,
  event text not null,
  message jsonb not null,
  sent_at timestamptz not null default now()
);
create index realtime_pending_user on realtime_pending (user_id, sent_at);
