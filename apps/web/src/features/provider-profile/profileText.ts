import type { PageProfileLocation } from '@careslot/contracts';
import { formatZip } from '@careslot/domain';

/** One line per part of a facility's address: street, then city, state and zip (12345 or 12345-6789). */
export function addressLines(
  location: Pick<PageProfileLocation, 'Address1' | 'Address2' | 'City' | 'State' | 'ZipCode'>,
): string[] {
  const street = [location.Address1, location.Address2].filter(Boolean).join(', ');
  return [street, `${location.City}, ${location.State} ${formatZip(location.ZipCode)}`].filter(
    (line) => line.trim().length > 0,
  );
}

/** A phone number for a tel: link: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
