import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  findCareResultSchema,
  type Condition,
  type FindCareResult,
  type FindCareSearch,
  type InsuranceCarrier,
  type PageProfile,
} from '@careslot/contracts';
import { greatCircleMiles } from '@careslot/domain';
import { createTestApp, type TestApp } from '../../testing/app';
import { refreshProviderSearch } from './index';

const BASE = '/careslot-marketplace/api/v1';
const SEARCH = `${BASE}/WebCatalog/find-care/catalogs`;
// Monday 10:00 in New York: today's slots there start at 10:30 (now + 30 minutes).
const NOW = '2026-11-23T15:00:00Z';
const TODAY = '2026-11-23';
const PUBLISHED_PROVIDERS = 57;
const NEW_YORK_10001 = { latitude: 40.7484, longitude: -73.9967 };

type ErrorBody = { status_code: number; errors: { field: string; rule: string }[] };

describe('find care', () => {
  let t: TestApp;
  const search = async (payload: FindCareSearch) => {
    // A search emits no event: nothing to wait for (and its statements are counted below).
    const res = await t.call<FindCareResult>({ method: 'POST', url: SEARCH, payload }, { consumers: false });
    expect(res.statusCode, res.body).toBe(200);
    // The route writes its answer without the zod pass: every answer must still be exactly the contract
    // (parsing drops unknown keys, so equality also proves there are none).
    expect(findCareResultSchema.parse(res.json)).toEqual(res.json);
    return res.json;
  };
  const rejects = async (payload: Record<string, unknown>) => {
    const res = await t.call<ErrorBody>({ method: 'POST', url: SEARCH, payload });
    expect(res.statusCode).toBe(400);
    return res.json.errors.map((e) => `${e.field}:${e.rule}`);
  };
  const every = async (payload: FindCareSearch) => search({ ...payload, Limit: 100 });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  describe('filters', () => {
    it('finds the providers of a specialty by its name, case-insensitively', async () => {
      const result = await every({ Specialty: 'internist' });
      expect(result.count).toBe(4);
      expect(result.providers.map((p) => p.display_name).sort()).toEqual([
        'Dr. Arjun Brown, MD',
        'Dr. Gabriel White, MD',
        'Dr. James Taylor, MD',
        'Dr. Olivia Bennett, MD',
      ]);
      expect(result.providers.every((p) => p.specialties.some((s) => s.Display === 'Internist'))).toBe(true);
    });

    it('searches a condition through the specialties that treat it', async () => {
      const conditions = await t.call<{ Data: Condition[] }>({
        method: 'GET',
        url: '/careslot-resource-library/api/v1/conditions',
      });
      const treating = conditions.json.Data.find(
        (c) => c.Display === 'Diabetes Consultation',
      )!.Specialties.map((s) => s.Display);
      const result = await every({ Condition: 'Diabetes Consultation' });
      expect(result.count).toBeGreaterThan(4);
      expect(result.providers.every((p) => p.specialties.some((s) => treating.includes(s.Display)))).toBe(
        true,
      );
      const specialtiesFound = new Set(result.providers.flatMap((p) => p.specialties.map((s) => s.Display)));
      expect([...specialtiesFound].sort()).toEqual([...treating].sort());
    });

    it('takes several specialties as a list', async () => {
      const internists = await every({ Specialty: 'Internist' });
      const neurologists = await every({ Specialty: 'Neurologist' });
      const result = await every({ Specialty: ['Internist', 'Neurologist'] });
      expect(neurologists.count).toBeGreaterThan(0);
      expect(result.count).toBe(internists.count + neurologists.count);
    });

    it('answers an unknown specialty with an empty list', async () => {
      expect(await search({ Specialty: 'Dragon Tamer' })).toMatchObject({ count: 0, providers: [] });
    });

    it('keeps the providers that accept the insurance carrier, by name or by id', async () => {
      const all = await every({});
      const byName = await every({ insurance_name: 'Aetna' });
      expect(byName.count).toBeGreaterThan(0);
      expect(byName.count).toBeLessThan(all.count);
      expect(byName.providers.every((p) => p.insurance_carriers.some((c) => c.Name === 'Aetna'))).toBe(true);
      const aetnaId = byName.providers[0]!.insurance_carriers.find((c) => c.Name === 'Aetna')!.Id;
      expect((await every({ InsuranceCarrierId: aetnaId })).count).toBe(byName.count);
      expect((await search({ insurance_name: 'No Such Carrier' })).count).toBe(0);
    });

    it('keeps the providers that accept one of the insurance plans', async () => {
      const carriers = await t.call<{ Data: InsuranceCarrier[] }>({
        method: 'GET',
        url: '/careslot-resource-library/api/v1/insurances',
      });
      const plan = carriers.json.Data.find((c) => c.Name === 'Medicare')!.Plans[0]!;
      // Independent answer from the directory: a provider's own plans, else those of the facility.
      const expected = await t.database.query<{ n: number }>(
        `select count(distinct p.id)::int as n
           from practitioners p
           join practitioner_roles r on r.practitioner_id = p.id and 'provider' = any(r.codes)
           join practitioner_role_locations rl on rl.practitioner_role_id = r.id
          where not p.hide_public_profile
            and (exists (select 1 from practitioner_insurances pi where pi.practitioner_id = p.id and pi.insurance_plan_id = $1)
              or (not exists (select 1 from practitioner_insurances pi where pi.practitioner_id = p.id)
                  and exists (select 1 from location_insurances li where li.location_id = rl.location_id and li.insurance_plan_id = $1)))`,
        [plan.Id],
      );
      const result = await every({ InsurancePlanIds: [plan.Id] });
      expect(result.count).toBe(expected[0]!.n);
      expect(result.count).toBeGreaterThan(0);
    });

    it('measures great-circle miles from the zip, keeps those within the distance and sorts by it', async () => {
      const result = await every({ ZipCode: '10001', Distance: 10 });
      expect(result.place).toMatchObject(NEW_YORK_10001);
      expect(result.count).toBeGreaterThan(0);
      const distances = result.providers.map((p) => p.distance!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const provider of result.providers) {
        expect(provider.distance!).toBeLessThanOrEqual(10);
        const miles = greatCircleMiles(NEW_YORK_10001, {
          latitude: provider.location.latitude!,
          longitude: provider.location.longitude!,
        });
        expect(provider.distance!).toBeCloseTo(miles, 0);
        expect(provider.location.state).toBe('NY');
      }
      const wider = await every({ ZipCode: '10001-1234' });
      expect(wider.count).toBe(PUBLISHED_PROVIDERS);
      expect(wider.providers.at(-1)!.distance!).toBeGreaterThan(2000);
    });

    it('shows each provider once, at the facility nearest the searched place', async () => {
      const result = await every({ ZipCode: '11201', Specialty: 'Internist' });
      const bennett = result.providers.find((p) => p.display_name === 'Dr. Olivia Bennett, MD')!;
      expect(bennett.location.city).toBe('Brooklyn');
      expect(new Set(result.providers.map((p) => p.practitioner_id)).size).toBe(result.providers.length);
    });

    it('finds a city by name and state, or a place by latitude and longitude', async () => {
      const chicago = await every({ City: 'Chicago', StateName: 'IL', Distance: 25 });
      expect(chicago.count).toBeGreaterThan(0);
      expect(new Set(chicago.providers.map((p) => p.location.city))).toEqual(
        new Set(['Chicago', 'Evanston']),
      );
      const denver = await every({ Latitude: 39.7392, Longitude: -104.9903, Distance: 40 });
      expect(new Set(denver.providers.map((p) => p.location.city))).toEqual(new Set(['Denver', 'Boulder']));
    });

    it('filters by gender code', async () => {
      const women = await every({ Gender: 'F' });
      const men = await every({ Gender: 'M' });
      expect(women.providers.every((p) => p.gender === 'Female')).toBe(true);
      expect(men.providers.every((p) => p.gender === 'Male')).toBe(true);
      expect(women.count + men.count).toBe(PUBLISHED_PROVIDERS);
    });

    it('filters by visit type', async () => {
      const video = await every({ VisitType: 'TeleHealth' });
      const walkIn = await every({ VisitType: 'Walk-In' });
      expect(video.count).toBeGreaterThan(0);
      expect(video.count).toBeLessThan(PUBLISHED_PROVIDERS);
      expect(video.providers.every((p) => p.visit_types.includes('TeleHealth'))).toBe(true);
      expect(walkIn.providers.every((p) => p.visit_types.includes('Walk-In'))).toBe(true);
      expect((await every({ VisitType: 'Office' })).count).toBe(PUBLISHED_PROVIDERS);
    });

    it('leaves walk-in and telehealth visits out when walk_in_tele_visit_enabled is false', async () => {
      const officeOnly = await every({ WalkInTeleVisitEnabled: false });
      expect(officeOnly.count).toBe(PUBLISHED_PROVIDERS);
      expect(officeOnly.providers.every((p) => p.visit_types.join() === 'Office')).toBe(true);
      expect(
        (await every({ WalkInTeleVisitEnabled: true })).providers.some((p) =>
          p.visit_types.includes('Walk-In'),
        ),
      ).toBe(true);
      expect(await search({ WalkInTeleVisitEnabled: false, VisitType: 'Walk-In' })).toMatchObject({
        count: 0,
        providers: [],
      });
      const res = await t.call<FindCareResult>({
        method: 'GET',
        url: `${BASE}/catalogs?walk_in=1&WalkInTeleVisitEnabled=false&VisitType=TeleHealth`,
      });
      expect(res.json.count).toBe(0);
    });

    it('matches free text in the name, practice, specialty or city', async () => {
      const bennett = await every({ TextField: 'BENNETT' });
      expect(bennett.providers.map((p) => p.display_name).sort()).toEqual([
        'Dr. Kenji Bennett, MD',
        'Dr. Olivia Bennett, MD',
      ]);
      const evanston = await every({ TextField: 'evanston' });
      expect(evanston.count).toBeGreaterThan(0);
      expect(
        evanston.providers.every(
          (p) => p.location.city === 'Evanston' || p.organization.name.includes('Evanston'),
        ),
      ).toBe(true);
      expect((await search({ TextField: '100%_' })).count).toBe(0);
    });
  });

  describe('slots and availability', () => {
    it("lists the week's open slots from the search date, at most 3 a day in the facility's zone", async () => {
      // Dr. Bennett books online at her Brooklyn office (her Midtown one takes no online bookings).
      const result = await search({ Specialty: 'Internist', ZipCode: '11201', Limit: 1 });
      const provider = result.providers[0]!;
      expect(provider.display_name).toBe('Dr. Olivia Bennett, MD');
      expect(provider.location.city).toBe('Brooklyn');
      const days = new Map<string, number>();
      for (const slot of provider.slots) {
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: provider.location.iana_time_zone }).format(
          new Date(slot.Start),
        );
        days.set(day, (days.get(day) ?? 0) + 1);
        expect(slot.ScheduleId).toBe(provider.schedule_id);
      }
      // Monday 23 to Friday 27 November, 3 a day; today's first slot is 10:30, 30 minutes after now.
      expect([...days.keys()]).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
      ]);
      expect([...days.values()]).toEqual([3, 3, 3, 3, 3]);
      expect(provider.slots[0]!.Start).toBe('2026-11-23T15:30:00.000Z');
      expect(provider.next_availability).toBe('2026-11-23T15:30:00.000Z');
    });

    it("says when a day has more open slots than the 3 listed ('More appointments')", async () => {
      const result = await search({ Specialty: 'Internist', ZipCode: '11201', Limit: 1 });
      // 14 half-hour slots a working day, 3 listed.
      expect(result.providers[0]!.more_slots).toBe(true);
      const none = (await every({ ZipCode: '10017' })).providers.filter((p) => p.slots.length === 0);
      expect(none.every((p) => !p.more_slots)).toBe(true);
    });

    it("lists only the times of the office a card shows, in that office's zone; other offices come with their own schedules", async () => {
      const result = await every({ ZipCode: '10017' });
      const multi = result.providers.filter((p) => p.other_offices.length > 0);
      expect(multi.length).toBeGreaterThan(0);
      // Every listed slot is of the card's schedule, and every card's schedule is at its own office.
      const schedules = await t.database.query<{ id: string; location_id: string | null; time_zone: string }>(
        'select id, location_id, time_zone from schedules',
      );
      const scheduleOf = new Map(schedules.map((s) => [s.id, s]));
      for (const provider of result.providers) {
        if (provider.schedule_id) {
          expect(scheduleOf.get(provider.schedule_id)!.location_id ?? provider.location.id).toBe(
            provider.location.id,
          );
          expect(scheduleOf.get(provider.schedule_id)!.time_zone).toBe(provider.location.iana_time_zone);
        } else expect(provider.slots).toEqual([]);
        for (const slot of provider.slots) expect(slot.ScheduleId).toBe(provider.schedule_id);
        for (const office of provider.other_offices) {
          expect(office.id).not.toBe(provider.location.id);
          if (office.schedule_id) expect(scheduleOf.get(office.schedule_id)!.location_id).toBe(office.id);
          expect(office.distance!).toBeGreaterThanOrEqual(provider.distance!);
        }
      }
      // A New York card whose provider books online only in Illinois lists no Illinois times; the Illinois
      // office is on the card, with its schedule, in the Central zone.
      const elsewhere = multi.find(
        (p) =>
          p.location.state === 'NY' &&
          p.other_offices.some((o) => o.schedule_id && o.iana_time_zone === 'America/Chicago'),
      );
      expect(elsewhere).toBeDefined();
      expect(elsewhere!.slots).toEqual([]);
      expect(elsewhere!.schedule_id).toBeNull();
    });

    it('shows a provider at an office where they book online when no place is searched', async () => {
      const result = await every({});
      const multi = result.providers.filter((p) => p.other_offices.length > 0);
      expect(multi.length).toBeGreaterThan(0);
      for (const provider of multi) expect(provider.schedule_id).not.toBeNull();
    });

    it('starts the week at a later search date', async () => {
      const result = await search({ Specialty: 'Internist', ZipCode: '11201', Limit: 1, Date: '2026-11-28' });
      // Saturday and Sunday have no hours: the week shows Monday to Wednesday.
      expect(result.providers[0]!.slots[0]!.Start).toBe('2026-11-30T14:00:00.000Z');
      expect(result.providers[0]!.slots).toHaveLength(9);
      expect(result.date).toBe('2026-11-28');
    });

    it('sorts by next availability, earliest first', async () => {
      const result = await every({ SortBy: 'next_availability' });
      expect(result.count).toBe(PUBLISHED_PROVIDERS);
      const next = result.providers.map((p) => p.next_availability);
      expect(next.every((n) => n !== null)).toBe(true);
      expect(next).toEqual([...next].sort());
      // Eastern providers open first on a Monday morning.
      expect(result.providers[0]!.location.iana_time_zone).toBe('America/New_York');
    });
  });

  describe('paging', () => {
    it('pages through every match once, with the total on every page', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 12; page += 1) {
        const result = await search({ Offset: page, Limit: 5, ZipCode: '60611' });
        expect(result.count).toBe(PUBLISHED_PROVIDERS);
        expect(result.providers.length).toBe(page < 12 ? 5 : 2);
        seen.push(...result.providers.map((p) => p.practitioner_id));
      }
      expect(new Set(seen).size).toBe(PUBLISHED_PROVIDERS);
    });

    it('defaults to page 1 of 5 and keeps the count past the last page', async () => {
      const first = await search({});
      expect(first.providers).toHaveLength(5);
      const past = await search({ Offset: 40 });
      expect(past).toMatchObject({ count: PUBLISHED_PROVIDERS, providers: [] });
      const nextPast = await search({ Offset: 40, SortBy: 'next_availability' });
      expect(nextPast).toMatchObject({ count: PUBLISHED_PROVIDERS, providers: [] });
    });

    it('pages the next-availability order too', async () => {
      const all = await every({ SortBy: 'next_availability' });
      const second = await search({ SortBy: 'next_availability', Offset: 2, Limit: 5 });
      expect(second.providers.map((p) => p.practitioner_id)).toEqual(
        all.providers.slice(5, 10).map((p) => p.practitioner_id),
      );
    });
  });

  describe('GET catalogs', () => {
    it('takes the filter as query parameters, a list by repeating the parameter', async () => {
      const res = await t.call<FindCareResult>({
        method: 'GET',
        url: `${BASE}/catalogs?Specialty=Internist&Specialty=Neurologist&ZipCode=10001&Limit=100&SortBy=distance&Distance=`,
      });
      expect(res.statusCode).toBe(200);
      expect(findCareResultSchema.parse(res.json)).toEqual(res.json);
      const post = await every({ Specialty: ['Internist', 'Neurologist'], ZipCode: '10001' });
      expect(res.json).toEqual(post);
    });

    it('names the query parameter that is wrong', async () => {
      const res = await t.call<ErrorBody>({ method: 'GET', url: `${BASE}/catalogs?Limit=abc` });
      expect(res.statusCode).toBe(400);
      expect(res.json.errors[0]!.field).toBe('querystring.Limit');
    });
  });

  describe('bad input', () => {
    it('refuses a zip without exactly 5 or 9 digits', async () => {
      expect(await rejects({ ZipCode: '10' })).toEqual(['body.ZipCode:invalid_format']);
      expect(await rejects({ ZipCode: '1000123' })).toEqual(['body.ZipCode:invalid_format']);
    });

    it('refuses an unknown zip or city by name', async () => {
      expect(await rejects({ ZipCode: '00000' })).toEqual(['ZipCode:unknown_zip']);
      expect(await rejects({ City: 'Atlantis' })).toEqual(['City:unknown_city']);
    });

    it('refuses a date in the past or not on the calendar', async () => {
      expect(await rejects({ Date: '2026-11-01' })).toEqual(['Date:min_date']);
      expect(await rejects({ Date: '2026-02-30' })).toEqual(['body.Date:calendar_date']);
      expect(await rejects({ Date: '23/11/2026' })).toEqual(['body.Date:invalid_format']);
    });

    it('refuses page 0 and page sizes outside 1 to 100', async () => {
      expect(await rejects({ Offset: 0 })).toEqual(['body.Offset:too_small']);
      expect(await rejects({ Limit: 10000 })).toEqual(['body.Limit:too_big']);
      expect(await rejects({ Limit: 0 })).toEqual(['body.Limit:too_small']);
    });

    it('names the query parameter of page 0, page size 10000, a 2-digit zip and a bad walk-in switch', async () => {
      const res = await t.call<ErrorBody>({
        method: 'GET',
        url: `${BASE}/catalogs?Offset=0&Limit=10000&ZipCode=10&WalkInTeleVisitEnabled=maybe`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.errors.map((e) => `${e.field}:${e.rule}`).sort()).toEqual([
        'querystring.Limit:too_big',
        'querystring.Offset:too_small',
        'querystring.WalkInTeleVisitEnabled:invalid_type',
        'querystring.ZipCode:invalid_format',
      ]);
    });

    it('refuses unknown codes of gender, visit type and sort, and a distance out of range', async () => {
      expect(await rejects({ Gender: 'X' })).toEqual(['body.Gender:invalid_value']);
      expect(await rejects({ VisitType: 'Drive-Thru' })).toEqual(['body.VisitType:invalid_value']);
      expect(await rejects({ SortBy: 'price' })).toEqual(['body.SortBy:invalid_value']);
      expect(await rejects({ Distance: -1 })).toEqual(['body.Distance:too_small']);
      expect(await rejects({ Latitude: 91 })).toEqual(['body.Latitude:too_big']);
      expect(await rejects({ InsurancePlanIds: ['not-a-uuid'] })).toEqual([
        'body.InsurancePlanIds.0:invalid_format',
      ]);
    });
  });

  describe('names and places from memory', () => {
    it('answers a repeated search exactly as the first, which asked the database', async () => {
      const asks: FindCareSearch[] = [
        { Specialty: ['internist', 'CARDIOLOGIST (HEART DOCTOR)'], ZipCode: '10001', Limit: 100 },
        { Condition: 'diabetes consultation', insurance_name: 'medicare', ZipCode: '10001-1234', Limit: 100 },
        { Specialty: ['Internist', 'No Such Specialty'], ZipCode: '10001', Limit: 100 },
        { insurance_name: 'No Such Carrier', Limit: 100 },
        { Condition: 'No Such Condition', Limit: 100 },
      ];
      for (const ask of asks) {
        const first = await search(ask);
        const again = await search(ask);
        expect(again).toEqual(first);
      }
      expect((await search(asks[2]!)).count).toBe(
        (await search({ Specialty: 'Internist', ZipCode: '10001', Limit: 100 })).count,
      );
      expect((await search(asks[3]!)).count).toBe(0);
      expect((await search(asks[4]!)).count).toBe(0);
      expect(await rejects({ ZipCode: '00000' })).toEqual(['ZipCode:unknown_zip']);
      expect(await rejects({ ZipCode: '00000' })).toEqual(['ZipCode:unknown_zip']);
    });
  });

  describe('statements', () => {
    it('runs the same number of SQL statements for a page of 1 and a page of 50', async () => {
      const client = (t.database.db as unknown as { $client: PGlite }).$client;
      const spy = vi.spyOn(client, 'query');
      const count = async (payload: FindCareSearch) => {
        spy.mockClear();
        const result = await search(payload);
        return { statements: spy.mock.calls.length, providers: result.providers.length };
      };
      // The first search of a zip may ask the database for the reference names and the zip; later ones
      // find them in memory: the page with its count, then the page's schedules with their taken capacity.
      await count({ ZipCode: '10001', insurance_name: 'Medicare', Limit: 1 });
      const small = await count({ ZipCode: '10001', insurance_name: 'Medicare', Limit: 1 });
      const large = await count({ ZipCode: '10001', insurance_name: 'Medicare', Limit: 50 });
      expect(small.providers).toBe(1);
      expect(large.providers).toBeGreaterThan(20);
      expect(large.statements).toBe(small.statements);
      expect(small.statements).toBe(2);
      const nextSmall = await count({ SortBy: 'next_availability', Limit: 1 });
      const nextLarge = await count({ SortBy: 'next_availability', Limit: 50 });
      expect(nextLarge.statements).toBe(nextSmall.statements);
      spy.mockRestore();
    });
  });
});

