/**
 * A full date and time in a facility's zone followed by the zone's abbreviation ('Monday, November 30, 2026
 * at 9:00 AM EST'), with Intl alone: for pages that carry no date-fns (the login page's booking summary).
 * The abbreviation is the one zoneAbbreviation (slotDates) gives.
 */
export function fullTimeInZone(instant: Date | string, timeZone: string, locale: string): string {
  const at = new Date(instant);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    at,
  );
  const abbr =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return `${when} ${abbr}`;
}
