-- Password-reset codes of the realm: 6 digits, 10 minutes, single use, at most 5 wrong tries. Only a hash
-- of the code is kept; a new code replaces the account's earlier ones.
create table identity_reset_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references identity_users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index identity_reset_codes_user_idx on identity_reset_codes (user_id, created_at desc);
