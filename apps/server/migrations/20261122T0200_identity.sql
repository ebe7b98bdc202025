-- Sign-in accounts of the identity provider shipped with CareSlot (realm careslot), and the provider's
-- own records (sessions, interactions, codes, tokens, grants) so every instance and a restart see them.
create table identity_users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  given_name text not null,
  family_name text not null,
  gender text,
  birth_date date,
  mobile_number text,
  user_type text not null check (user_type in ('Patient', 'Practitioner', 'SuperUser')),
  user_roles text[] not null default '{}',
  -- The product id: the patient id for patients, the practitioner id for practitioners.
  careslot_id uuid,
  practice_id uuid,
  eula_accepted boolean not null default false,
  oha_accepted boolean not null default false,
  failed_logins integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);
create unique index identity_users_email_idx on identity_users (lower(email));

create table identity_oidc_records (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index identity_oidc_records_grant_idx on identity_oidc_records (grant_id) where grant_id is not null;
create index identity_oidc_records_uid_idx on identity_oidc_records (uid) where uid is not null;

-- The product session behind the SessionId cookie (30 days): lets a returning browser get a fresh product
-- token without signing in again (POST /api/account/is-already-loggedin).
create table identity_sessions (
  id text primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index identity_sessions_user_idx on identity_sessions (user_id);
