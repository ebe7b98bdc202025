-- Two additions to payments (decision 0024):
-- 1. The slot hold a booking claimed a payment with (schedule, start and hold session). When a crash leaves
--    the booking uncommitted, the reconciler cancels the authorization and gives this hold back at once,
--    instead of leaving the place held until the hold's own 10-minute expiry.
-- 2. The wallet (PayPal) flow: an order is created, approved by the payer, then authorized; the capture has
--    its own id at PayPal, which a later refund needs (capture_reference).
alter table payment_transactions add column claim_schedule_id uuid;
alter table payment_transactions add column claim_start_at timestamptz;
alter table payment_transactions add column claim_session_id text;
alter table payment_transactions add column capture_reference text;

-- The built-in wallet gateway's orders (the local default behind 'paypal' when PayPal is not configured),
-- in the states of PayPal's Orders v2: CREATED -> APPROVED (or DECLINED by the payer) -> authorized, whose
-- authorization is then captured or voided, and a capture refunded at most its amount.
create table sandbox_wallet_orders (
  id text primary key,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  status text not null check (status in ('CREATED', 'APPROVED', 'DECLINED', 'COMPLETED')),
  authorization_id text unique,
  authorization_status text check (authorization_status in ('CREATED', 'CAPTURED', 'VOIDED')),
  capture_id text unique,
  amount_refunded_cents integer not null default 0,
  request_id text unique,
  created_at timestamptz not null default now()
);
