/**
 * The practice calendar opens one appointment's details from its address: other screens (the Check-In
 * Summary) link to `{calendar}?date=YYYY-MM-DD&appointment={id}` (and `&provider={id}` so a provider's own
 * calendar shows the column the visit is in). The calendar reads the same names back. Only ids and a day: no
 * patient data in the address.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarAppointment {
  id: string;
  /** The appointment's day in the practice's zone. */
  day: string;
  providerId: string | null;
}

/** The calendar of the role whose page `pathname` is (the three practice roles' own prefixes); null otherwise. */
export function calendarPathFor(pathname: string, userId: string | null): string | null {
  if (pathname.startsWith('/practice-admin/')) return '/practice-admin/calendar';
  if (pathname.startsWith('/staff-member/')) return '/staff-member/calendar';
  if (pathname.startsWith('/providers/') && userId)
    return `/providers/${encodeURIComponent(userId)}/calendar`;
  return null;
}

export function calendarAppointmentUrl(calendarPath: string, appointment: CalendarAppointment): string {
  const query = new URLSearchParams({ date: appointment.day, appointment: appointment.id });
  if (appointment.providerId) query.set('provider', appointment.providerId);
  return `${calendarPath}?${query.toString()}`;
}

/** The appointment an address asks the calendar to open, or null when it asks for none (or for a malformed day). */
export function readCalendarAppointment(search: URLSearchParams): CalendarAppointment | null {
  const id = search.get('appointment');
  const day = search.get('date');
  if (!id || !day || !DAY.test(day)) return null;
  return { id, day, providerId: search.get('provider') || null };
}
