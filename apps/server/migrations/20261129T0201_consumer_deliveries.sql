-- Delivery per consumer (docs/decisions/0082-delivery-per-consumer.md). An event is fanned out once
-- (dispatched_at) into one delivery row per subscribed consumer; each row has its own attempts, next attempt,
-- last error and state, so one consumer's failure holds back only its own later events of the aggregate.

-- The aggregate and order of the event, copied so a consumer's claim orders its own rows without a join.
alter table domain_event_deliveries
  add column seq bigint,
  add column aggregate_type text,
  add column aggregate_id text,
  add column version bigint,
  -- pending (to deliver), delivered, dead (gave up after the attempt cap; listed and retried by a super user).
  add column status text not null default 'delivered',
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz not null default now(),
  add column last_error text,
  add column failed_at timestamptz;

-- The rows written before: deliveries that were made.
update domain_event_deliveries d
   set seq = e.seq, aggregate_type = e.aggregate_type, aggregate_id = e.aggregate_id, version = e.version,
       attempts = 1
  from domain_events e
 where e.id = d.event_id;
delete from domain_event_deliveries where seq is null;

alter table domain_event_deliveries
  alter column seq set not null,
  alter column aggregate_type set not null,
  alter column aggregate_id set not null,
  alter column version set not null,
  alter column status set default 'pending',
  alter column delivered_at drop not null,
  alter column delivered_at drop default,
  add constraint domain_event_deliveries_status check (status in ('pending', 'delivered', 'dead'));

-- A consumer's claim: its due rows, and whether an older row of the same aggregate is still pending.
create index domain_event_deliveries_due on domain_event_deliveries (consumer, next_attempt_at, seq)
  where status = 'pending';
create index domain_event_deliveries_pending_order
  on domain_event_deliveries (consumer, aggregate_type, aggregate_id, version)
  where status = 'pending';
create index domain_event_deliveries_dead on domain_event_deliveries (failed_at) where status = 'dead';
create index domain_event_deliveries_retention on domain_event_deliveries (delivered_at)
  where status = 'delivered';
create index domain_event_deliveries_event on domain_event_deliveries (event_id);

-- The retry state lived on the event; it is now each delivery's.
alter table domain_events drop column attempts, drop column next_attempt_at, drop column last_error;
create index domain_events_dispatched on domain_events (dispatched_at) where dispatched_at is not null;
create index domain_events_type_seq on domain_events (type, seq);

-- Each consumer's subscription, written the first time an instance registers it: a consumer that starts from the
-- beginning of history receives the events already fanned out then (once, when its row is first written).
create table domain_event_subscriptions (
  consumer text primary key,
  starts_from text not null check (starts_from in ('beginning', 'now')),
  subscribed_at timestamptz not null default now()
);
-- The consumers that existed before this migration have their history already: they are not new.
insert into domain_event_subscriptions (consumer, starts_from)
select distinct consumer, 'now' from domain_event_deliveries
on conflict do nothing;

create index realtime_pending_sent on realtime_pending (sent_at);
