-- A message sent for a durable domain event carries a key (event, channel, template), so a redelivered event
-- (at-least-once delivery) stores and sends it once: the second insert conflicts and the transport is skipped.
-- Null for messages without one (several nulls never conflict).
alter table outbox_messages add column dedupe_key text;
create unique index outbox_messages_dedupe_key on outbox_messages (dedupe_key);
