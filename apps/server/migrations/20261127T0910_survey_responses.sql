-- The patient's answers to a practice's survey after a visit (module surveys, decision 0074): one response per
-- appointment, reached through the signed survey link only.

create table survey_responses (
  id uuid primary key,
  appointment_id uuid not null references appointments (id) on delete cascade,
  survey_id uuid not null references surveys (id) on delete cascade,
  organization_id uuid not null references organizations (id) on delete cascade,
  answers jsonb not null,
  submitted_at timestamptz not null default now()
);
create unique index survey_responses_appointment_idx on survey_responses (appointment_id);
create index survey_responses_survey_idx on survey_responses (survey_id, submitted_at);
