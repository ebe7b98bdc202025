-- A visit's chat reads in the order its messages arrived: two sent within the same instant (one clock tick, or
-- a test's fixed clock) were ordered by their random ids. The arrival number decides after the time.
alter table tele_visit_chat_messages add column arrival bigint generated always as identity;
drop index tele_visit_chat_messages_meeting_idx;
create index tele_visit_chat_messages_meeting_idx on tele_visit_chat_messages (meeting_id, created_at, arrival);
