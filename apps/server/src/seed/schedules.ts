import type { Connection } from '../platform/db';

/** A version-4-shaped uuid from an md5 of the given SQL text expression (deterministic demo ids). */
const uuidOf = (expr: string) =>
  `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from (select md5(${expr}) as h) m)`;

/**
 * Demo schedules, every one four months ahead (slots are generated on read from the hours, so no slot rows
 * are inserted and demo slots exist from today onward):
 * - one per provider at the first location of each practice they belong to, 30-minute slots, Monday to
 *   Friday 09:00-12:00 and 13:00-17:00 local time, every fourth also Saturday 09:00-12:00;
 * - visit types and reasons mixed by provider: office visits (new patient, follow-up), office plus video
 *   visits, office plus walk-ins, video only; every third provider runs group sessions (capacity 3) whose
 *   categories carry their own places (group 3 + individual 1);
 * - one per healthcare service at its first location, group and individual sessions;
 * - per practice the service categories and types (reasons) those use, schedule settings, and the next
 *   25 December as a holiday.
 */
export async function seedDemoSchedules(connection: Connection): Promise<number> {
  await connection.query(
    `insert into service_categories (id, organization_id, name, duration_minutes, capacity)
     select ${uuidOf(`'demo:category:' || o.id || ':' || c.key`)}, o.id, c.name, c.duration, c.capacity
       from organizations o
      cross join (values ('consult', 'Consultation', 30, null::int), ('virtual', 'Virtual care', 30, null::int),
                         ('group', 'Group session', 60, 3), ('individual', 'Individual visit', 30, 1)) as c(key, name, duration, capacity)
     on conflict (id) do nothing`,
  );
  await connection.query(
    `insert into service_types (id, organization_id, service_category_id, name, alias, duration_minutes, visit_type, services)
     select ${uuidOf(`'demo:type:' || o.id || ':' || t.key`)}, o.id, ${uuidOf(`'demo:category:' || o.id || ':' || t.category`)},
            t.name, t.alias, t.duration, t.visit_type, t.services
       from organizations o
      cross join (values
        ('new', 'consult', 'New Patient Visit', 'New patient', 30, 'Office', array['Consultation']),
        ('follow', 'consult', 'Follow-up Visit', 'Follow-up', 30, 'Office', array['Consultation']),
        ('video', 'virtual', 'Video Visit', 'Telehealth', 30, 'TeleHealth', array['Video consultation']),
        ('walkin', 'consult', 'Walk-in Visit', 'Walk-in', 15, 'Walk-In', array['Same-day care']),
        ('group', 'group', 'Group Session', 'Group', 60, 'Office', array['Group therapy']),
        ('individual', 'individual', 'Individual Session', 'One to one', 30, 'Office', array['Individual therapy'])
      ) as t(key, category, name, alias, duration, visit_type, services)
     on conflict (id) do nothing`,
  );
  const providers = await connection.query<{ id: string }>(
    `insert into schedules (id, practitioner_id, location_id, organization_id, time_zone, slot_minutes, capacity, planning_horizon_days, visit_types)
     select ${uuidOf(`'demo:schedule:' || pr.practitioner_id || ':' || l.id`)}, pr.practitioner_id, l.id, pr.organization_id, l.iana_time_zone, 30,
            case when n % 3 = 0 then 3 else 1 end, 120,
            case when n % 3 = 0 then '{Office}'::text[]
                 when n % 6 = 1 then '{Office}'::text[]
                 when n % 6 = 2 then '{Office,TeleHealth}'::text[]
                 when n % 6 = 4 then '{Office,Walk-In}'::text[]
                 else '{TeleHealth}'::text[] end
       from (select pr.*, row_number() over (order by pr.practitioner_id, pr.organization_id) as n
               from practitioner_roles pr where 'provider' = any(pr.codes) and pr.active) pr
       join lateral (select id, iana_time_zone from locations where organization_id = pr.organization_id and active order by name, id limit 1) l on true
     on conflict (id) do nothing
     returning id`,
  );
  const services = await connection.query<{ id: string }>(
    `insert into schedules (id, healthcare_service_id, location_id, organization_id, time_zone, slot_minutes, capacity, planning_horizon_days, visit_types)
     select ${uuidOf(`'demo:schedule:' || hs.id || ':' || l.id`)}, hs.id, l.id, hs.organization_id, l.iana_time_zone, 60, 2, 120, '{Office}'
       from healthcare_services hs
       join lateral (select l.id, l.iana_time_zone from healthcare_service_locations x join locations l on l.id = x.location_id
                      where x.healthcare_service_id = hs.id and l.active order by l.name, l.id limit 1) l on true
      where hs.active
     on conflict (id) do nothing
     returning id`,
  );
  const ids = [...providers, ...services].map((r) => r.id);
  await connection.query(
    `insert into schedule_hours (schedule_id, weekday, start_minute, end_minute)
     select s.id, d.weekday, h.start_minute, h.end_minute
       from (select id, row_number() over (order by id) as n from schedules where id = any($1::uuid[])) s
      cross join generate_series(1, 6) as d(weekday)
      cross join (values (540, 720), (780, 1020)) as h(start_minute, end_minute)
      where d.weekday <= 5 or (s.n % 4 = 0 and h.start_minute = 540)
     on conflict do nothing`,
    [ids],
  );
  // Reasons follow the visit types; group schedules offer group and individual sessions.
  await connection.query(
    `insert into schedule_service_types (schedule_id, service_type_id)
     select s.id, t.id
       from schedules s
       join service_types t on t.organization_id = s.organization_id
      where s.id = any($1::uuid[])
        and case when s.capacity > 1 then t.name in ('Group Session', 'Individual Session')
                 else t.name not in ('Group Session', 'Individual Session') and t.visit_type = any(s.visit_types) end
     on conflict do nothing`,
    [ids],
  );
  await connection.query(
    `insert into schedule_settings (id, schedule_id, collect_patient_demographics, enable_insurance)
     select ${uuidOf(`'demo:schedule-setting:' || s.id`)}, s.id, s.capacity = 1, s.visit_types <> '{TeleHealth}'
       from schedules s where s.id = any($1::uuid[])
     on conflict (schedule_id) do nothing`,
    [ids],
  );
  await connection.query(
    `insert into schedule_exceptions (id, schedule_id, kind, starts_at, ends_at, note)
     select ${uuidOf(`'demo:holiday:' || s.id`)}, s.id, 'Holiday',
            make_timestamptz(y.year, 12, 25, 0, 0, 0, s.time_zone), make_timestamptz(y.year, 12, 26, 0, 0, 0, s.time_zone), 'Christmas Day'
       from schedules s
      cross join (select case when now() < make_timestamptz(extract(year from now())::int, 12, 26, 0, 0, 0, 'Pacific/Kiritimati')
                              then extract(year from now())::int else extract(year from now())::int + 1 end as year) y
      where s.id = any($1::uuid[])
     on conflict (id) do nothing`,
    [ids],
  );
  return ids.length;
}
