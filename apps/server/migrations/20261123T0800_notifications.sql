-- Phone verification codes (OTP) and patient notification settings. Only a hash of a code is kept; a code
-- belongs to one request and one signed-in subject. otp_sends records every SMS sent, so the 5-per-10-minutes
-- limit holds across requests for the same subject and the same phone.
create table otp_requests (
  id uuid primary key,
  subject text not null,
  patient_id uuid not null references patients (id) on delete cascade,
  phone text not null,
  region text not null check (region in ('US', 'PK')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_requests_subject_idx on otp_requests (subject, created_at desc);

create table otp_sends (
  request_id uuid not null references otp_requests (id) on delete cascade,
  subject text not null,
  phone text not null,
  sent_at timestamptz not null
);
create index otp_sends_subject_idx on otp_sends (subject, sent_at desc);
create index otp_sends_phone_idx on otp_sends (phone, sent_at desc);

create table patient_notification_settings (
  id uuid primary key,
  patient_id uuid not null unique references patients (id) on delete cascade,
  time_zone text not null,
  sms_alerts_enabled boolean not null,
  updated_at timestamptz not null default now()
);
