import { format, type Locale } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { zoneAbbreviation } from '../../shared/slots/slotDates';

/** Formats an instant in the facility's IANA zone (§2.9: popup times are in the facility's zone). */
export function inZone(instant: string, timeZone: string, pattern: string, locale?: Locale): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), pattern, locale ? { locale } : {});
}

/** The date formats of §9 used by the popups and the portal. */
export const DATE_FORMATS = {
  pendingDay: 'EEE, LLLL d',
  time: 'h:mm a',
  longDay: 'EEEE, MMMM d, y',
  dayAndTime: 'EEEE, MMMM d, h:mm a',
} as const;

export function withZone(instant: string, timeZone: string, text: string): string {
  return `${text} ${zoneAbbreviation(instant, timeZone)}`;
}

export type DateFormats = Record<keyof typeof DATE_FORMATS, string>;

/**
 * The §9 formats as the patient's language writes them (portal:dateFormats): the words come from the
 * language's date locale, the order from its own pattern ("lun, 7 de diciembre", "12月7日(月)").
 * English keeps the spec's patterns.
 */
export function localDateFormats(t: (key: string) => string): DateFormats {
  const formats = { ...DATE_FORMATS } as DateFormats;
  for (const key of Object.keys(DATE_FORMATS) as (keyof DateFormats)[]) {
    const local = t(`dateFormats.${key}`);
    if (local && local !== `dateFormats.${key}`) formats[key] = local;
  }
  return formats;
}
