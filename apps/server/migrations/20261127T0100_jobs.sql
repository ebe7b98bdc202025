-- Owned by the platform (apps/server/src/platform/jobs.ts): the durable job scheduler (decision 0043).
-- A job is a row with a due time; an instance claims due rows (FOR UPDATE SKIP LOCKED), marks them running
-- under a lease and records the outcome. A row still running after its lease (its instance died) is due
-- again. The key makes scheduling idempotent: one row per key, replaced or kept, cancelled by key.
create table scheduled_jobs (
  id uuid primary key,
  kind text not null,
  key text not null unique,
  -- Ids and times only; never names, e-mails or phones.
  payload jsonb not null default '{}',
  run_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed', 'cancelled')),
  attempts integer not null default 0,
  max_attempts integer not null default 8,
  -- The claim: who holds it (kept after the run: who ran it last), until when, and the token its outcome must match (a lapsed holder's is ignored).
  locked_by text,
  locked_until timestamptz,
  lease_token uuid,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index scheduled_jobs_due on scheduled_jobs (run_at) where status = 'pending';
create index scheduled_jobs_leased on scheduled_jobs (locked_until) where status = 'running';
