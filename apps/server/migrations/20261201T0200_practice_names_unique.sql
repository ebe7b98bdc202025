-- Practice names are unique, ignoring case and white space (issue 24 item 5): two practices a patient cannot
-- tell apart in a list are one name too many. The database decides, so parallel creates of one name leave
-- exactly one. A database that already holds such twins keeps the oldest name and numbers the later ones.
with twins as (
  select id, name,
         row_number() over (
           partition by lower(regexp_replace(name, '\s+', '', 'g')) order by created_at, id
         ) as n
    from organizations
)
update organizations o
   set name = twins.name || ' (' || twins.n || ')'
  from twins
 where o.id = twins.id and twins.n > 1;

create unique index organizations_name_key on organizations (lower(regexp_replace(name, '\s+', '', 'g')));
