-- Public profiles of practices and healthcare services (patient-booking.md 3.3, practice-portal.md 3.4):
-- the hidden facility entries ({providerId | resourceId, facilityId}) and the hidden suggested provider and
-- resource ids of a page profile, and a profile for every existing practice and service (new databases get
-- theirs from marketplace.refreshEntityProfiles in the seed).

alter table page_profiles add column hidden_facilities jsonb not null default '[]';
alter table page_profiles add column hidden_suggested_ids uuid[] not null default '{}';

-- The same address segment as @careslot/domain profileSlug for ASCII names: lower-case words joined by
-- dashes, then the first eight hex digits of the id.
insert into page_profiles (id, entity_type, entity_id, name_identity, name, title, about, profile_picture, visit_types,
                           is_published, display_specialities, display_insurances, display_location_phone, show_suggested_entities)
select gen_random_uuid(), 'Organization', o.id,
       trim(both '-' from regexp_replace(lower(o.name), '[^a-z0-9]+', '-', 'g')) || '-' || left(replace(o.id::text, '-', ''), 8),
       o.name, null, null, o.logo_url, '{Office}', true, true, true, true, true
  from organizations o
 where o.active
on conflict do nothing;

insert into page_profiles (id, entity_type, entity_id, name_identity, name, title, about, profile_picture, visit_types,
                           is_published, display_specialities, display_insurances, display_location_phone, show_suggested_entities)
select gen_random_uuid(), 'HealthCareService', s.id,
       trim(both '-' from regexp_replace(lower(s.name), '[^a-z0-9]+', '-', 'g')) || '-' || left(replace(s.id::text, '-', ''), 8),
       s.name, s.category, s.about, s.photo_url, '{Office}', true, true, true, true, true
  from healthcare_services s
 where s.active
on conflict do nothing;
