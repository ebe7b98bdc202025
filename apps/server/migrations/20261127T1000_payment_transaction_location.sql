-- Decision 0071: a transaction remembers the location whose payment settings took it, so capture, void and refund
-- reach the same account (Global Payments' location-level app credentials; the location's Fortis or Stripe account).
alter table payment_transactions add column location_id uuid;
