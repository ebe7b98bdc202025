import type { Connection } from '../../platform/db';
import * as store from './availability-store';
import type { ScheduleWithHours } from './availability-store';
import { LEAD_TIME_MS, slotId, type Slot } from './service';
import { localDate, localToUtc, overlapsAny, zoneOffsetMinutes } from './slots';

/**
 * Availability of many schedules at once, for lists of providers (find care). One statement whatever the
 * number of schedules: the schedules with their working hours and the capacity taken in the window (the
 * listed week when there is one). A second one, also whatever their number, only when some schedule has no
 * open slot in the listed week: the taken capacity of the rest of the look-ahead for those schedules.
 */

export interface ScheduleAvailability {
  scheduleId: string;
  practitionerId: string;
  locationId: string | null;
  timeZone: string;
  /** Open slots in [from, to), at most `perDay` per local day. */
  slots: Slot[];
  /** The first open slot at or after `from` within the planning horizon (or `lookAheadDays`), or null. */
  nextAvailable: string | null;
  /** Some listed day has more open slots than `perDay` ('More appointments'). */
  moreSlots: boolean;
}

/** The same for a healthcare service's own schedules (a service's profile books them). */
export type ServiceScheduleAvailability = Omit<ScheduleAvailability, 'practitionerId'> & {
  healthcareServiceId: string;
};

interface AvailabilityInput {
  /** The first calendar day (YYYY-MM-DD), taken in each schedule's own time zone. */
  fromDay: string;
  /** Days of slots to list from fromDay (0 lists none). */
  days: number;
  now: Date;
  perDay: number;
  /** How far from fromDay to look for the next availability; the planning horizon caps it too. */
  lookAheadDays: number;
}

const DAY_MS = 86_400_000;

export async function availabilityOfPractitioners(
  db: Connection,
  input: AvailabilityInput & { practitionerIds: string[] },
): Promise<ScheduleAvailability[]> {
  const found = await availabilityOfActors(db, 'practitioner_id', input.practitionerIds, input);
  return found.map(({ actorId, ...rest }) => ({ ...rest, practitionerId: actorId }));
}

/** The open slots of healthcare services' own schedules, as availabilityOfPractitioners gives a provider's. */
export async function availabilityOfServices(
  db: Connection,
  input: AvailabilityInput & { serviceIds: string[] },
): Promise<ServiceScheduleAvailability[]> {
  const found = await availabilityOfActors(db, 'healthcare_service_id', input.serviceIds, input);
  return found.map(({ actorId, ...rest }) => ({ ...rest, healthcareServiceId: actorId }));
}

