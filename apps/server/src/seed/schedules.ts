import type { Connection } from '../platform/db';

/**
 * Demo schedules: one per provider at the first location of each practice they belong to, Monday to Friday
 * 09:00-12:00 and 13:00-17:00 local time, 30-minute slots, deterministic version-4-shaped ids (md5 of the pair). Slots are
 * generated on read from these hours, so no slot rows are inserted and demo slots exist from today onward.
 * Every third provider takes group visits (capacity 3).
 */
export async function seedDemoSchedules(connection: Connection): Promise<number> {
  const rows = await connection.query<{ id: string }>(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days)
     select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid, pr.practitioner_id, l.id, l.iana_time_zone, 30,
            case when row_number() over (order by pr.practitioner_id, l.id) % 3 = 0 then 3 else 1 end, 120
       from practitioner_roles pr
       join lateral (select id, iana_time_zone from locations where organization_id = pr.organization_id and active order by name, id limit 1) l on true
      cross join lateral (select md5('demo:schedule:' || pr.practitioner_id || ':' || l.id) as h) ids
      where 'provider' = any(pr.codes) and pr.active
     on conflict (id) do nothing
     returning id`,
  );
  await connection.query(
    `insert into schedule_hours (schedule_id, weekday, start_minute, end_minute)
     select s.id, d.weekday, h.start_minute, h.end_minute
       from schedules s
      cross join generate_series(1, 5) as d(weekday)
      cross join (values (540, 720), (780, 1020)) as h(start_minute, end_minute)
      where s.id = any($1::uuid[])
     on conflict do nothing`,
    [rows.map((r) => r.id)],
  );
  return rows.length;
}
