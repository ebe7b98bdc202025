-- Issue 26: the insurance a patient gives at digital check-in becomes their coverage once they check in; the
-- session keeps the coverage it made so a repeated check-in does not make another.
alter table checkin_sessions add column coverage_id uuid;

-- A short link for the visit's check-in (POST token/generate/short-url): a shorter random code that opens the
-- same check-in as the token; only its SHA-256 is kept, and a new link replaces (clears) it.
alter table checkin_sessions add column short_hash text;
create unique index checkin_sessions_short_hash_idx on checkin_sessions (short_hash);
