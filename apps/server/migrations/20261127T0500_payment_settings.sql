-- Owned by the payments module (decision 0055): the practice's payment settings become editable.
-- 1. Visit fees are integer cents (money is never a fraction in storage); at most $10,000.00.
-- 2. Each gateway keeps its own account fields: AccountNumber (Stripe account id, Fortis location id, Global
--    Payments account id, PayPal merchant id), product_id (Fortis) and credential (Global Payments, a
--    secret: never answered by a read, never logged).
-- 3. Gateway names are the spec's lower-case identifiers (stripe, fortis, globalpay, paypal).
alter table payment_entity_configs add column insured_cents integer not null default 0 check (insured_cents between 0 and 1000000);
alter table payment_entity_configs add column uninsured_cents integer not null default 0 check (uninsured_cents between 0 and 1000000);
update payment_entity_configs set insured_cents = round(insured_amount * 100)::integer, uninsured_cents = round(uninsured_amount * 100)::integer;
alter table payment_entity_configs drop column insured_amount;
alter table payment_entity_configs drop column uninsured_amount;
alter table payment_entity_configs add column updated_at timestamptz not null default now();

alter table payment_org_configs add column product_id text;
alter table payment_org_configs add column credential text;
alter table payment_org_configs add column updated_at timestamptz not null default now();
update payment_org_configs set gateway_name = lower(trim(gateway_name)) where gateway_name is not null;

alter table payment_location_configs add column product_id text;
alter table payment_location_configs add column credential text;
alter table payment_location_configs add column updated_at timestamptz not null default now();
update payment_location_configs set gateway_name = lower(trim(gateway_name)) where gateway_name is not null;
create index payment_location_configs_org_idx on payment_location_configs (organization_id);

-- The finance view's list: newest first, optionally per practice.
create index payment_transactions_org_created_idx on payment_transactions (organization_id, created_at desc);
create index payment_transactions_created_idx on payment_transactions (created_at desc);
