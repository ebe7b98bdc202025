-- Practitioners coming from a legacy EHR (spec 3.1): their sign-in carries the EHR's electronic_claim_id and
-- vendor_id, from which the legacy practitioner identifier '{EHR system URL}/{electronic_claim_id}|
-- {Doctor or Practitioner}-{vendor_id}' is built. Single sign-on finds the practitioner by it.
alter table identity_users add column electronic_claim_id text;
alter table identity_users add column vendor_id text;
