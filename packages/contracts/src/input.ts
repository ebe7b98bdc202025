import { z } from 'zod';

/**
 * The shared rules for text and dates that arrive from outside (docs/security.md, "Input and responses").
 * PostgreSQL cannot store a NUL character in text or JSON, JSON columns refuse an unpaired UTF-16 surrogate,
 * and a date such as 2026-02-30 matches YYYY-MM-DD but is no day: each is refused at the boundary with the
 * field and the rule named, never left to fail in the database.
 */

/** The rule a text with a NUL character or an unpaired surrogate breaks (the `rule` of the 400's issue). */
export const SAFE_TEXT_RULE = 'safe_text';
/** The rule a date or time that matches its format but names no real day or time breaks. */
export const CALENDAR_DATE_RULE = 'calendar_date';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null when it can. */
export function unsafeTextReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/** A string that can be stored as text and in JSON: no NUL character, no unpaired surrogate. */
export const safeText = () =>
  z.string().superRefine((value, ctx) => {
    const reason = unsafeTextReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason, params: { rule: SAFE_TEXT_RULE } });
  });

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether year, month (1-12) and day name a real day of the proleptic Gregorian calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

const DATE_AND_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?/;

/** Whether the date (and time, when there is one) at the start of an ISO 8601 text is a real day and time. */
export function isCalendarDateText(value: string): boolean {
  const match = DATE_AND_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second] = match;
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59))
    return false;
  return true;
}

/** The check of a real day (and time), for a schema of another format: `.refine(...realCalendarDay)`. */
export const realCalendarDay = [
  isCalendarDateText,
  { message: 'must be a real calendar date and time', params: { rule: CALENDAR_DATE_RULE } },
] as const;

/** A calendar date as YYYY-MM-DD: the format, and a day that exists (no 2026-02-30, no 2026-13-01). */
export const calendarDate = (formatMessage = 'must be a date as YYYY-MM-DD') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: formatMessage, abort: true })
    .refine(isCalendarDateText, {
      message: 'must be a real calendar date',
      params: { rule: CALENDAR_DATE_RULE },
    });

/** An ISO 8601 date and time with a UTC offset or Z, on a real day and time (Date.parse alone rolls 02-30 over). */
export const isoInstant = (message = 'must be an ISO 8601 date-time with an offset') =>
  z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)) && /T.*(Z|[+-]\d{2}:?\d{2})$/.test(v), {
      message,
      abort: true,
    })
    .refine(isCalendarDateText, {
      message: 'must be a real calendar date and time',
      params: { rule: CALENDAR_DATE_RULE },
    });
