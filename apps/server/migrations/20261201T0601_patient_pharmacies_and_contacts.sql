-- Issue 27 (decision 0110): a patient's preferred pharmacies (FHIR Organization) and emergency contacts (FHIR
-- Patient.contact), kept by the patient, their account holder or a practice caring for them.
create table patient_pharmacies (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  name text not null,
  ncpdp_id text,
  npi text,
  phone text,
  fax text,
  address jsonb,
  created_at timestamptz not null,
  created_by text
);
create index patient_pharmacies_patient_idx on patient_pharmacies (patient_id, created_at desc);

create table patient_contacts (
  id uuid primary key,
  patient_id uuid not null references patients (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  relationship text not null,
  phone text,
  email text,
  created_at timestamptz not null,
  created_by text
);
create index patient_contacts_patient_idx on patient_contacts (patient_id, created_at);