describe('keeping the search table up to date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const snapshot = () =>
    t.database.query(
      `select practitioner_id, location_id, display_name, specialty_ids::text[] as s, insurance_plan_ids::text[] as p,
              insurance_carriers, visit_types, search_text, latitude, longitude
         from provider_search order by practitioner_id, location_id`,
    );

  it("refreshes one practitioner's rows after their directory data changes", async () => {
    const [row] = await t.database.query<{ practitioner_id: string }>(
      `select practitioner_id from provider_search where display_name = 'Dr. Olivia Bennett, MD' limit 1`,
    );
    const id = row!.practitioner_id;
    await t.database.query(`update practitioners set family_name = 'Bennett-Okoro' where id = $1`, [id]);
    await t.database.query(
      `insert into practitioner_specialties (practitioner_id, specialty_id, position)
       select $1, id, 5 from specialties where display = 'Neurologist'`,
      [id],
    );
    await t.database.query(
      `update locations set latitude = 40.7, longitude = -73.99 where city = 'Brooklyn'`,
    );
    expect(
      (await t.call<FindCareResult>({ method: 'POST', url: SEARCH, payload: { TextField: 'okoro' } })).json
        .count,
    ).toBe(0);

    const written = await refreshProviderSearch(t.database, [id]);
    expect(written).toBe(2);
    const found = await t.call<FindCareResult>({
      method: 'POST',
      url: SEARCH,
      payload: { TextField: 'okoro', Specialty: 'Neurologist', ZipCode: '11201' },
    });
    expect(found.json.count).toBe(1);
    expect(found.json.providers[0]!.display_name).toBe('Dr. Olivia Bennett-Okoro, MD');
    expect(found.json.providers[0]!.specialties.map((s) => s.Display)).toEqual(['Internist', 'Neurologist']);
    expect(found.json.providers[0]!.location.latitude).toBe(40.7);
  });

  it('gives the same table from a full rebuild as from per-practitioner refreshes', async () => {
    const ids = (
      await t.database.query<{ id: string }>('select distinct practitioner_id as id from provider_search')
    ).map((r) => r.id);
    for (const id of ids) await refreshProviderSearch(t.database, [id]);
    const incremental = await snapshot();
    await refreshProviderSearch(t.database, null);
    expect(await snapshot()).toEqual(incremental);
    expect(incremental.length).toBeGreaterThan(PUBLISHED_PROVIDERS);
  });

  it('drops the rows of a provider whose profile is hidden', async () => {
    const [row] = await t.database.query<{ practitioner_id: string }>(
      `select practitioner_id from provider_search where display_name = 'Dr. Kenji Bennett, MD' limit 1`,
    );
    await t.database.query('update practitioners set hide_public_profile = true where id = $1', [
      row!.practitioner_id,
    ]);
    expect(await refreshProviderSearch(t.database, [row!.practitioner_id])).toBe(0);
    const res = await t.call<FindCareResult>({
      method: 'POST',
      url: SEARCH,
      payload: { TextField: 'kenji' },
    });
    expect(res.json.count).toBe(0);
  });
});

