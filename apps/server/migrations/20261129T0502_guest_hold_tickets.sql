-- Guest holds cost something a fresh guest token does not mint (issue 24 item 4, decision 0085): each live
-- guest hold carries a ticket counted per client address and per calendar (schedule), taken under advisory
-- locks, so the ceilings hold across app instances. A ticket lives as long as its hold could.
create table scheduling_guest_hold_tickets (
  id uuid primary key,
  address text not null,
  schedule_id uuid not null,
  start_at timestamptz not null,
  session_id text not null,
  expires_at timestamptz not null
);
create index scheduling_guest_hold_tickets_address_idx on scheduling_guest_hold_tickets (address, expires_at);
create index scheduling_guest_hold_tickets_schedule_idx on scheduling_guest_hold_tickets (schedule_id, expires_at);
