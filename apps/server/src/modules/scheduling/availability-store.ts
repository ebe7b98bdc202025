import type { Connection } from '../../platform/db';
import type { BlockedRange, WorkingHours } from './slots';

/** SQL of the availability of many schedules at once (availability.ts). */

export interface ScheduleWithHours {
  id: string;
  /** The schedule's actor: its practitioner or its healthcare service, as asked. */
  actor_id: string;
  location_id: string | null;
  time_zone: string;
  slot_minutes: number;
  capacity: number;
  planning_horizon_days: number;
  slot_hide_hours: number;
  hours: WorkingHours[];
  exceptions: { start: string; end: string }[];
  blocked: BlockedRange[];
}

/**
 * The online-bookable schedules of the actors, with their working hours, their exceptions ending after `now`
 * and the capacity taken in [windowStart, takenEnd).
 */
export async function availabilityRows(
  db: Connection,
  actor: 'practitioner_id' | 'healthcare_service_id',
  actorIds: string[],
  now: Date,
  windowStart: Date,
  takenEnd: Date,
) {
  return db.query<ScheduleWithHours & { taken: [number[] | null, number[] | null] }>(
    // Categories with capacities make a slot's capacity their sum (3.4). The capacity taken in the window
    // comes with each schedule as two JSON arrays (start in epoch ms, places taken), read by an index range
    // scan per schedule: one row per schedule instead of one per taken slot.
    `select s.id, s.${actor} as actor_id, s.location_id, s.time_zone, s.slot_minutes,
            coalesce((select sum(coalesce(c.capacity, s.capacity))::int from service_categories c
                       where c.id in (select t.service_category_id from schedule_service_types x
                                        join service_types t on t.id = x.service_type_id where x.schedule_id = s.id)
                      having bool_or(c.capacity is not null)), s.capacity) as capacity,
            s.planning_horizon_days, s.slot_hide_hours,
            coalesce((select json_agg(json_build_object('weekday', h.weekday, 'startMinute', h.start_minute, 'endMinute', h.end_minute))
                        from schedule_hours h where h.schedule_id = s.id), '[]') as hours,
            coalesce((select json_agg(json_build_object('start', e.starts_at, 'end', e.ends_at))
                        from schedule_exceptions e where e.schedule_id = s.id and e.ends_at > $2), '[]') as exceptions,
            (select json_build_array(json_agg((extract(epoch from c.start_at) * 1000)::bigint), json_agg(c.taken))
               from slot_capacity c
              where c.schedule_id = s.id and c.start_at >= $3 and c.start_at < $4 and c.taken > 0) as taken
       from schedules s
      where s.${actor} = any($1::uuid[]) and s.online_booking_enabled
      order by s.${actor}, s.id`,
    [actorIds, now.toISOString(), windowStart.toISOString(), takenEnd.toISOString()],
  );
}

/** The capacity taken of the schedules' slots starting in [from, to). */
export async function takenInRange(db: Connection, scheduleIds: string[], from: Date, to: Date) {
  return db.query<{ schedule_id: string; start_ms: string | number; taken: number }>(
    `select c.schedule_id, (extract(epoch from c.start_at) * 1000)::bigint as start_ms, c.taken
       from slot_capacity c
      where c.schedule_id = any($1::uuid[]) and c.start_at >= $2 and c.start_at < $3 and c.taken > 0`,
    [scheduleIds, from.toISOString(), to.toISOString()],
  );
}
