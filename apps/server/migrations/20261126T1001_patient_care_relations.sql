-- The care relation between a patient and a practice (decision 0026): the fact that gives a practice access
-- to a patient's own data (demographics, coverages, files). Server-owned: created in the booking transaction
-- (patient-booking.md 4.5 step 3) and when a practice registers a patient, never by a browser. A practice's
-- own objects (appointments, payments, form responses) need no relation lookup: they carry the practice.
create table patient_care_relations (
  patient_id uuid not null references patients (id) on delete cascade,
  organization_id uuid not null references organizations (id) on delete cascade,
  source text not null check (source in ('booking', 'registration', 'managing_organization', 'appointment')),
  created_at timestamptz not null default now(),
  primary key (patient_id, organization_id)
);
create index patient_care_relations_organization_idx on patient_care_relations (organization_id, patient_id);

-- Backfill: every practice a patient has booked with, and the managing practice the browser used to set.
insert into patient_care_relations (patient_id, organization_id, source)
  select distinct a.patient_id, a.organization_id, 'appointment' from appointments a
  join organizations o on o.id = a.organization_id
  on conflict do nothing;
insert into patient_care_relations (patient_id, organization_id, source)
  select id, managing_organization_id, 'managing_organization' from patients where managing_organization_id is not null
  on conflict do nothing;
