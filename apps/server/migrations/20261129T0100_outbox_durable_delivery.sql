-- Deliveries are durable jobs (decision 0081): a message is written `pending` together with its
-- `outbox.deliver` job (key `outbox:<id>`), and the job marks it `sent` (a transport took it), `stored` (the
-- local default keeps it) or, after its last attempt, `failed` with `last_error`. Before, the send was inline:
-- a row still `pending` now is one whose server stopped between its insert and its send, and nothing will
-- deliver it. It is marked failed, with why, so it no longer reads as under way; the same dedupe key sent
-- again (a redelivered event) delivers it.
update outbox_messages m
   set status = 'failed',
       last_error = 'not sent: the server stopped between writing the message and sending it'
 where status = 'pending'
   and not exists (select 1 from scheduled_jobs j where j.key = 'outbox:' || m.id::text);