describe('page profiles', () => {
  let t: TestApp;
  let bennett: { practitioner_id: string; name_identity: string };
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    [bennett] = (await t.database.query<{ practitioner_id: string; name_identity: string }>(
      `select practitioner_id, name_identity from provider_search where display_name = 'Dr. Olivia Bennett, MD' limit 1`,
    )) as [{ practitioner_id: string; name_identity: string }];
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("reads a provider's published profile by entity and by its address segment", async () => {
    const byEntity = await t.call<PageProfile>({
      method: 'POST',
      url: `${BASE}/pageProfiles/entity/get`,
      payload: { EntityId: bennett.practitioner_id, EntityType: 'Provider' },
    });
    expect(byEntity.statusCode).toBe(200);
    expect(byEntity.json).toMatchObject({
      Name: 'Dr. Olivia Bennett, MD',
      Title: 'Internist',
      IsPublished: true,
      DisplaySpecialities: true,
      ProfileLink: `/providers/${bennett.name_identity}`,
    });
    expect(byEntity.json.Calendars).toHaveLength(1);
    const bySlug = await t.call<PageProfile>({
      method: 'GET',
      url: `${BASE}/pageProfiles/entity/${bennett.name_identity}`,
    });
    expect(bySlug.json).toEqual(byEntity.json);
  });

  it("lists the profile's calendar for the week, up to 5 slots a day", async () => {
    const res = await t.call<{ Data: { ScheduleId: string; Slots: { Start: string }[] }[] }>({
      method: 'POST',
      url: `${BASE}/pageProfiles/entity/schedules`,
      payload: { NameIdentity: bennett.name_identity, Date: TODAY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data[0]!.Slots).toHaveLength(25);
  });

  it('does not show an unpublished profile, and names a malformed address segment', async () => {
    const [hidden] = await t.database.query<{ entity_id: string; name_identity: string }>(
      'select entity_id, name_identity from page_profiles where not is_published limit 1',
    );
    expect(
      (await t.call({ method: 'GET', url: `${BASE}/pageProfiles/entity/${hidden!.name_identity}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${BASE}/pageProfiles/entity/get`,
          payload: { EntityId: hidden!.entity_id },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await t.call<ErrorBody>({ method: 'GET', url: `${BASE}/pageProfiles/entity/Not_Valid` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors[0]!.field).toBe('params.nameIdentity');
  });
});

describe('practice and healthcare service profiles', () => {
  let t: TestApp;
  let practice: { entity_id: string; name_identity: string; name: string };
  const profile = async (nameIdentity: string) => {
    const res = await t.call<PageProfile>({
      method: 'GET',
      url: `${BASE}/pageProfiles/entity/${nameIdentity}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json;
  };
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    [practice] = (await t.database.query<{ entity_id: string; name_identity: string; name: string }>(
      `select p.entity_id, p.name_identity, p.name from page_profiles p join provider_search s on s.organization_id = p.entity_id
        where p.entity_type = 'Organization' order by p.name limit 1`,
    )) as [{ entity_id: string; name_identity: string; name: string }];
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("shows a practice's facilities with phones, specialties, insurances, providers' calendars and suggestions", async () => {
    const page = await profile(practice.name_identity);
    const facilities = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 and active',
      [practice.entity_id],
    );
    const providers = await t.database.query<{ practitioner_id: string }>(
      `select distinct ps.practitioner_id from provider_search ps
         join schedules s on s.practitioner_id = ps.practitioner_id and s.online_booking_enabled
         join locations l on l.id = s.location_id and l.organization_id = $1 and l.active
        where ps.organization_id = $1`,
      [practice.entity_id],
    );
    expect(providers.length).toBeGreaterThan(1);
    expect(page).toMatchObject({
      Name: practice.name,
      Entity: { Type: 'Organization', Id: practice.entity_id },
      ProfileLink: `/practice/${practice.name_identity}`,
    });
    expect(page.Organization).toEqual({
      Id: practice.entity_id,
      Name: practice.name,
      NameIdentity: practice.name_identity,
    });
    expect(page.Locations.map((l) => l.Id).sort()).toEqual(facilities.map((f) => f.id).sort());
    expect(page.Locations.every((l) => l.Phone !== null && l.Address1 && l.ZipCode)).toBe(true);
    expect(page.Specialities.length).toBeGreaterThan(2);
    expect(page.Insurances.length).toBeGreaterThan(0);
    expect(page.Insurances.every((c) => c.Plans.length > 0)).toBe(true);
    expect(new Set(page.Calendars.map((c) => c.EntityId))).toEqual(
      new Set(providers.map((p) => p.practitioner_id)),
    );
    expect(
      page.Calendars.every((c) => c.EntityType === 'Provider' && c.EntityName.length > 0 && c.TimeZone),
    ).toBe(true);
    expect(
      page.SuggestedEntities.some((e) => e.Type === 'Provider' && e.ProfileLink.startsWith('/providers/')),
    ).toBe(true);
    expect(
      page.SuggestedEntities.some(
        (e) => e.Type === 'HealthCareService' && e.ProfileLink.startsWith('/practice/'),
      ),
    ).toBe(true);

    const week = await t.call<{ Data: { ScheduleId: string }[] }>({
      method: 'POST',
      url: `${BASE}/pageProfiles/entity/schedules`,
      payload: { NameIdentity: practice.name_identity, Date: TODAY },
    });
    expect(week.json.Data.map((c) => c.ScheduleId).sort()).toEqual(
      page.Calendars.map((c) => c.ScheduleId).sort(),
    );
  });

  it('shows every bookable calendar of a provider on their own profile', async () => {
    const providers = await t.database.query<{
      practitioner_id: string;
      name_identity: string;
      schedules: number;
    }>(
      `select ps.practitioner_id, min(ps.name_identity) as name_identity,
              (select count(*)::int from schedules s where s.practitioner_id = ps.practitioner_id and s.online_booking_enabled) as schedules
         from provider_search ps group by ps.practitioner_id order by ps.practitioner_id limit 25`,
    );
    let withReasons = 0;
    for (const provider of providers) {
      const page = await profile(provider.name_identity);
      expect(page.Calendars.length, provider.name_identity).toBe(provider.schedules);
      // Each calendar lists the booking reasons (service types) its schedule offers.
      for (const calendar of page.Calendars) {
        const [offered] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from schedule_service_types where schedule_id = $1',
          [calendar.ScheduleId],
        );
        expect(calendar.Reasons).toHaveLength(offered!.n);
        if (offered!.n > 0) withReasons += 1;
      }
    }
    expect(withReasons).toBeGreaterThan(0);
  });

  it('shows a healthcare service with its practice, category, about and facilities', async () => {
    const [service] = await t.database.query<{
      name_identity: string;
      about: string;
      category: string;
      organization_id: string;
      locations: number;
    }>(
      `select p.name_identity, s.about, s.category, s.organization_id,
              (select count(*)::int from healthcare_service_locations hl where hl.healthcare_service_id = s.id) as locations
         from page_profiles p join healthcare_services s on s.id = p.entity_id where s.organization_id = $1 order by s.name limit 1`,
      [practice.entity_id],
    );
    const page = await profile(service!.name_identity);
    expect(page).toMatchObject({
      Entity: { Type: 'HealthCareService' },
      Title: service!.category,
      About: service!.about,
      ProfileLink: `/practice/${service!.name_identity}`,
    });
    expect(page.Organization).toEqual({
      Id: practice.entity_id,
      Name: practice.name,
      NameIdentity: practice.name_identity,
    });
    expect(page.Locations).toHaveLength(service!.locations);
    expect(
      page.SuggestedEntities.some((e) => e.Type === 'HealthCareService' && e.Id === page.Entity.Id),
    ).toBe(false);
  });

  it("shows a healthcare service's own booking calendars with their reasons, and their week of open slots", async () => {
    const [service] = await t.database.query<{ id: string; name: string; name_identity: string }>(
      `select s.id, p.name, p.name_identity from page_profiles p join healthcare_services s on s.id = p.entity_id
        where s.organization_id = $1 and p.is_published order by s.name limit 1`,
      [practice.entity_id],
    );
    const own = await t.database.query<{ id: string; location_id: string; reasons: number }>(
      `select s.id, s.location_id, (select count(*)::int from schedule_service_types x where x.schedule_id = s.id) as reasons
         from schedules s where s.healthcare_service_id = $1 and s.online_booking_enabled`,
      [service!.id],
    );
    expect(own.length).toBeGreaterThan(0);
    const page = await profile(service!.name_identity);
    expect(page.Calendars.map((c) => c.ScheduleId).sort()).toEqual(own.map((s) => s.id).sort());
    for (const calendar of page.Calendars) {
      const schedule = own.find((s) => s.id === calendar.ScheduleId)!;
      expect(calendar).toMatchObject({
        EntityId: service!.id,
        EntityType: 'HealthCareService',
        EntityName: service!.name,
        LocationId: schedule.location_id,
      });
      expect(calendar.Reasons).toHaveLength(schedule.reasons);
      expect(page.Locations.some((l) => l.Id === calendar.LocationId)).toBe(true);
    }

    const week = await t.call<{
      Data: { ScheduleId: string; Slots: { ScheduleId: string; Start: string }[] }[];
    }>({
      method: 'POST',
      url: `${BASE}/pageProfiles/entity/schedules`,
      payload: { NameIdentity: service!.name_identity, Date: TODAY },
    });
    expect(week.statusCode).toBe(200);
    expect(week.json.Data.map((c) => c.ScheduleId).sort()).toEqual(own.map((s) => s.id).sort());
    expect(week.json.Data.some((c) => c.Slots.length > 0)).toBe(true);
    expect(week.json.Data.every((c) => c.Slots.every((slot) => slot.ScheduleId === c.ScheduleId))).toBe(true);
  });

  it('hides specialties, insurances, phones and suggestions when the profile says so', async () => {
    await t.database.query(
      `update page_profiles set display_specialities = false, display_insurances = false, display_location_phone = false, show_suggested_entities = false
        where entity_id = $1`,
      [practice.entity_id],
    );
    const page = await profile(practice.name_identity);
    expect(page).toMatchObject({
      Specialities: [],
      Insurances: [],
      SuggestedEntities: [],
      ContactInfo: { Phone: null },
    });
    expect(page.Locations.length).toBeGreaterThan(0);
    expect(page.Locations.every((l) => l.Phone === null)).toBe(true);
    await t.database.query(
      `update page_profiles set display_specialities = true, display_insurances = true, display_location_phone = true, show_suggested_entities = true
        where entity_id = $1`,
      [practice.entity_id],
    );
  });

  it('leaves out hidden facility entries and hidden suggestions', async () => {
    const before = await profile(practice.name_identity);
    const calendar = before.Calendars[0]!;
    const suggestion = before.SuggestedEntities[0]!;
    await t.database.query(
      'update page_profiles set hidden_facilities = $2::jsonb, hidden_suggested_ids = $3::uuid[] where entity_id = $1',
      [
        practice.entity_id,
        JSON.stringify([{ providerId: calendar.EntityId, facilityId: calendar.LocationId }]),
        [suggestion.Id],
      ],
    );
    const after = await profile(practice.name_identity);
    expect(
      after.Calendars.some((c) => c.EntityId === calendar.EntityId && c.LocationId === calendar.LocationId),
    ).toBe(false);
    expect(after.Calendars.length).toBe(before.Calendars.length - 1);
    expect(after.SuggestedEntities.some((e) => e.Id === suggestion.Id)).toBe(false);
    const week = await t.call<{ Data: { ScheduleId: string }[] }>({
      method: 'POST',
      url: `${BASE}/pageProfiles/entity/schedules`,
      payload: { NameIdentity: practice.name_identity },
    });
    expect(week.json.Data.some((c) => c.ScheduleId === calendar.ScheduleId)).toBe(false);
    await t.database.query(
      `update page_profiles set hidden_facilities = '[]', hidden_suggested_ids = '{}' where entity_id = $1`,
      [practice.entity_id],
    );
  });

  it('does not show an unpublished practice, nor a provider whose public profile is hidden among the suggestions', async () => {
    const [hidden] = await t.database.query<{ id: string }>(
      `select p.id from practitioners p join practitioner_roles r on r.practitioner_id = p.id where p.hide_public_profile and r.organization_id = $1 limit 1`,
      [practice.entity_id],
    );
    const page = await profile(practice.name_identity);
    if (hidden) expect(page.SuggestedEntities.some((e) => e.Id === hidden.id)).toBe(false);
    expect(page.SuggestedEntities.every((e) => e.Id !== practice.entity_id)).toBe(true);
    await t.database.query('update page_profiles set is_published = false where entity_id = $1', [
      practice.entity_id,
    ]);
    expect(
      (await t.call({ method: 'GET', url: `${BASE}/pageProfiles/entity/${practice.name_identity}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${BASE}/pageProfiles/entity/get`,
          payload: { EntityId: practice.entity_id, EntityType: 'Organization' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${BASE}/pageProfiles/entity/schedules`,
          payload: { NameIdentity: practice.name_identity },
        })
      ).statusCode,
    ).toBe(404);
    // A provider of the unpublished practice no longer links to it.
    const provider = page.SuggestedEntities.find((e) => e.Type === 'Provider')!;
    expect((await profile(provider.NameIdentity)).Organization?.NameIdentity).toBeNull();
    await t.database.query('update page_profiles set is_published = true where entity_id = $1', [
      practice.entity_id,
    ]);
  });
});
