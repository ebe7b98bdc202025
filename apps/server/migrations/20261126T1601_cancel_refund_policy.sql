-- The practice's cancellation policy for visit fees (issue 17 item 9, decision 0042): a patient who cancels at
-- least this many hours before the visit gets the fee back; later, the fee is kept. Null: never refunded on a
-- patient's cancellation. The default, 24 hours, holds for every practice until it says otherwise.
alter table payment_org_configs add column cancel_refund_hours integer default 24 check (cancel_refund_hours is null or cancel_refund_hours >= 0);