async function availabilityOfActors(
  db: Connection,
  actor: 'practitioner_id' | 'healthcare_service_id',
  actorIds: string[],
  input: AvailabilityInput,
): Promise<(Omit<ScheduleAvailability, 'practitionerId'> & { actorId: string })[]> {
  if (actorIds.length === 0) return [];
  const [year, month, day] = input.fromDay.split('-').map(Number) as [number, number, number];
  // The capacity window of every schedule: from the earliest zone's midnight to the latest one's horizon.
  const windowStart = new Date(Date.UTC(year, month - 1, day) - 14 * 3_600_000);
  const windowEnd = new Date(
    Date.UTC(year, month - 1, day + Math.max(input.days, input.lookAheadDays)) + 14 * 3_600_000,
  );
  // When a week is listed, the taken capacity is read for that week only: a schedule with an open slot in it
  // has its next availability there, so the rest of the look-ahead matters only to a schedule whose week has
  // none, and is read for those alone afterwards (none in most searches).
  const weekEnd = new Date(Date.UTC(year, month - 1, day + input.days) + 14 * 3_600_000);
  const takenEnd = input.days > 0 && weekEnd < windowEnd ? weekEnd : windowEnd;
  const schedules = await store.availabilityRows(db, actor, actorIds, input.now, windowStart, takenEnd);
  if (schedules.length === 0) return [];
  const takenOf = new Map<string, Map<number, number>>();
  for (const schedule of schedules) {
    schedule.blocked = schedule.exceptions.map((e) => ({ start: new Date(e.start), end: new Date(e.end) }));
    const takenAt = new Map<number, number>();
    const [starts, counts] = schedule.taken;
    if (starts && counts) for (let i = 0; i < starts.length; i += 1) takenAt.set(starts[i]!, counts[i]!);
    takenOf.set(schedule.id, takenAt);
  }
  const dayStart = (timeZone: string, offsetDays: number) => {
    const date = new Date(Date.UTC(year, month - 1, day + offsetDays));
    return localToUtc(timeZone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 0) ?? date;
  };

  const found = schedules.map((schedule) => {
    const earliest = input.now.getTime() + Math.max(LEAD_TIME_MS, schedule.slot_hide_hours * 3_600_000);
    const latest = input.now.getTime() + schedule.planning_horizon_days * DAY_MS;
    const takenAt = takenOf.get(schedule.id)!;
    const available = (start: Date) => schedule.capacity - (takenAt.get(start.getTime()) ?? 0);
    const toSlot = (start: Date, end: Date, free: number): Slot => ({
      ScheduleId: schedule.id,
      Status: 'free',
      Start: start.toISOString(),
      End: end.toISOString(),
      Capacity: schedule.capacity,
      CapacityAvailable: free,
      SlotIds: [slotId(schedule.id, start)],
    });
    const start = dayStart(schedule.time_zone, 0).getTime();

    const slots: Slot[] = [];
    let moreSlots = false;
    const from = new Date(Math.max(start, earliest));
    const to = new Date(Math.min(dayStart(schedule.time_zone, input.days).getTime(), latest));
    if (input.days > 0 && from < to) {
      // Slots counted per local day (the day daySlots generated them on).
      let day = Number.NaN;
      let count = 0;
      for (const slot of daySlots(schedule, from.getTime(), to.getTime())) {
        if (slot.day === day && count >= input.perDay) {
          // One more open slot on a full day is enough to know there are more; the rest are not checked.
          if (!moreSlots && available(slot.start) > 0) moreSlots = true;
          continue;
        }
        const free = available(slot.start);
        if (free <= 0) continue;
        if (slot.day !== day) {
          day = slot.day;
          count = 0;
        }
        count += 1;
        slots.push(toSlot(slot.start, slot.end, free));
      }
    }
    const nextEnd = Math.min(dayStart(schedule.time_zone, input.lookAheadDays).getTime(), latest);
    const nextFrom = Math.max(start, earliest);
    return {
      schedule,
      available,
      nextFrom,
      nextEnd,
      result: {
        scheduleId: schedule.id,
        actorId: schedule.actor_id,
        locationId: schedule.location_id,
        timeZone: schedule.time_zone,
        slots,
        nextAvailable: slots[0]?.Start ?? null,
        moreSlots,
      },
    };
  });
  // Schedules with no open slot in the listed week (or none listed): the rest of the look-ahead's taken capacity.
  const searching = found.filter(
    (entry) => entry.result.slots.length === 0 && entry.nextFrom < entry.nextEnd,
  );
  if (takenEnd < windowEnd && searching.length > 0) {
    const rest = await store.takenInRange(
      db,
      searching.map((entry) => entry.schedule.id),
      takenEnd,
      windowEnd,
    );
    for (const row of rest) takenOf.get(row.schedule_id)!.set(Number(row.start_ms), row.taken);
  }
  for (const entry of searching)
    entry.result.nextAvailable = firstOpenSlot(
      entry.schedule,
      entry.nextFrom,
      entry.nextEnd,
      entry.available,
    );
  return found.map((entry) => entry.result);
}

/**
 * Slot starts of the working periods in [fromMs, toMs), day by day in the schedule's zone. A day whose UTC
 * offset is the same at both ends (every day but two a year) converts wall times with that one offset; a
 * daylight-saving day goes through localToUtc per slot. This is what keeps a page of providers cheap:
 * the zone look-up is far dearer than the arithmetic. Each slot comes with its local day (the wall-clock
 * midnight of the day it was generated on, as if UTC), and the days come in order.
 */
function* daySlots(
  schedule: ScheduleWithHours,
  fromMs: number,
  toMs: number,
): Generator<{ start: Date; end: Date; day: number }> {
  if (fromMs >= toMs || schedule.hours.length === 0) return;
  const periods = [...schedule.hours].sort((a, b) => a.startMinute - b.startMinute);
  const first = localDate(schedule.time_zone, new Date(fromMs));
  const cursor = new Date(Date.UTC(first.year, first.month - 1, first.day));
  const length = schedule.slot_minutes * 60_000;
  while (cursor.getTime() - 14 * 3_600_000 < toMs) {
    const [year, month, day] = [cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate()];
    const todays = periods.filter((p) => p.weekday === cursor.getUTCDay());
    if (todays.length > 0) {
      const wallMidnight = cursor.getTime();
      const startOffset = zoneOffsetMinutes(schedule.time_zone, new Date(wallMidnight - 12 * 3_600_000));
      const endOffset = zoneOffsetMinutes(schedule.time_zone, new Date(wallMidnight + 36 * 3_600_000));
      for (const period of todays) {
        for (
          let minute = period.startMinute;
          minute + schedule.slot_minutes <= period.endMinute;
          minute += schedule.slot_minutes
        ) {
          const start =
            startOffset === endOffset
              ? new Date(wallMidnight + (minute - startOffset) * 60_000)
              : localToUtc(schedule.time_zone, year, month, day, minute);
          if (!start) continue;
          const at = start.getTime();
          if (at >= toMs) return;
          const end = new Date(at + length);
          if (at >= fromMs && !overlapsAny(schedule.blocked, start, end))
            yield { start, end, day: wallMidnight };
        }
      }
    }
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
}

/** The first open slot in [fromMs, toMs): the walk stops at the first free start. */
function firstOpenSlot(
  schedule: ScheduleWithHours,
  fromMs: number,
  toMs: number,
  available: (start: Date) => number,
): string | null {
  for (const slot of daySlots(schedule, fromMs, toMs))
    if (available(slot.start) > 0) return slot.start.toISOString();
  return null;
}
