import type { HealthcareService, Practitioner, Schedule } from '@careslot/contracts';

/** The weekday's name in the page's language (0 = Sunday). 2023-01-01 was a Sunday. */
export function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

export function practitionerName(practitioner: Practitioner): string {
  const name = practitioner.Name[0];
  if (!name) return '';
  return [...name.Prefix, ...name.Given, name.Family].filter(Boolean).join(' ');
}

/** Who the calendar belongs to: its provider's or resource's name, else the schedule's own name. */
export function calendarOwner(
  schedule: Schedule,
  practitioners: readonly Practitioner[],
  services: readonly HealthcareService[],
): { kind: 'provider' | 'resource'; name: string } {
  if (schedule.PractitionerId) {
    const practitioner = practitioners.find((p) => p.Id === schedule.PractitionerId);
    return {
      kind: 'provider',
      name: (practitioner && practitionerName(practitioner)) || schedule.Name || schedule.Id,
    };
  }
  const service = services.find((s) => s.Id === schedule.HealthcareServiceId);
  return { kind: 'resource', name: service?.Name ?? schedule.Name ?? schedule.Id };
}
