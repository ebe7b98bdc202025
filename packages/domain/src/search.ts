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

/** Degrees added to every side of a bounding box, so rounding never leaves a point of the circle outside. */
const BOX_MARGIN_DEGREES = 1e-6;

/**
 * A latitude/longitude box holding every point within `miles` of the centre (an index-friendly first cut; the
 * exact circle is checked after it). Exact on the sphere at any latitude: the widest longitude of the circle
 * is asin(sin(d) / cos(latitude)), which grows faster than d / cos(latitude) towards the poles. A circle that
 * reaches a pole, or crosses the 180th meridian, gets every longitude.
 */
export function boundingBox(centre: GeoPoint, miles: number): BoundingBox {
  const angle = miles / EARTH_RADIUS_MILES;
  const dLat = (angle * 180) / Math.PI + BOX_MARGIN_DEGREES;
  const minLatitude = centre.latitude - dLat;
  const maxLatitude = centre.latitude + dLat;
  const everyLongitude = {
    minLatitude: Math.max(-90, minLatitude),
    maxLatitude: Math.min(90, maxLatitude),
    minLongitude: -180,
    maxLongitude: 180,
  };
  if (angle >= Math.PI / 2 || minLatitude <= -90 || maxLatitude >= 90) return everyLongitude;
  const ratio = Math.sin(angle) / Math.cos(toRadians(centre.latitude));
  if (ratio >= 1) return everyLongitude;
  const dLon = (Math.asin(ratio) * 180) / Math.PI + BOX_MARGIN_DEGREES;
  if (centre.longitude - dLon <= -180 || centre.longitude + dLon >= 180) return everyLongitude;
  return {
    minLatitude,
    maxLatitude,
    minLongitude: centre.longitude - dLon,
    maxLongitude: centre.longitude + dLon,
  };
}

/** A provider's name as lists and profiles show it: 'Dr. Olivia Bennett, MD'. */
export function providerDisplayName(name: {
  prefix?: string | null;
  given: readonly string[];
  family: string;
  suffix?: string | null;
}): string {
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
  const suffix = entityId
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return words ? `${words}-${suffix}` : suffix;
}
