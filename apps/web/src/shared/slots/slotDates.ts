import { TZDate } from '@date-fns/tz';
import type { Locale } from 'date-fns';
import { SLOT } from '@careslot/contracts';
import { formatPattern } from './datePattern';

/**
 * Calendar days of the slot calendar are days in the facility's IANA zone, written 'yyyy-MM-dd' (a "day
 * key"), so a week never shifts with the browser's zone. Slot times are UTC instants from the server.
 */
export type DayKey = string;

const DAY_MS = 86_400_000;

function parts(key: DayKey): [number, number, number] {
  const [y, m, d] = key.split('-').map(Number);
  return [y!, m!, d!];
}

/** The facility-zone day an instant falls on. */
export function dayKeyOf(instant: Date | string, timeZone: string): DayKey {
  return formatPattern(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
}

/** Pure calendar arithmetic on day keys (no zone involved). */
export function addDays(key: DayKey, days: number): DayKey {
  const [y, m, d] = parts(key);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(key: DayKey, months: number): DayKey {
  const [y, m, d] = parts(key);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)))
    .toISOString()
    .slice(0, 10);
}

/** The instant a facility-zone day starts (its first existing minute, even when midnight is skipped by DST). */
export function startOfDayIn(key: DayKey, timeZone: string): Date {
  const [y, m, d] = parts(key);
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** The days of a page starting at a day: 5 for the week calendar (patient-booking.md §9). */
export function daysFrom(key: DayKey, count: number = SLOT.weekDays): DayKey[] {
  return Array.from({ length: count }, (_, i) => addDays(key, i));
}

export { toUtcQueryDate } from './queryDate';

export interface SlotQueryRange {
  /** The first day actually asked for (a past day moves to today). */
  startDay: DayKey;
  from: Date;
  to: Date;
}

/**
 * The availability query of 4.4: a start day in the past moves to today; today starts at now + 30 min; the
 * range ends `rangeDays` (4) days after the start day, at the end of that day.
 */
export function slotQueryRange(input: {
  startDay: DayKey;
  now: Date;
  timeZone: string;
  rangeDays?: number;
}): SlotQueryRange {
  const today = dayKeyOf(input.now, input.timeZone);
  const startDay = input.startDay < today ? today : input.startDay;
  const dayStart = startOfDayIn(startDay, input.timeZone);
  const earliest = new Date(input.now.getTime() + SLOT.todayStartOffsetMinutes * 60_000);
  const from = startDay === today && earliest > dayStart ? earliest : dayStart;
  const to = startOfDayIn(addDays(startDay, (input.rangeDays ?? SLOT.rangeDays) + 1), input.timeZone);
  return { startDay, from, to };
}

/** The week scroller's 5-day pages, from a day up to 24 months later (patient-booking.md §2.6, §9). */
export function scrollerPages(
  fromDay: DayKey,
  months: number = SLOT.scrollerMonths,
  pageDays: number = SLOT.weekDays,
): DayKey[] {
  const end = addMonths(fromDay, months);
  const pages: DayKey[] = [];
  for (let day = fromDay; day < end; day = addDays(day, pageDays)) pages.push(day);
  return pages;
}

/** The page of the scroller that holds a day. */
export function pageContaining(pages: DayKey[], day: DayKey): DayKey {
  let found = pages[0] ?? day;
  for (const page of pages) {
    if (page <= day) found = page;
    else break;
  }
  return found;
}

/** 'h:mm am' in the facility's zone (2.6); other languages use their own day-period words. */
export function formatSlotTime(instant: Date | string, timeZone: string, locale?: Locale): string {
  return formatPattern(new TZDate(new Date(instant).getTime(), timeZone), 'h:mm aaa', locale);
}

/** A day key as a local date (at noon), for writing it as a calendar day. */
export function calendarDate(key: DayKey): Date {
  const [y, m, d] = parts(key);
  return new Date(y, m - 1, d, 12);
}

/** A day key shown with a short date-fns pattern ('EEE', 'MMM d', ...; see formatPattern), read as a calendar day. */
export function formatDay(key: DayKey, pattern: string, locale?: Locale): string {
  return formatPattern(calendarDate(key), pattern, locale);
}

/** The zone's short name at an instant ('EST', 'GMT+9'), for the time-zone dialog. */
export function zoneAbbreviation(instant: Date | string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** Do two zones show a different wall clock at this instant? (Equal offsets are no difference to a patient.) */
export function zonesDiffer(a: string, b: string, at: Date | string): boolean {
  const wall = (zone: string) => formatPattern(new TZDate(new Date(at).getTime(), zone), 'yyyy-MM-dd HH:mm');
  return wall(a) !== wall(b);
}
