-- Multi-factor authentication of practice users (issue 24 item 6, decision 0105).

-- One TOTP authenticator per account: the secret (base32), when its first code confirmed it, and the last time
-- step a code was accepted for (a code is never accepted twice, nor an older one).
create table identity_mfa_totp (
  user_id uuid primary key references identity_users (id) on delete cascade,
  secret text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- Recovery codes, shown once at enrolment: only their SHA-256 is kept; each is used once.
create table identity_mfa_recovery_codes (
  user_id uuid not null references identity_users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- A realm sign-in whose password was right and whose second factor is still asked (by interaction uid).
create table identity_mfa_challenges (
  uid text primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  -- 'verify': the account has a factor; 'enrol': the practice requires one and the account has none yet;
  -- 'passed': enrolled at this sign-in, the recovery codes shown, waiting for Continue.
  kind text not null check (kind in ('verify', 'enrol', 'passed')),
  expires_at timestamptz not null
);

-- A practice that requires a second factor of all its users (set by its practice admin).
create table identity_mfa_practice_requirements (
  organization_id text primary key,
  required boolean not null,
  updated_at timestamptz not null default now()
);
