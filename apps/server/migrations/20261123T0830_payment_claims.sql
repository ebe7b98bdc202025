-- A booking claims the patient's authorization before its transaction (claim_id = the new appointment's
-- id) and ties it to the appointment inside the transaction (appointment_id). A failed booking cancels only
-- the authorization it claimed; an authorization claimed but never tied is one whose booking never committed.
alter table payment_transactions add column claim_id uuid;
create index payment_transactions_claim_idx on payment_transactions (claim_id);
