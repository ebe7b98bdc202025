-- Invoices, their ledger, practice refunds and copay requests (issue 28, decision 0098). Amounts in integer
-- cents. Every movement of money on an invoice is one row of invoice_entries (charges and refunds of money
-- given back add, payments and adjustments subtract), so an invoice's balance is the sum of its entries.

create table invoices (
  id uuid primary key,
  organization_id uuid not null references organizations (id),
  patient_id uuid not null references patients (id) on delete cascade,
  appointment_id uuid unique,
  location_id uuid,
  status text not null default 'Open' check (status in ('Open', 'Void')),
  -- The appointment event that created it (the consumer is idempotent by event id).
  source_event_id uuid unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index invoices_org_idx on invoices (organization_id, created_at desc);
create index invoices_patient_idx on invoices (patient_id, created_at desc);

create table invoice_entries (
  id uuid primary key,
  invoice_id uuid not null references invoices (id) on delete cascade,
  kind text not null check (kind in ('charge', 'payment', 'refund', 'adjustment')),
  category text not null check (category in ('visit_fee', 'copay', 'other')),
  -- Signed: charge and refund > 0, payment and adjustment < 0.
  amount_cents bigint not null,
  description text,
  transaction_id uuid,
  refund_id uuid,
  -- What the entry is for (e.g. 'payment:<transaction id>', 'refund:<refund id>'): one entry per movement.
  entry_key text not null unique,
  created_by text,
  created_at timestamptz not null default now()
);
create index invoice_entries_invoice_idx on invoice_entries (invoice_id, created_at);

create table payment_refunds (
  id uuid primary key,
  transaction_id uuid not null references payment_transactions (id),
  invoice_id uuid references invoices (id),
  organization_id uuid not null references organizations (id),
  patient_id uuid not null references patients (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null,
  status text not null default 'Pending' check (status in ('Pending', 'Succeeded', 'Failed')),
  idempotency_key text not null,
  failure text,
  created_by text not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (organization_id, idempotency_key)
);
create index payment_refunds_transaction_idx on payment_refunds (transaction_id);
create index payment_refunds_open_idx on payment_refunds (created_at) where status = 'Pending';

create table copay_requests (
  id uuid primary key,
  invoice_id uuid not null references invoices (id) on delete cascade,
  organization_id uuid not null references organizations (id),
  patient_id uuid not null references patients (id) on delete cascade,
  appointment_id uuid,
  amount_cents bigint not null check (amount_cents > 0),
  channel text not null check (channel in ('email', 'sms')),
  -- The payment link's secret (only its hash is kept).
  token_hash text not null unique,
  status text not null default 'Sent' check (status in ('Sent', 'Paid', 'Canceled')),
  transaction_id uuid,
  created_by text not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index copay_requests_invoice_idx on copay_requests (invoice_id);

-- The built-in sandbox gateway's refunds, keyed by the caller's idempotency key: a refund asked twice refunds once.
create table sandbox_refunds (
  idempotency_key text primary key,
  charge_id text not null,
  amount_cents integer not null,
  created_at timestamptz not null default now()
);
