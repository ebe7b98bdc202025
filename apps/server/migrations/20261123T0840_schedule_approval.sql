-- The schedule's approval setting (patient-booking.md 3.4 schedule settings): online bookings of a schedule
-- that requires approval start Pending until the practice accepts them; otherwise Scheduled.
alter table schedules add column requires_approval boolean not null default false;
