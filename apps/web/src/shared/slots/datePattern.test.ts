import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { ja } from 'date-fns/locale/ja';
import { ko } from 'date-fns/locale/ko';
import { vi } from 'date-fns/locale/vi';
import { zhCN } from 'date-fns/locale/zh-CN';
import { TZDate } from '@date-fns/tz';
import { formatPattern } from './datePattern';

const LOCALES = { en: enUS, es, ja, ko, vi, 'zh-CN': zhCN };

/** The patterns the patient pages write, and the tokens they are made of, in any order. */
const PATTERNS = [
  'yyyy-MM-dd',
  'yyyy-MM-dd HH:mm',
  'h:mm aaa',
  'h:mm a',
  'MMM d',
  'MMM d, yyyy',
  'EEE',
  'EEE, MMM d',
  'EEEE, MMMM d',
  'MMMM d, h:mm a',
];
const TOKENS = [
  'yyyy',
  'MMMM',
  'MMM',
  'MM',
  'M',
  'dd',
  'd',
  'EEEE',
  'EEE',
  'HH',
  'H',
  'hh',
  'h',
  'mm',
  'a',
  'aa',
  'aaa',
];
const BETWEEN = [' ', ', ', '-', ':', " 'at' ", "'o''clock'", '年', '/', "''"];
const pattern = fc.oneof(
  fc.constantFrom(...PATTERNS),
  fc
    .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(...BETWEEN)), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.flat().join('')),
);
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const zone = fc.constantFrom(
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/London',
  'UTC',
);

describe('formatPattern', () => {
  it("writes what date-fns' format writes, in every language and zone", () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        pattern,
        fc.constantFrom(...Object.values(LOCALES)),
        (at, timeZone, text, locale) => {
          const date = new TZDate(at.getTime(), timeZone);
          expect(formatPattern(date, text, locale)).toBe(format(date, text, { locale }));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('writes English without a locale', () => {
    const date = new TZDate(Date.UTC(2026, 10, 24, 19, 5), 'America/New_York');
    expect(formatPattern(date, 'EEEE, MMMM d - h:mm aaa')).toBe('Tuesday, November 24 - 2:05 pm');
    expect(formatPattern(date, "h 'o''clock'")).toBe("2 o'clock");
  });

  it('refuses tokens it does not write, and invalid dates', () => {
    expect(() => formatPattern(new Date(), 'PP')).toThrow(RangeError);
    expect(() => formatPattern(new Date(), 'do')).toThrow(RangeError);
    expect(() => formatPattern(new Date(Number.NaN), 'yyyy')).toThrow('Invalid time value');
  });
});
