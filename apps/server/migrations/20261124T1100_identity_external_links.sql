-- Social login (decision 0020): a realm account linked to its identity at a brokered OpenID Connect
-- provider, by the provider's alias and the subject (sub) it gives the user.
create table identity_external_links (
  provider text not null,
  subject text not null,
  user_id uuid not null references identity_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);

create index identity_external_links_user on identity_external_links (user_id);
