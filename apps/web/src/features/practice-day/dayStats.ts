import {
  BOOKED_STATUSES,
  CALLED_OFF_STATUSES,
  IN_VISIT_STATUSES,
  type AppointmentStatus,
  type PracticeAppointment,
} from '@careslot/contracts';

/** What the practice dashboards count in a day's appointments. */
export interface DayStats {
  total: number;
  upcoming: number;
  arrived: number;
  checkedIn: number;
  inVisit: number;
  checkedOut: number;
  noShows: number;
  canceled: number;
  pending: number;
  walkIns: number;
  /** No-shows among the visits that were due (checked out or missed), 0 when none was due yet. */
  noShowRate: number;
}

// A No-Show is not called off: it was due, counts in the day's total and in the no-show rate (decision 0031).
const UPCOMING: ReadonlySet<AppointmentStatus> = new Set(BOOKED_STATUSES);
const IN_VISIT: ReadonlySet<AppointmentStatus> = new Set(IN_VISIT_STATUSES);
const CALLED_OFF: ReadonlySet<AppointmentStatus> = new Set(CALLED_OFF_STATUSES);

export function dayStats(
  appointments: readonly Pick<PracticeAppointment, 'Status' | 'ScheduleType'>[],
): DayStats {
  const s: DayStats = {
    total: 0,
    upcoming: 0,
    arrived: 0,
    checkedIn: 0,
    inVisit: 0,
    checkedOut: 0,
    noShows: 0,
    canceled: 0,
    pending: 0,
    walkIns: 0,
    noShowRate: 0,
  };
  for (const a of appointments) {
    if (CALLED_OFF.has(a.Status)) {
      s.canceled += 1;
      continue;
    }
    s.total += 1;
    if (a.ScheduleType === 'Walk-In') s.walkIns += 1;
    if (UPCOMING.has(a.Status)) s.upcoming += 1;
    else if (a.Status === 'Arrived') s.arrived += 1;
    else if (a.Status === 'Checked-In') s.checkedIn += 1;
    else if (IN_VISIT.has(a.Status)) s.inVisit += 1;
    else if (a.Status === 'Checked-Out' || a.Status === 'Ended') s.checkedOut += 1;
    else if (a.Status === 'No-Show') s.noShows += 1;
    else if (a.Status === 'Pending') s.pending += 1;
  }
  const due = s.checkedOut + s.noShows;
  s.noShowRate = due === 0 ? 0 : s.noShows / due;
  return s;
}

/** The day's appointments by a key (provider, location), each group with its stats, largest first. */
export function statsBy<T extends Pick<PracticeAppointment, 'Status' | 'ScheduleType'>>(
  appointments: readonly T[],
  keyOf: (a: T) => string | null,
): { key: string; stats: DayStats }[] {
  const groups = new Map<string, T[]>();
  for (const a of appointments) {
    const key = keyOf(a);
    if (key) groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  return [...groups]
    .map(([key, list]) => ({ key, stats: dayStats(list) }))
    .sort((a, b) => b.stats.total - a.stats.total || a.key.localeCompare(b.key));
}
