-- A change of login e-mail waits for the link sent to the new address (decision 0085): signed, expiring,
-- single use; a newer request supersedes the older ones of the same account.
create table identity_email_changes (
  id uuid primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  new_email text not null,
  language text not null default 'en',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  superseded_at timestamptz
);
create index identity_email_changes_user_idx on identity_email_changes (user_id);
