/** Provider search rules (patient-booking.md §2.4, issue 5): ranking of typed filters and distances. */

/**
 * Keeps the options that contain the typed text (case-insensitive) and ranks them by the position of the
 * match, then alphabetically. An empty filter keeps every option in alphabetical order.
 */
export function rankByMatch<T>(options: readonly T[], typed: string, label: (option: T) => string): T[] {
  const needle = typed.trim().toLocaleLowerCase();
  return options
    .map((option) => ({ option, name: label(option), at: label(option).toLocaleLowerCase().indexOf(needle) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map((entry) => entry.option);
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function greatCircleMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** A latitude/longitude box holding every point within `miles` of the centre (an index-friendly first cut). */
export function boundingBox(centre: GeoPoint, miles: number): BoundingBox {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.cos(toRadians(centre.latitude));
  const dLon = cosLat < 1e-9 ? 180 : Math.min(180, dLat / cosLat);
  return {
    minLatitude: Math.max(-90, centre.latitude - dLat),
    maxLatitude: Math.min(90, centre.latitude + dLat),
    minLongitude: centre.longitude - dLon,
    maxLongitude: centre.longitude + dLon,
  };
}

/** A provider's name as lists and profiles show it: 'Dr. Olivia Bennett, MD'. */
export function providerDisplayName(name: { prefix?: string | null; given: readonly string[]; family: string; suffix?: string | null }): string {
  const main = [name.prefix, ...name.given, name.family].filter((part) => part && part.trim()).join(' ');
  return name.suffix ? `${main}, ${name.suffix}` : main;
}

/**
 * The public profile's address segment: the name in lower-case ASCII words joined by dashes, then the first
 * eight characters of the entity id so two providers of the same name never collide.
 */
export function profileSlug(name: string, entityId: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const suffix = entityId.replace(/[^0-9a-f]/gi, '').slice(0, 8).toLowerCase();
  return words ? `${words}-${suffix}` : suffix;
}
