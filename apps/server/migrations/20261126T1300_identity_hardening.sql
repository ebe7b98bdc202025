-- Sign-in failures per e-mail address, known or not (issue 16 items 1 and 6): the lock-out engages and answers
-- the same whether or not an account exists, and each try is counted by one conditional upsert before the
-- password is checked, so parallel guesses cannot slip past the limit. The key is a SHA-256 of the lower-cased
-- address: no e-mail is stored here.
create table identity_login_failures (
  email_key text primary key,
  failed_logins integer not null default 0,
  locked_until timestamptz
);

-- Product tokens handed to signed-in accounts, by token id (jti), so a password reset or a sign-out can revoke
-- them (issue 16 item 3). Kept until the token would expire anyway.
create table identity_issued_tokens (
  jti text primary key,
  user_id uuid not null references identity_users (id) on delete cascade,
  session_id text,
  expires_at timestamptz not null
);
create index identity_issued_tokens_user_idx on identity_issued_tokens (user_id);
create index identity_issued_tokens_session_idx on identity_issued_tokens (session_id) where session_id is not null;

-- The denylist every token verification consults: a revoked token id until the token's own expiry.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);
create index revoked_tokens_expiry_idx on revoked_tokens (expires_at);

-- Password reset requests per e-mail address, known or not (issue 16 item 6): the resend back-off is counted
-- here, so the reset call answers an unknown address exactly as a known one. Key as above.
create table identity_reset_requests (
  email_key text not null,
  created_at timestamptz not null
);
create index identity_reset_requests_key_idx on identity_reset_requests (email_key, created_at);
