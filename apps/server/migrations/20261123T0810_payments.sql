-- Payments: the visit-fee configuration at organization, location and entity level (patient-booking.md 3.8),
-- the payment transactions of patients, the gateways' customers, and the built-in sandbox gateway's own
-- state (its customers' cards and its charges), kept like a real gateway would so restarts lose nothing.

create table payment_org_configs (
  organization_id uuid primary key references organizations (id) on delete cascade,
  enable_online_payment boolean not null default false,
  gateway_name text,
  account_number text
);

create table payment_location_configs (
  location_id uuid primary key references locations (id) on delete cascade,
  organization_id uuid not null references organizations (id) on delete cascade,
  gateway_name text,
  account_number text
);

-- entity_type lower-cased: provider, healthcareservice, resource, ...
create table payment_entity_configs (
  organization_id uuid not null references organizations (id) on delete cascade,
  entity_type text not null,
  entity_id uuid not null,
  visit_fee_enabled boolean not null default false,
  insured_amount numeric(10, 2) not null default 0 check (insured_amount >= 0),
  uninsured_amount numeric(10, 2) not null default 0 check (uninsured_amount >= 0),
  primary key (organization_id, entity_type, entity_id)
);

create table payment_customers (
  patient_id uuid not null references patients (id) on delete cascade,
  gateway text not null,
  customer_reference text not null,
  created_at timestamptz not null default now(),
  primary key (patient_id, gateway)
);

-- Amounts in cents. gateway_reference is the gateway's id (a Stripe PaymentIntent id, a sandbox charge id).
create table payment_transactions (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  organization_id uuid not null references organizations (id),
  appointment_id uuid,
  gateway text not null,
  gateway_reference text,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  status text not null check (status in ('Pending', 'Uncaptured', 'Captured', 'Rejected', 'Canceled', 'Refunded', 'Approved')),
  payment_method_id text,
  card_details text,
  failure text,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  captured_at timestamptz,
  canceled_at timestamptz,
  refunded_at timestamptz
);
create index payment_transactions_patient_idx on payment_transactions (patient_id, created_at desc);
create index payment_transactions_appointment_idx on payment_transactions (appointment_id);
-- The reconciler's work list: authorizations still open.
create index payment_transactions_open_idx on payment_transactions (status, created_at) where status in ('Pending', 'Uncaptured');

-- The sandbox gateway. A card keeps only its brand, last digits and how the test number behaves.
create table sandbox_payment_methods (
  id text primary key,
  customer_id text not null,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  behavior text not null check (behavior in ('succeed', 'decline', 'insufficient_funds')),
  created_at timestamptz not null default now()
);
create index sandbox_payment_methods_customer_idx on sandbox_payment_methods (customer_id);

create table sandbox_charges (
  id text primary key,
  payment_method_id text not null references sandbox_payment_methods (id),
  amount_cents integer not null,
  amount_refunded_cents integer not null default 0,
  currency text not null,
  status text not null check (status in ('requires_capture', 'succeeded', 'canceled')),
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
