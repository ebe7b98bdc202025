-- Files sent with an outgoing e-mail (the appointment's .ics with its confirmation): a list of
-- {filename, contentType, content} with the content in base64; null when the message has none.
alter table outbox_messages add column attachments jsonb;
