-- Surveys (module surveys, decision 0067): a practice's patient surveys, each its own list of questions, and
-- the templates they start from (organization_id null: the platform's library, changed by super users only).

create table survey_templates (
  id uuid primary key,
  organization_id uuid references organizations (id) on delete cascade,
  name text not null,
  description text not null default '',
  questions jsonb not null,
  created_at timestamptz not null default now(),
  last_changed_at timestamptz not null default now(),
  last_changed_by text
);
create index survey_templates_org_idx on survey_templates (organization_id);

create table surveys (
  id uuid primary key,
  organization_id uuid not null references organizations (id) on delete cascade,
  template_id uuid references survey_templates (id) on delete set null,
  name text not null,
  instructions text not null default '',
  active boolean not null default false,
  questions jsonb not null,
  created_at timestamptz not null default now(),
  last_changed_at timestamptz not null default now(),
  last_changed_by text
);
create index surveys_org_idx on surveys (organization_id, name);
-- One survey a practice asks after the visit at a time.
create unique index surveys_one_active_idx on surveys (organization_id) where active;

-- The library's first template: how the visit went.
insert into survey_templates (id, organization_id, name, description, questions) values (
  '5a7e0c1e-0000-4000-8000-000000000001', null, 'Visit experience',
  'How the visit went, from booking to the provider.',
  '[
    {"Id": "overall", "Type": "rating", "Text": "How would you rate your visit overall?", "Required": true, "Options": []},
    {"Id": "provider", "Type": "rating", "Text": "How well did the provider listen and explain?", "Required": true, "Options": []},
    {"Id": "wait", "Type": "choice", "Text": "How long did you wait past your appointment time?", "Required": false, "Options": ["No wait", "Under 15 minutes", "15 to 30 minutes", "Over 30 minutes"]},
    {"Id": "recommend", "Type": "yes-no", "Text": "Would you recommend this practice to a friend?", "Required": true, "Options": []},
    {"Id": "comments", "Type": "text", "Text": "Anything else you would like us to know?", "Required": false, "Options": []}
  ]'::jsonb
), (
  '5a7e0c1e-0000-4000-8000-000000000002', null, 'Telehealth visit',
  'How the video visit worked for the patient.',
  '[
    {"Id": "overall", "Type": "rating", "Text": "How would you rate your video visit overall?", "Required": true, "Options": []},
    {"Id": "quality", "Type": "rating", "Text": "How clear were the picture and the sound?", "Required": true, "Options": []},
    {"Id": "again", "Type": "yes-no", "Text": "Would you choose a video visit again?", "Required": true, "Options": []},
    {"Id": "comments", "Type": "text", "Text": "Anything else you would like us to know?", "Required": false, "Options": []}
  ]'::jsonb
);
