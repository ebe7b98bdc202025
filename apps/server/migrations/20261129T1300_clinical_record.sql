-- The clinical record (issue 27, decision 0095): every entry is a FHIR R4 resource kept whole as JSONB, with the
-- columns the calls search by (patient, type, code, date, status, encounter) beside it.
create table clinical_resources (
  id uuid primary key,
  resource_type text not null check (resource_type in (
    'Observation', 'AllergyIntolerance', 'MedicationStatement', 'Immunization', 'Condition',
    'FamilyMemberHistory', 'DocumentReference', 'Encounter', 'DiagnosticReport', 'Procedure')),
  patient_id uuid not null references patients (id) on delete cascade,
  -- The practice that recorded it; null for what the patient entered themselves.
  organization_id uuid references organizations (id) on delete set null,
  -- Practices the patient shared a self-entered entry with (access policy: sharedWith).
  shared_with uuid[] not null default '{}',
  encounter_id uuid references clinical_resources (id) on delete set null,
  appointment_id uuid,
  code_system text,
  code text,
  status text not null,
  effective_at timestamptz,
  resource jsonb not null,
  version integer not null default 1,
  recorded_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clinical_resources_patient_idx on clinical_resources (patient_id, resource_type, effective_at desc);
create index clinical_resources_code_idx on clinical_resources (resource_type, code);
create index clinical_resources_encounter_idx on clinical_resources (encounter_id) where encounter_id is not null;
create unique index clinical_resources_appointment_encounter_idx
  on clinical_resources (appointment_id) where resource_type = 'Encounter';

-- SMART Health Card issuer keys (ES256), kept apart from the session-token key: a card lives for years, a
-- session key rotates (decision 0097).
create table health_card_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
