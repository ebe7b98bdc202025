-- A legacy EHR sign-in carries the EHR's own practice number as PracticeId (decision 0021), e.g. '1001', not a
-- product organization id: the sign-in's practice id is text. Product ids keep their uuid text form.
alter table identity_users alter column practice_id type text using practice_id::text;
