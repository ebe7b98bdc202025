/** Pure slot generation: weekly working hours in an IANA time zone, turned into UTC slot starts. */

export interface WorkingHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface GeneratedSlot {
  start: Date;
  end: Date;
}

/** Time off or a holiday: an instant range no slot may touch. */
export interface BlockedRange {
  start: Date;
  end: Date;
}

// Building an Intl.DateTimeFormat costs far more than using one, and slot generation asks for offsets
// several times per slot: one formatter per zone, kept for the life of the process (and the offsets of
// whole hours cached below).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset at an instant, asked of Intl (the dear part of slot generation). */
function intlOffsetMinutes(timeZone: string, atMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(atMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(atMs / 1000) * 1000) / 60_000);
}

const HOUR_MS = 3_600_000;
/** Hours kept per zone before its cache starts again (a few years of hours). */
const MAX_CACHED_HOURS = 50_000;
// zone → UTC hour number → the offset of that whole hour. An hour is cached only when its first and last
// second have the same offset, so an hour holding a change is always asked of Intl.
const offsetsByHour = new Map<string, Map<number, number>>();

/** The zone's offset from UTC in minutes at an instant (positive east of Greenwich). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const atMs = at.getTime();
  const hour = Math.floor(atMs / HOUR_MS);
  let hours = offsetsByHour.get(timeZone);
  const cached = hours?.get(hour);
  if (cached !== undefined) return cached;
  if (!Number.isFinite(hour)) return intlOffsetMinutes(timeZone, atMs);
  const first = intlOffsetMinutes(timeZone, hour * HOUR_MS);
  if (first !== intlOffsetMinutes(timeZone, (hour + 1) * HOUR_MS - 1000))
    return intlOffsetMinutes(timeZone, atMs);
  if (!hours || hours.size >= MAX_CACHED_HOURS) {
    hours = new Map();
    offsetsByHour.set(timeZone, hours);
  }
  hours.set(hour, first);
  return first;
}

/**
 * The instant of a local wall-clock time in a zone, or null when that wall time does not exist (skipped by a
 * daylight-saving jump). An ambiguous time (repeated hour) resolves to its first occurrence.
 */
export function localToUtc(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minuteOfDay: number,
): Date | null {
  const wall = Date.UTC(year, month - 1, day) + minuteOfDay * 60_000;
  const candidates = new Set<number>();
  for (const probe of [wall - 36 * 3_600_000, wall + 36 * 3_600_000, wall]) {
    candidates.add(wall - zoneOffsetMinutes(timeZone, new Date(probe)) * 60_000);
  }
  const valid = [...candidates].filter(
    (instant) => instant + zoneOffsetMinutes(timeZone, new Date(instant)) * 60_000 === wall,
  );
  if (valid.length === 0) return null;
  return new Date(Math.min(...valid));
}

/** Local calendar date (y, m, d, weekday) of an instant in a zone. */
export function localDate(timeZone: string, at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + zoneOffsetMinutes(timeZone, at) * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * Slots of `slotMinutes` inside the working hours, starting in [from, to), in the given zone. Slots never cross
 * the end of a working period, and a wall time skipped by daylight saving yields no slot.
 */
export function generateSlots(input: {
  timeZone: string;
  slotMinutes: number;
  hours: WorkingHours[];
  from: Date;
  to: Date;
  /** Exceptions (time off, holidays): a slot overlapping one is not offered. */
  exceptions?: BlockedRange[];
}): GeneratedSlot[] {
  const { timeZone, slotMinutes, hours, from, to } = input;
  // A slot starting before `to` may end after it: an exception that starts at or after `to` still blocks it.
  const blocked = (input.exceptions ?? []).filter(
    (e) => e.end.getTime() > from.getTime() - 86_400_000 && e.start.getTime() < to.getTime() + 86_400_000,
  );
  const slots: GeneratedSlot[] = [];
  const first = localDate(timeZone, new Date(from.getTime() - 86_400_000));
  const cursor = new Date(Date.UTC(first.year, first.month - 1, first.day));
  const seen = new Set<number>();
  while (cursor.getTime() <= to.getTime() + 86_400_000) {
    const [year, month, day] = [cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate()];
    const weekday = cursor.getUTCDay();
    const todays = hours.filter((h) => h.weekday === weekday);
    // Asking the zone for an offset is far dearer than the arithmetic: a day whose offset is the same on
    // both sides (every day but the two changes a year) converts its wall times with that one offset.
    const wallMidnight = cursor.getTime();
    const before = todays.length ? zoneOffsetMinutes(timeZone, new Date(wallMidnight - 14 * 3_600_000)) : 0;
    const steady =
      todays.length > 0 && before === zoneOffsetMinutes(timeZone, new Date(wallMidnight + 38 * 3_600_000));
    for (const period of todays) {
      for (let minute = period.startMinute; minute + slotMinutes <= period.endMinute; minute += slotMinutes) {
        const start = steady
          ? new Date(wallMidnight + (minute - before) * 60_000)
          : localToUtc(timeZone, year, month, day, minute);
        if (!start || start < from || start >= to || seen.has(start.getTime())) continue;
        const end = new Date(start.getTime() + slotMinutes * 60_000);
        if (overlapsAny(blocked, start, end)) continue;
        seen.add(start.getTime());
        slots.push({ start, end });
      }
    }
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  slots.sort((a, b) => a.start.getTime() - b.start.getTime());
  // One actor is in one place at a time: a slot overlapping an earlier one (periods that overlap, or a
  // wall time repeated by the autumn change) is dropped, the earlier kept.
  const kept: GeneratedSlot[] = [];
  for (const slot of slots) if (!kept.length || slot.start >= kept[kept.length - 1]!.end) kept.push(slot);
  return kept;
}

/** Does [start, end) touch any of the ranges? */
export function overlapsAny(ranges: readonly BlockedRange[], start: Date, end: Date): boolean {
  for (const range of ranges) if (range.start < end && range.end > start) return true;
  return false;
}

/** Today's slots start at now + 30 minutes (patient-booking.md 4.4, §9). */
export const LEAD_TIME_MS = 30 * 60_000;

export interface OfferRules {
  timeZone: string;
  slotMinutes: number;
  hours: WorkingHours[];
  exceptions: BlockedRange[];
  /** SlotHideHours: nothing starting sooner than this after now is shown. */
  slotHideHours: number;
  planningHorizonDays: number;
}

/**
 * The window a schedule offers within [from, to): no earlier than now + 30 min and now + SlotHideHours,
 * no later than the planning horizon.
 */
export function offeredWindow(
  rules: Pick<OfferRules, 'slotHideHours' | 'planningHorizonDays'>,
  range: { from: Date; to: Date; now: Date },
) {
  const earliest = range.now.getTime() + Math.max(LEAD_TIME_MS, rules.slotHideHours * 3_600_000);
  const latest = range.now.getTime() + rules.planningHorizonDays * 86_400_000;
  return {
    from: new Date(Math.max(range.from.getTime(), earliest)),
    to: new Date(Math.min(range.to.getTime(), latest)),
  };
}

/**
 * The slots a schedule offers in [from, to): its working hours in its zone, none inside an exception,
 * none before now + 30 min or SlotHideHours, none past the planning horizon.
 */
export function offeredSlots(rules: OfferRules, range: { from: Date; to: Date; now: Date }): GeneratedSlot[] {
  const { from, to } = offeredWindow(rules, range);
  if (from >= to) return [];
  return generateSlots({
    timeZone: rules.timeZone,
    slotMinutes: rules.slotMinutes,
    hours: rules.hours,
    exceptions: rules.exceptions,
    from,
    to,
  });
}
