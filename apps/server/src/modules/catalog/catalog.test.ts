import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  type CodedItem,
  type Condition,
  type InsuranceCarrier,
  type Specialty,
  type ZipCode,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';

const BASE = '/careslot-resource-library/api/v1';
type List<T> = { Data: T[]; Total: number };

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
const HOME_CONDITION_VALUES = [
  'Cold',
  'Acne',
  'Back Pain',
  'Diabetes Consultation',
  'Ear Infection',
  'Annual Physical',
  'Birth Control / Contraception',
  'Stomach Pain',
  'Urinary Tract Infection (UTI)',
  'Headache',
];

describe('resource library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('zip codes', () => {
    it('finds New York zips with coordinates for the prefix 100, in code order', async () => {
      const res = await t.call<List<ZipCode>>({
        method: 'POST',
        url: `${BASE}/zip-codes/prefix`,
        payload: { Code: '100' },
      });
      expect(res.statusCode).toBe(200);
      const codes = res.json.Data.map((z) => z.Code);
      expect(codes.length).toBe(20);
      expect(codes).toEqual([...codes].sort());
      expect(codes.every((c) => c.startsWith('100'))).toBe(true);
      expect(res.json.Data[0]).toEqual({
        Code: '10001',
        City: 'New York',
        State: 'New York',
        StateCode: 'NY',
        StateFips: '36',
        CountyCode: '061',
        County: 'New York',
        Latitude: 40.7484,
        Longitude: -73.9967,
      });
    });

    it('honours a smaller Limit and works for guests holding a guest token', async () => {
      const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
      const res = await t.call<List<ZipCode>>({
        method: 'POST',
        url: `${BASE}/zip-codes/prefix`,
        payload: { Code: '9021', Limit: 3 },
        headers: bearer(guest),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.Data.map((z) => z.Code)).toEqual(['90210', '90211', '90212']);
    });

    it('rejects a prefix with a non-digit, naming the field and the rule', async () => {
      const res = await t.call<{
        status_code: number;
        message: string;
        errors: { field: string; rule: string }[];
      }>({
        method: 'POST',
        url: `${BASE}/zip-codes/prefix`,
        payload: { Code: '1x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[400]);
      expect(res.json.errors.some((e) => e.field === 'body.Code')).toBe(true);
    });

    it('rejects a prefix shorter than 3 digits and a Limit above the maximum', async () => {
      const short = await t.call<{ errors: { field: string; rule: string; message: string }[] }>({
        method: 'POST',
        url: `${BASE}/zip-codes/prefix`,
        payload: { Code: '12' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json.errors).toHaveLength(1);
      expect(short.json.errors[0]?.field).toBe('body.Code');
      expect(short.json.errors[0]?.message).toContain('at least 3 digits');
      const big = await t.call<{ errors: { field: string }[] }>({
        method: 'POST',
        url: `${BASE}/zip-codes/prefix`,
        payload: { Code: '100', Limit: 10000 },
      });
      expect(big.statusCode).toBe(400);
      expect(big.json.errors.map((e) => e.field)).toEqual(['body.Limit']);
    });

    it('looks up one zip, also given as ZIP+4', async () => {
      const res = await t.call<ZipCode>({ url: `${BASE}/zip-codes/85018-1234` });
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ Code: '85018', City: 'Phoenix', StateCode: 'AZ', County: 'Maricopa' });
    });

    it('answers an unknown zip with the 404 envelope and a malformed one with 400', async () => {
      const missing = await t.call({ url: `${BASE}/zip-codes/00000` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json).toEqual({ status_code: 404, message: HTTP_STATUS_MESSAGES[404], data: null });
      const malformed = await t.call<{ errors: { field: string }[] }>({ url: `${BASE}/zip-codes/12ab5` });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json.errors[0]?.field).toBe('params.zip');
    });
  });

  it('documents the look-ups and the directory reads in the OpenAPI document', async () => {
    const res = await t.call<{ paths: Record<string, Record<string, unknown>> }>({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        `${BASE}/zip-codes/prefix`,
        `${BASE}/zip-codes/{zip}`,
        `${BASE}/board-certifications`,
        '/careslot-administration/api/v2/patient/{id}',
        '/careslot-administration/api/v2/PatientCoverage/advance-search',
        '/careslot-administration/api/v1/patients/{id}/related-persons',
      ]),
    );
    expect(res.json.paths[`${BASE}/zip-codes/prefix`]?.post).toBeDefined();
  });

  it('lists every home-page specialty tile value among the specialties', async () => {
    const res = await t.call<List<Specialty>>({ url: `${BASE}/specialties` });
    expect(res.statusCode).toBe(200);
    const names = res.json.Data.map((s) => s.Display);
    for (const value of HOME_SPECIALTY_VALUES) expect(names).toContain(value);
    expect(res.json.Total).toBe(res.json.Data.length);
  });

  it('lists every home-page condition tile value, each mapped to at least one specialty', async () => {
    const res = await t.call<List<Condition>>({ url: `${BASE}/conditions` });
    expect(res.statusCode).toBe(200);
    for (const value of HOME_CONDITION_VALUES) {
      const condition = res.json.Data.find((c) => c.Display === value);
      expect(condition, value).toBeDefined();
      expect(condition!.Specialties.length).toBeGreaterThan(0);
    }
    const acne = res.json.Data.find((c) => c.Display === 'Acne')!;
    expect(acne.Specialties.map((s) => s.Display)).toEqual(['Dermatologist']);
  });

  it('lists insurance carriers with their plans', async () => {
    const res = await t.call<List<InsuranceCarrier>>({ url: `${BASE}/insurances` });
    expect(res.statusCode).toBe(200);
    const aetna = res.json.Data.find((c) => c.Name === 'Aetna');
    expect(aetna?.Plans.map((p) => p.Name)).toContain('Open Access Managed Choice');
    expect(res.json.Data.map((c) => c.Name)).toEqual(
      expect.arrayContaining(['Cigna', 'UnitedHealthcare', 'Medicare']),
    );
  });

  it('lists US states with FIPS codes', async () => {
    const res = await t.call<List<{ Code: string; Display: string; Fips: string }>>({
      url: `${BASE}/states`,
    });
    expect(res.json.Data).toContainEqual({ Code: 'NY', Display: 'New York', Fips: '36' });
    expect(res.json.Data.length).toBeGreaterThanOrEqual(51);
  });

  it.each([
    ['languages', 'es', 'Spanish'],
    ['races', '2106-3', 'White'],
    ['ethnicities', '2135-2', 'Hispanic or Latino'],
    ['relations', 'CHILD', 'Child'],
    ['professional-suffixes', 'MD', 'MD'],
    ['cancellation-reasons', 'SCHEDULE_CONFLICT', 'Scheduling conflict'],
    ['board-certifications', 'ABIM', 'American Board of Internal Medicine'],
  ])('serves the %s look-up as coded items', async (path, code, display) => {
    const res = await t.call<List<CodedItem>>({ url: `${BASE}/${path}` });
    expect(res.statusCode).toBe(200);
    const item = res.json.Data.find((i) => i.Code === code);
    expect(item).toMatchObject({ Code: code, Display: display, Active: true, CreatedBy: 'careslot' });
    expect(item?.Id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(item!.CreatedOn)).not.toBeNaN();
  });
});
