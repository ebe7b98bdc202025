import type { Locale } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { formatPattern } from '../../shared/slots/datePattern';

/**
 * The date line of the book-appointment header (2.9), in the facility's zone: 'Today,' or 'Tomorrow,' plus
 * 'MMM d - h:mm aaa', otherwise 'EEE, MMM d - h:mm aaa'; walk-ins show no time. The zone's abbreviation
 * follows, added by the caller. `relative` returns which prefix applies so the words can be translated.
 */
export function appointmentDate(
  start: Date | string,
  timeZone: string,
  now: Date,
  options: { walkIn?: boolean; locale?: Locale } = {},
): { relative: 'today' | 'tomorrow' | null; text: string } {
  const at = new TZDate(new Date(start).getTime(), timeZone);
  const today = new TZDate(now.getTime(), timeZone);
  const dayKey = (d: Date) => formatPattern(d, 'yyyy-MM-dd');
  const tomorrow = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12, timeZone);
  const relative =
    dayKey(at) === dayKey(today) ? 'today' : dayKey(at) === dayKey(tomorrow) ? 'tomorrow' : null;
  const day = formatPattern(at, relative ? 'MMM d' : 'EEE, MMM d', options.locale);
  const text = options.walkIn ? day : `${day} - ${formatPattern(at, 'h:mm aaa', options.locale)}`;
  return { relative, text };
}
