import type { AppointmentType, ScheduleType, VisitType } from '@careslot/contracts';

/** What decides the kind of a visit being booked (issue 30 item 1). */
export interface VisitKindFacts {
  /** The entity the calendar belongs to: a provider, or a healthcare service (resource). */
  entityType: string;
  /** The visit type of the reason the patient chose; null for 'All'. */
  reasonVisitType?: VisitType | null;
  /** The visit type the patient filtered the search on, or chose otherwise; null when none. */
  chosenVisitType?: VisitType | null;
  /** The visit types the slot's schedule offers. */
  scheduleVisitTypes?: readonly VisitType[] | null;
}

const isResource = (entityType: string) => entityType === 'HealthCareService' || entityType === 'Resource';

/**
 * The appointment type a booking carries, one rule for the web and the server: a healthcare service's calendar
 * books a Resource visit; a video reason, a search filtered to video on a calendar that offers it, or a calendar
 * that offers nothing but video books a TeleHealth visit; everything else (office and walk-in) an Office visit.
 * The reason wins over the filter: a patient who filtered on video and then chose an office reason comes in.
 */
export function appointmentTypeOf(facts: VisitKindFacts): AppointmentType {
  if (isResource(facts.entityType)) return 'Resource';
  const offered = facts.scheduleVisitTypes ?? [];
  if (facts.reasonVisitType) return facts.reasonVisitType === 'TeleHealth' ? 'TeleHealth' : 'Office';
  if (facts.chosenVisitType === 'TeleHealth' && (offered.length === 0 || offered.includes('TeleHealth')))
    return 'TeleHealth';
  if (offered.length > 0 && offered.every((type) => type === 'TeleHealth')) return 'TeleHealth';
  return 'Office';
}

/**
 * Walk-In or Scheduled (decision 0023): a walk-in reason, a search filtered to walk-ins on a calendar that takes
 * them, or a calendar that takes nothing but walk-ins.
 */
export function scheduleTypeFor(facts: Omit<VisitKindFacts, 'entityType'>): ScheduleType {
  const offered = facts.scheduleVisitTypes ?? [];
  if (facts.reasonVisitType) return facts.reasonVisitType === 'Walk-In' ? 'Walk-In' : 'Scheduled';
  if (facts.chosenVisitType === 'Walk-In' && offered.includes('Walk-In')) return 'Walk-In';
  return offered.length > 0 && offered.every((type) => type === 'Walk-In') ? 'Walk-In' : 'Scheduled';
}

/**
 * Whether a visit is announced with a time (patient-booking 2.9: the time is hidden for walk-ins), one rule
 * for the booking header, the popups, the portal, the e-mail and the SMS (issue 30 item 7): a walk-in is
 * seen on its day, in the order of the queue.
 */
export function showsVisitTime(visit: { ScheduleType?: string | null }): boolean {
  return visit.ScheduleType !== 'Walk-In';
}
