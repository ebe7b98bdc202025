-- People of a practice (issue 18): what the practice-admin users screen and the provider settings keep beyond
-- the directory's practitioner row, and the activation of invited practice users.

-- Owned by the directory module: a practitioner's professional details (DEA number, board certifications,
-- hospital affiliations) and the profile picture uploaded for them (served publicly: it is a public profile).
create table practitioner_profiles (
  practitioner_id uuid primary key references practitioners (id) on delete cascade,
  dea_number text check (dea_number ~ '^[A-Z][A-Z9][0-9]{7}$'),
  board_certifications text[] not null default '{}',
  hospital_affiliations text[] not null default '{}',
  -- When the practice last invited them, and when they activated their account (null: not yet). A practitioner
  -- without a row here was never invited through the users screen (seeded or signed on from an EHR).
  invited_at timestamptz,
  activated_at timestamptz,
  updated_at timestamptz not null default now()
);

create table practitioner_photos (
  practitioner_id uuid primary key references practitioners (id) on delete cascade,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  content bytea not null,
  updated_at timestamptz not null default now()
);

-- Owned by the identity module: one activation link e-mailed to an invited practice user. The id is the
-- delivering event's id (a redelivered event makes no second link); the link is signed and expiring, and a
-- row is used once. A newer link supersedes the older ones of the same account.
create table identity_staff_activations (
  id uuid primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  superseded_at timestamptz
);
create index identity_staff_activations_user_idx on identity_staff_activations (user_id);

-- An invited practice user has an account before they chose a password: activated_at is set when they do.
-- Accounts made before this migration count as activated.
alter table identity_users add column activated_at timestamptz;
update identity_users set activated_at = created_at;
alter table identity_users alter column activated_at set default now();
