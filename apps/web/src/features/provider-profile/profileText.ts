import type { Location, Practitioner } from '@careslot/contracts';

/** 'Dr. Olivia Bennett, MD': prefix, given, family, suffix (patient-booking.md §2.9). */
export function practitionerDisplayName(practitioner: Practitioner): string {
  const name = practitioner.Name[0];
  if (!name) return '';
  const main = [...name.Prefix, ...name.Given, name.Family].filter(Boolean).join(' ');
  return name.Suffix ? `${main}, ${name.Suffix}` : main;
}

/** One line per part of a facility's address: street, then city, state and zip. */
export function addressLines(location: Location): string[] {
  const a = location.address;
  const street = [a.address1, a.address2].filter(Boolean).join(', ');
  const zip = a.zip_code.length === 9 ? `${a.zip_code.slice(0, 5)}-${a.zip_code.slice(5)}` : a.zip_code;
  return [street, `${a.city}, ${a.state} ${zip}`].filter((line) => line.trim().length > 0);
}
