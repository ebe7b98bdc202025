-- Issue 26 item 5: the patient's review of a visit (the patient-review route, patient-booking.md §2.7): a rating
-- from 1 to 5 and a comment, one per visit, kept by the reputation module; the practice may answer it once.
create table patient_reviews (
  id uuid primary key,
  appointment_id uuid not null unique,
  organization_id uuid not null,
  patient_id uuid not null,
  provider_id uuid,
  location_id uuid,
  rating integer not null check (rating between 1 and 5),
  comment text,
  reply text,
  replied_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index patient_reviews_organization on patient_reviews (organization_id, created_at desc);
