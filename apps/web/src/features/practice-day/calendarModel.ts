import { TZDate } from '@date-fns/tz';
import { format, type Locale } from 'date-fns';
import { canChangeStatus } from '@careslot/domain';
import {
  INACTIVE_APPOINTMENT_STATUSES,
  inStatusGroup,
  type AppointmentStatus,
  type PracticeAppointment,
  type PracticeCalendarContext,
} from '@careslot/contracts';
import { addDays, calendarDate, dayKeyOf, startOfDayIn, type DayKey } from '../../shared/slots/slotDates';

/**
 * The practice calendar's arithmetic, pure: which days a view shows, where an appointment sits in a day column,
 * and how appointments that overlap share the column. Days are days in the practice's zone ("day keys").
 */
export type CalendarView = 'day' | 'week' | 'month';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['day', 'week', 'month'];

/** The hours a day column shows unless an appointment or a block lies outside them. */
export const DEFAULT_HOURS = { start: 7, end: 19 } as const;

function weekday(key: DayKey): number {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).getUTCDay();
}

/** The days a view shows around an anchor day: one day, the week from Sunday, or the six weeks covering the month. */
export function visibleDays(view: CalendarView, anchor: DayKey): DayKey[] {
  if (view === 'day') return [anchor];
  if (view === 'week') {
    const sunday = addDays(anchor, -weekday(anchor));
    return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
  }
  const first = `${anchor.slice(0, 8)}01`;
  const start = addDays(first, -weekday(first));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The UTC range [from, to) a view's days cover in the zone. */
export function rangeOf(days: DayKey[], timeZone: string): { from: string; to: string } {
  return {
    from: startOfDayIn(days[0]!, timeZone).toISOString(),
    to: startOfDayIn(addDays(days[days.length - 1]!, 1), timeZone).toISOString(),
  };
}

/** The anchor of the previous or next page of a view. */
export function shiftAnchor(view: CalendarView, anchor: DayKey, step: -1 | 1): DayKey {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  const [y, m] = anchor.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + step, 1)).toISOString().slice(0, 10);
}

