/**
 * Rules of the practice onboarding wizard (practice-portal.md §1, §5) that the web form and the server share:
 * working hours as "HH:MM" pairs, one weekday's periods without overlap, and the US time zones a practice
 * may choose.
 */

/** The time zones a US practice's first location may be in (IANA names). */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;
export type UsTimeZone = (typeof US_TIME_ZONES)[number];

export const ONBOARDING_LIMITS = {
  /** Slot lengths a first schedule may use, in minutes. */
  SLOT_MINUTES: [10, 15, 20, 30, 45, 60] as const,
  REASON_MIN_MINUTES: 5,
  REASON_MAX_MINUTES: 480,
  MAX_REASONS: 20,
  REASON_NAME: 100,
} as const;

const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Minutes after midnight of "HH:MM" (24-hour), or null when it is not such a time. */
export function minutesOfTime(value: string): number | null {
  const match = TIME.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export interface WorkingPeriod {
  weekday: number;
  start: string;
  end: string;
}

export type HoursProblem = { index: number; rule: 'time_format' | 'end_after_start' | 'overlap' };

/** The first problem of a list of working periods: a bad time, an end not after its start, or two periods of a day overlapping. */
export function hoursProblem(periods: readonly WorkingPeriod[]): HoursProblem | null {
  const parsed: { weekday: number; start: number; end: number; index: number }[] = [];
  for (const [index, period] of periods.entries()) {
    const start = minutesOfTime(period.start);
    const end = period.end === '24:00' ? 1440 : minutesOfTime(period.end);
    if (start === null || end === null) return { index, rule: 'time_format' };
    if (end <= start) return { index, rule: 'end_after_start' };
    parsed.push({ weekday: period.weekday, start, end, index });
  }
  const sorted = [...parsed].sort((a, b) => a.weekday - b.weekday || a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (previous.weekday === current.weekday && current.start < previous.end)
      return { index: current.index, rule: 'overlap' };
  }
  return null;
}
