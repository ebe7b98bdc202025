-- Sign-up and what follows it (patient-booking.md §4.8 steps 5-9, §3.1): the agreements a user accepts
-- or declines (eula: Terms of Use, oha: Privacy Policy), invitations from a practice, and the invitation an
-- account was created from.
alter table identity_users add column invitation_id uuid;

create table identity_agreements (
  id uuid primary key,
  type text not null check (type in ('eula', 'oha')),
  version text not null,
  document_url text not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
-- One active version of each agreement at a time.
create unique index identity_agreements_active_idx on identity_agreements (type) where active;

insert into identity_agreements (id, type, version, document_url) values
  ('6f1d2c3e-0a7b-4c1e-9f10-000000000001', 'eula', '2026-01', '/terms-of-use-signup.pdf'),
  ('6f1d2c3e-0a7b-4c1e-9f10-000000000002', 'oha', '2026-01', '/privacy-policy-signup.pdf');

-- UserId is the product user id (careslot_id: the patient id of a patient).
create table identity_user_agreements (
  agreement_id uuid not null references identity_agreements (id),
  user_id uuid not null,
  status text not null check (status in ('Accepted', 'Declined')),
  decided_at timestamptz not null default now(),
  primary key (agreement_id, user_id)
);
create index identity_user_agreements_user_idx on identity_user_agreements (user_id);

-- An invitation a practice sends to a patient (§3.1 Invitation): the demographics to build the patient
-- from at sign-up. The id is the activation code; it is single use.
create table identity_invitations (
  id uuid primary key,
  practice_id uuid not null,
  given_name text not null,
  family_name text not null,
  email text,
  phone text,
  birth_date date,
  gender text,
  address jsonb not null default '{}',
  identifier jsonb not null default '[]',
  created_by text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_by uuid,
  accepted_at timestamptz
);