/** Minutes after local midnight of an instant in the zone. */
export function minuteOfDay(instant: string, timeZone: string): number {
  const local = new TZDate(new Date(instant).getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

export interface Placed<T> {
  item: T;
  /** Minutes after the column's first hour. */
  top: number;
  height: number;
  /** The lane among overlapping items, and how many lanes their cluster needs. */
  lane: number;
  lanes: number;
}

/**
 * Places timed items of one day: each overlapping cluster is split into lanes, first free lane first, so
 * nothing hides another. Items are { start, end } instants; they are clipped to the day.
 */
export function layoutDay<T>(
  items: T[],
  span: (item: T) => { start: string; end: string },
  day: DayKey,
  timeZone: string,
  firstHour: number,
): Placed<T>[] {
  const dayStart = startOfDayIn(day, timeZone).getTime();
  const dayEnd = startOfDayIn(addDays(day, 1), timeZone).getTime();
  const spans = items
    .map((item) => {
      const { start, end } = span(item);
      const s = Math.max(Date.parse(start), dayStart);
      const e = Math.min(Date.parse(end), dayEnd);
      return { item, s, e };
    })
    .filter((x) => x.e > x.s)
    .sort((a, b) => a.s - b.s || b.e - a.e);
  const placed: Placed<T>[] = [];
  let cluster: { p: Placed<T>; e: number }[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((c) => c.p.lane + 1));
    cluster.forEach((c) => (c.p.lanes = lanes));
    cluster = [];
  };
  for (const { item, s, e } of spans) {
    if (s >= clusterEnd) {
      close();
      clusterEnd = -Infinity;
    }
    const busy = new Set(cluster.filter((c) => c.e > s).map((c) => c.p.lane));
    let lane = 0;
    while (busy.has(lane)) lane += 1;
    const top = (s - dayStart) / 60_000 - firstHour * 60;
    const p: Placed<T> = { item, top, height: Math.max((e - s) / 60_000, 15), lane, lanes: 1 };
    placed.push(p);
    cluster.push({ p, e });
    clusterEnd = Math.max(clusterEnd, e);
  }
  close();
  return placed;
}

/** The hours a day grid shows: the default working hours, widened to every item shown. */
export function hoursFor(
  instants: { start: string; end: string }[],
  timeZone: string,
): { start: number; end: number } {
  let start: number = DEFAULT_HOURS.start;
  let end: number = DEFAULT_HOURS.end;
  for (const { start: s, end: e } of instants) {
    start = Math.min(start, Math.floor(minuteOfDay(s, timeZone) / 60));
    const endMinute = minuteOfDay(e, timeZone);
    // An item ending at midnight ends the day.
    end = Math.max(end, endMinute === 0 ? 24 : Math.ceil(endMinute / 60));
  }
  return { start, end: Math.max(end, start + 1) };
}

export function groupByDay<T>(items: T[], startOf: (item: T) => string, timeZone: string): Map<DayKey, T[]> {
  const map = new Map<DayKey, T[]>();
  for (const item of items) {
    const key = dayKeyOf(startOf(item), timeZone);
    map.set(key, [...(map.get(key) ?? []), item]);
  }
  return map;
}

/** A day key in the locale's long date forms ('PP', 'PPP', 'EEEE, PPP', ...), which formatDay does not write. */
export function formatLongDay(key: DayKey, pattern: string, locale?: Locale): string {
  return format(calendarDate(key), pattern, locale ? { locale } : {});
}

/** The header's date label: 'Month d,yyyy' (practice-portal.md §2.6), with the month in the user's language. */
export function headerDateLabel(instant: Date, timeZone: string, locale?: Locale): string {
  return format(new TZDate(instant.getTime(), timeZone), 'MMMM d,yyyy', locale ? { locale } : {});
}

/** Status tones of the calendar (Mantine colours); a visit that will not happen is drawn faded. */
export const STATUS_TONE: Record<AppointmentStatus, string> = {
  Pending: 'yellow',
  Proposed: 'grape',
  Draft: 'grape',
  Waitlist: 'grape',
  Accepted: 'blue',
  Scheduled: 'blue',
  Booked: 'blue',
  Confirmed: 'indigo',
  Arrived: 'orange',
  'Checked-In': 'teal',
  'Waiting-Room': 'cyan',
  Started: 'violet',
  'In Progress': 'violet',
  Ended: 'gray',
  'Checked-Out': 'gray',
  'No-Show': 'red',
  Canceled: 'gray',
  Rejected: 'gray',
  Failed: 'gray',
  'Entered-In-Error': 'gray',
};

/** Called off or missed (No-Show): shown faded and not counted among the visits (decision 0031). */
export const isInactive = (status: AppointmentStatus) => inStatusGroup(INACTIVE_APPOINTMENT_STATUSES, status);

/** The i18n key of a status (practiceDay namespace). */
export const statusKey = (status: AppointmentStatus) => `status.${status.replace(/[^A-Za-z]/g, '')}`;

export function patientName(appointment: Pick<PracticeAppointment, 'Patient'>): string {
  const { FirstName, LastName } = appointment.Patient;
  return `${LastName}, ${FirstName}`;
}

/** Whether the calendar offers moving a visit from one status to another: the table both sides share (decision 0016). */
export function canMoveTo(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return canChangeStatus(from, to);
}

/** 'Provider · Location' (or 'Resource · Location') of a schedule, as the calendar's pickers show it. */
export function scheduleLabel(
  schedule: PracticeCalendarContext['Schedules'][number],
  context: Pick<PracticeCalendarContext, 'Providers' | 'Resources' | 'Locations'>,
): string {
  const provider =
    context.Providers.find((p) => p.Id === schedule.PractitionerId)?.Name ??
    context.Resources.find((r) => r.Id === schedule.HealthcareServiceId)?.Name;
  const location = context.Locations.find((l) => l.Id === schedule.LocationId)?.Name;
  return [provider, location].filter(Boolean).join(' · ') || schedule.Id;
}

/** An hour of the time gutter ('9 AM'), in the user's language. */
export function hourLabel(hour: number, locale?: Locale): string {
  return format(new Date(2026, 0, 1, hour % 24), 'h a', locale ? { locale } : {});
}

/** Text on a light tint of a tone: its shade 9 darkened, so it reads at WCAG AA even for yellow and orange. */
export const toneText = (tone: string) => `color-mix(in srgb, var(--mantine-color-${tone}-9) 65%, black)`;
