-- Demo requests sent from the marketing landing page (practice-portal.md §2.14). The sales team gets
-- each one by e-mail through the outbox; super users list them under settings.
create table demo_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  practice text not null,
  email text not null,
  phone text not null,
  interests text[] not null,
  message text,
  source text,
  created_at timestamptz not null default now()
);
create index demo_requests_created_idx on demo_requests (created_at desc);
