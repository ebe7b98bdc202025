-- A patient is not booked at two calendars at the same minute unless the calendar being booked allows it
-- (schedule setting AllowConcurrentBookings, default off; decision 0036). The booking transaction checks it
-- under a lock per patient and minute, so two bookings racing each other cannot both pass.
alter table schedules add column allow_concurrent_bookings boolean not null default false;
