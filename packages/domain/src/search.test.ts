import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundingBox, greatCircleMiles, profileSlug, providerDisplayName, rankByMatch } from './search';

const names = ['Pediatrics', 'Cardiology', 'Pediatric Cardiology', 'Orthopedics', 'Dermatology'];

describe('rankByMatch', () => {
  it('ranks by the position of the match, then alphabetically', () => {
    expect(rankByMatch(names, 'card', (n) => n)).toEqual(['Cardiology', 'Pediatric Cardiology']);
    expect(rankByMatch(names, 'ped', (n) => n)).toEqual([
      'Pediatric Cardiology',
      'Pediatrics',
      'Orthopedics',
    ]);
  });

  it('ignores case and keeps everything alphabetically for an empty filter', () => {
    expect(rankByMatch(names, 'DERMA', (n) => n)).toEqual(['Dermatology']);
    expect(rankByMatch(names, '', (n) => n)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('distances', () => {
  it('measures New York to Los Angeles at about 2,450 miles', () => {
    const miles = greatCircleMiles(
      { latitude: 40.7506, longitude: -73.9972 },
      { latitude: 34.0522, longitude: -118.2437 },
    );
    expect(miles).toBeGreaterThan(2430);
    expect(miles).toBeLessThan(2470);
  });

  it('keeps every point within the radius inside the bounding box', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (lat, lon, dx, dy, miles) => {
          const centre = { latitude: lat, longitude: lon };
          const point = { latitude: lat + dy, longitude: lon + dx };
          const box = boundingBox(centre, miles);
          if (greatCircleMiles(centre, point) <= miles) {
            expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
            expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
            expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
            expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
          }
        },
      ),
    );
  });
});

describe('boundingBox at any latitude and radius', () => {
  it('holds every point of the circle, near the poles and across the 180th meridian too', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 1, max: 13000, noNaN: true }),
        (lat, lon, pointLat, pointLon, miles) => {
          const centre = { latitude: lat, longitude: lon };
          const point = { latitude: pointLat, longitude: pointLon };
          const box = boundingBox(centre, miles);
          if (greatCircleMiles(centre, point) <= miles) {
            expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
            expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
            expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
            expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("holds the circle's widest points at 70 degrees north, which d / cos(latitude) misses", () => {
    const centre = { latitude: 70, longitude: -150 };
    const box = boundingBox(centre, 600);
    // The circle's easternmost point is north of the centre's parallel; walk along the edge to find it.
    let eastmost = -Infinity;
    for (let bearing = 0; bearing <= 180; bearing += 0.25) {
      const d = 600 / 3958.8;
      const lat1 = (70 * Math.PI) / 180;
      const b = (bearing * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lon2 =
        -150 +
        (Math.atan2(
          Math.sin(b) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
        ) *
          180) /
          Math.PI;
      eastmost = Math.max(eastmost, lon2);
    }
    const naive = -150 + ((600 / 3958.8) * (180 / Math.PI)) / Math.cos((70 * Math.PI) / 180);
    expect(eastmost).toBeGreaterThan(naive);
    expect(box.maxLongitude).toBeGreaterThanOrEqual(eastmost);
  });

  it('gives every longitude to a circle that reaches a pole or crosses the 180th meridian', () => {
    expect(boundingBox({ latitude: 85, longitude: 10 }, 400)).toMatchObject({
      maxLatitude: 90,
      minLongitude: -180,
      maxLongitude: 180,
    });
    expect(boundingBox({ latitude: 52, longitude: 178 }, 200)).toMatchObject({
      minLongitude: -180,
      maxLongitude: 180,
    });
  });
});

describe('providerDisplayName', () => {
  it('joins prefix, given names and family name, then the suffix after a comma', () => {
    expect(
      providerDisplayName({ prefix: 'Dr.', given: ['Olivia', 'Jane'], family: 'Bennett', suffix: 'MD' }),
    ).toBe('Dr. Olivia Jane Bennett, MD');
    expect(providerDisplayName({ prefix: null, given: [], family: 'Reyes', suffix: null })).toBe('Reyes');
  });
});

describe('profileSlug', () => {
  it('turns the name into lower-case ASCII words and appends the id start', () => {
    expect(profileSlug('Dr. José Núñez, MD', 'ab12cd34-0000-4000-8000-000000000000')).toBe(
      'dr-jose-nunez-md-ab12cd34',
    );
  });
  it('stays a valid address segment for any name', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.uuid(),
        (name, id) => /^[a-z0-9-]+$/.test(profileSlug(name, id)) && !profileSlug(name, id).startsWith('-'),
      ),
    );
  });
});
