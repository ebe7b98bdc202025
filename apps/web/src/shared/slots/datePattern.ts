import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * Writes a date with one of the short date-fns patterns the slot calendars and the booking header use
 * ('yyyy-MM-dd', 'h:mm aaa', 'EEE, MMM d', 'EEEE, MMMM d', ...), with the locale's own words: the same text
 * date-fns' format writes (datePattern.test.ts compares them in all six languages), without its formatter
 * for every token, which the patient pages need not load (docs/performance.md). The date's own getters are
 * read, so a TZDate writes its zone's wall clock. Tokens beyond these throw, as date-fns does for unknown ones.
 */
export function formatPattern(date: Date, pattern: string, locale: Locale = enUS): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const localize = locale.localize;
  return pattern.replace(RUNS, (run) => {
    if (run === "''") return "'";
    if (run.startsWith("'")) return (QUOTED.exec(run)?.[1] ?? run).replace(/''/g, "'");
    const write = WRITERS[run];
    if (write) return write(date, localize);
    if (/[a-zA-Z]/.test(run)) throw new RangeError(`formatPattern does not write '${run}'`);
    return run;
  });
}

/** A run of one letter, a quoted literal, or any other character (date-fns reads patterns the same way). */
const RUNS = /(\w)\1*|''|'(''|[^'])+('|$)|./g;
const QUOTED = /^'([^]*?)'?$/;

const pad = (value: number, length: number) => String(value).padStart(length, '0');
const hour12 = (date: Date) => date.getHours() % 12 || 12;
const period = (date: Date, localize: Locale['localize']) =>
  localize.dayPeriod(date.getHours() / 12 >= 1 ? 'pm' : 'am', {
    width: 'abbreviated',
    context: 'formatting',
  });

const WRITERS: Record<string, (date: Date, localize: Locale['localize']) => string> = {
  yyyy: (date) => pad(date.getFullYear(), 4),
  MMMM: (date, localize) =>
    localize.month(date.getMonth() as never, { width: 'wide', context: 'formatting' }),
  MMM: (date, localize) =>
    localize.month(date.getMonth() as never, { width: 'abbreviated', context: 'formatting' }),
  MM: (date) => pad(date.getMonth() + 1, 2),
  M: (date) => String(date.getMonth() + 1),
  dd: (date) => pad(date.getDate(), 2),
  d: (date) => String(date.getDate()),
  EEEE: (date, localize) => localize.day(date.getDay() as never, { width: 'wide', context: 'formatting' }),
  EEE: (date, localize) =>
    localize.day(date.getDay() as never, { width: 'abbreviated', context: 'formatting' }),
  HH: (date) => pad(date.getHours(), 2),
  H: (date) => String(date.getHours()),
  hh: (date) => pad(hour12(date), 2),
  h: (date) => String(hour12(date)),
  mm: (date) => pad(date.getMinutes(), 2),
  a: period,
  aa: period,
  aaa: (date, localize) => period(date, localize).toLowerCase(),
};
