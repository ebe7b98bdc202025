import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { createRandom, npiFromBase, seedId } from './ids';
import { generateDirectory } from './generator';
import { DEMO_PEOPLE, seedDatabase, seedGeneratedDirectory, withSeedTransaction } from './index';

const HOME_SPECIALTY_VALUES = [
  'Internist',
  'Cardiologist (Heart Doctor)',
  'Neurologist',
  'Dermatologist',
  'Gastroenterologist',
  'Psychiatrist',
  'Nephrologist',
  'Orthopedic Surgeon',
  'Pain Management Specialist',
  'OB-GYN (Obstetrician-Gynecologist)',
];

describe('seed helpers', () => {
  it('derives the same version-5 style uuid from the same name', () => {
    expect(seedId('demo:person:patient')).toBe(seedId('demo:person:patient'));
    expect(seedId('a')).not.toBe(seedId('b'));
    expect(seedId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('computes the NPI check digit with the Luhn rule over the 80840 prefix', () => {
    // CMS's published example: 123456789 has check digit 3.
    expect(npiFromBase('123456789')).toBe('1234567893');
  });

  it('repeats the same random sequence for the same seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect([a.next(), a.next(), a.int(1, 100)]).toEqual([b.next(), b.next(), b.int(1, 100)]);
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every home-page specialty tile at least two providers in different facilities', async () => {
    const rows = await t.database.query<{ display: string; providers: number; facilities: number }>(
      `select s.display, count(distinct ps.practitioner_id)::int as providers, count(distinct rl.location_id)::int as facilities
       from specialties s
       join practitioner_specialties ps on ps.specialty_id = s.id
       join practitioner_roles r on r.practitioner_id = ps.practitioner_id
       join practitioner_role_locations rl on rl.practitioner_role_id = r.id
       where s.display = any($1::text[]) group by s.display`,
      [HOME_SPECIALTY_VALUES],
    );
    expect(rows.map((r) => r.display).sort()).toEqual([...HOME_SPECIALTY_VALUES].sort());
    for (const row of rows) {
      expect(row.providers, row.display).toBeGreaterThanOrEqual(2);
      expect(row.facilities, row.display).toBeGreaterThanOrEqual(2);
    }
  });

  it('has 60 providers, 3 practices and 12 facilities in at least 4 time zones', async () => {
    const [counts] = await t.database.query<{
      providers: number;
      practices: number;
      facilities: number;
      zones: number;
    }>(
      `select (select count(*)::int from practitioner_roles where 'provider' = any(codes)) as providers,
              (select count(*)::int from organizations) as practices,
              (select count(*)::int from locations) as facilities,
              (select count(distinct iana_time_zone)::int from locations) as zones`,
    );
    expect(counts).toMatchObject({ providers: 60, practices: 3, facilities: 12 });
    expect(counts!.zones).toBeGreaterThanOrEqual(4);
  });

  it('places every facility at its real zip code coordinates', async () => {
    const mismatches = await t.database.query(
      `select l.name from locations l join zip_codes z on z.code = l.zip_code
       where l.latitude is distinct from z.latitude or l.longitude is distinct from z.longitude`,
    );
    expect(mismatches).toEqual([]);
  });

  it('keeps the demo people at their fixed ids and e-mails', async () => {
    for (const person of DEMO_PEOPLE) {
      const table = person.userType === 'Patient' ? 'patients' : 'practitioners';
      const rows = await t.database.query<{ email: string }>(`select email from ${table} where id = $1`, [
        person.id,
      ]);
      expect(rows, person.key).toEqual([{ email: person.email }]);
    }
  });

  it('does nothing on a second run: reference data and demo data load only into empty tables', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from zip_codes');
    const result = await seedDatabase(t.database, { demo: true });
    expect(result).toEqual({ reference: { lists: false, zipCodes: 0 }, demo: null });
    expect(await t.database.query('select count(*)::int as n from zip_codes')).toEqual(before);
  });

  it('generates the same benchmark directory for the same --seed and writes it beside the demo data', async () => {
    const a = await generateDirectory(t.database, { providers: 45, seed: 3 });
    const b = await generateDirectory(t.database, { providers: 45, seed: 3 });
    expect(a.practitioners.map((p) => [p.id, p.family, p.npi])).toEqual(
      b.practitioners.map((p) => [p.id, p.family, p.npi]),
    );
    expect(a.organizations).toHaveLength(3);
    const written = await withSeedTransaction(t.database, (connection) =>
      seedGeneratedDirectory(connection, { providers: 45, seed: 3 }),
    );
    expect(written).toMatchObject({ organizations: 3, practitioners: 45 });
    const [row] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from practitioners where workflow = 'careslot_bench_seed'",
    );
    expect(row?.n).toBe(45);
  });
});
