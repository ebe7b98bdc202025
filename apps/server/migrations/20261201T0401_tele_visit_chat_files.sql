-- Files in a video visit's chat (issue 25 item 5): a chat message may carry a file kept in stored_files (the
-- platform's files, owned by the visit's patient); its text is then the file's name. Only the visit's
-- participants download it (the telehealth module's policy call), and it stays with the appointment.
alter table tele_visit_chat_messages add column file_id uuid;
create unique index tele_visit_chat_messages_file_idx on tele_visit_chat_messages (file_id) where file_id is not null;
