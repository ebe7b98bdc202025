/**
 * Rules of a practice's schedule settings (practice-portal.md 3.4), shared by the settings pages and the
 * server: weekly hours per weekday and the limits of the numbers a practice admin sets. Each issue names the
 * field (its path in the request body) and the rule.
 */

export interface HoursPeriod {
  /** 0 = Sunday ... 6 = Saturday. */
  DayOfWeek: number;
  /** 'HH:mm', local time of the facility; End may be '24:00'. */
  Start: string;
  End: string;
}

export interface HoursIssue {
  field: string;
  rule: 'time_format' | 'after_start' | 'overlap';
  message: string;
}

/** The limits of the schedule and reason fields (the contracts' zod schemas use the same numbers). */
export const SCHEDULE_LIMITS = {
  durationMinutes: { min: 5, max: 480 },
  capacity: { min: 1, max: 100 },
  planningHorizonDays: { min: 1, max: 730 },
  slotHideHours: { min: 0, max: 8760 },
  nameLength: 200,
  aliasLength: 200,
  hoursPerWeek: 50,
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const minutesOfDay = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Checks weekly working hours: each period 'HH:mm', ending after it starts, and no two periods of one
 * weekday overlapping (touching is fine: 09:00-12:00 and 12:00-13:00).
 */
export function workingHoursIssues(periods: readonly HoursPeriod[], prefix = 'WorkingHours'): HoursIssue[] {
  const issues: HoursIssue[] = [];
  const valid: { i: number; day: number; start: number; end: number }[] = [];
  periods.forEach((p, i) => {
    if (!HHMM.test(p.Start))
      return issues.push({ field: `${prefix}.${i}.Start`, rule: 'time_format', message: "must be 'HH:mm'" });
    if (!HHMM.test(p.End))
      return issues.push({ field: `${prefix}.${i}.End`, rule: 'time_format', message: "must be 'HH:mm'" });
    const start = minutesOfDay(p.Start);
    const end = minutesOfDay(p.End);
    if (end <= start)
      return issues.push({
        field: `${prefix}.${i}.End`,
        rule: 'after_start',
        message: 'End must be after Start',
      });
    valid.push({ i, day: p.DayOfWeek, start, end });
  });
  for (const p of valid) {
    const clash = valid.find((q) => q.i < p.i && q.day === p.day && q.start < p.end && p.start < q.end);
    if (clash)
      issues.push({
        field: `${prefix}.${p.i}.Start`,
        rule: 'overlap',
        message: `overlaps ${prefix}.${clash.i} on the same day`,
      });
  }
  return issues;
}

/** Is n a whole number within the limit? */
export const withinLimit = (n: number, limit: { min: number; max: number }): boolean =>
  Number.isInteger(n) && n >= limit.min && n <= limit.max;

/** Minutes the zone is ahead of UTC at an instant (e.g. -300 for New York in winter). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (
    (Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - instant) / 60_000
  );
}

/**
 * The instant a calendar day ('YYYY-MM-DD') starts in a time zone: a day off of a schedule runs from its
 * facility's midnight to the next (a day of 23 or 25 hours around a clock change).
 */
export function zoneDayStartUtc(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  guess = wall - zoneOffsetMinutes(guess, timeZone) * 60_000;
  return new Date(guess);
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function zoneDate(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}
