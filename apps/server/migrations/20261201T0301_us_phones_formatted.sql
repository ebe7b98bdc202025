-- Practice and office phones typed as bare digits (the onboarding wizard kept them so) read as every screen shows
-- a US number, (312) 555-0177; the facility phone rule formats new ones (issue 30, item 13). The search's copy of
-- the office phone follows.
update organizations
   set phone = regexp_replace(right(regexp_replace(phone, '\D', '', 'g'), 10), '^(\d{3})(\d{3})(\d{4})$', '(\1) \2-\3')
 where phone ~ '^\s*1?\d{10}\s*$';
update locations
   set phone = regexp_replace(right(regexp_replace(phone, '\D', '', 'g'), 10), '^(\d{3})(\d{3})(\d{4})$', '(\1) \2-\3')
 where phone ~ '^\s*1?\d{10}\s*$';
update organization_settings
   set contact_phone = regexp_replace(right(regexp_replace(contact_phone, '\D', '', 'g'), 10), '^(\d{3})(\d{3})(\d{4})$', '(\1) \2-\3')
 where contact_phone ~ '^\s*1?\d{10}\s*$';
update provider_search
   set phone = regexp_replace(right(regexp_replace(phone, '\D', '', 'g'), 10), '^(\d{3})(\d{3})(\d{4})$', '(\1) \2-\3')
 where phone ~ '^\s*1?\d{10}\s*$';
