import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  openTimeAhead,
  practiceAdmin,
  type TestPracticeUser,
} from '../../testing/factories';
import { createTestPatient, type TestPatient } from '../../testing/patients';

const ADMIN = '/careslot-administration/api';
type List<T> = { Data: T[]; Total: number };
type Errors = { errors?: { field: string; rule: string }[] };

describe("a patient's pharmacies, emergency contacts and family members (decision 0110)", () => {
  let t: TestApp;
  let provider: TestPracticeUser;
  let otherProvider: TestPracticeUser;
  let patient: TestPatient;

  // A clock of the test's own, moved a minute between additions so their order is the order they were made in.
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const practice = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    otherProvider = await practiceAdmin(t, await createTestPractice(t));
    patient = await createTestPatient(t, 'Rowan');
    await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
  }, 120_000);
  afterAll(() => t?.close());

  const call = <T>(
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.call<T & Errors>({ method, url: `${ADMIN}${url}`, headers, ...(payload ? { payload } : {}) });

  it('keeps preferred pharmacies newest first, pages them and removes one', async () => {
    const me = bearer(patient.token);
    for (const name of ['Corner Drugs', 'Main Street Pharmacy', 'Bay Pharmacy']) {
      const added = await call<{ data: { Id: string; Name: string } }>(me, 'POST', '/v2/PatientPharmacies', {
        PatientId: patient.id,
        Name: name,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json.data.Name).toBe(name);
      clock.advance(60_000);
    }
    const list = await call<List<{ Id: string; Name: string }>>(
      me,
      'GET',
      `/v2/patient/${patient.id}/pharmacies`,
    );
    expect(list.json.Data.map((p) => p.Name)).toEqual([
      'Bay Pharmacy',
      'Main Street Pharmacy',
      'Corner Drugs',
    ]);
    // The spec's search: {PatientId, OrderBy desc, Offset 0, Limit 10, SortBy}; the practice caring for them too.
    const page = await call<List<{ Name: string }>>(
      provider.headers,
      'POST',
      '/v2/PatientPharmacies/advance-search',
      {
        PatientId: patient.id,
        OrderBy: 'asc',
        SortBy: 'Name',
        Offset: 2,
        Limit: 2,
      },
    );
    expect(page.json).toEqual({
      Data: [expect.objectContaining({ Name: 'Main Street Pharmacy' })],
      Total: 3,
    });
    const gone = await call(
      provider.headers,
      'DELETE',
      `/v2/patient/${patient.id}/pharmacies/${list.json.Data[0]!.Id}`,
    );
    expect(gone.statusCode).toBe(204);
    const again = await call(
      provider.headers,
      'DELETE',
      `/v2/patient/${patient.id}/pharmacies/${list.json.Data[0]!.Id}`,
    );
    expect(again.statusCode).toBe(404);
    expect((await call<List<unknown>>(me, 'GET', `/v2/patient/${patient.id}/pharmacies`)).json.Total).toBe(2);
    // Another practice neither reads nor adds.
    expect(
      (await call(otherProvider.headers, 'GET', `/v2/patient/${patient.id}/pharmacies`)).statusCode,
    ).toBe(404);
  });

  it('names the field and the rule of a bad pharmacy or contact', async () => {
    const me = bearer(patient.token);
    const pharmacy = await call(me, 'POST', '/v2/PatientPharmacies', {
      PatientId: patient.id,
      Name: 'Bay Pharmacy',
      NcpdpId: '12ab',
    });
    expect(pharmacy.statusCode).toBe(400);
    expect(pharmacy.body).toContain('NcpdpId');
    expect(pharmacy.body).toContain('must be 7 digits');
    const contact = await call(me, 'POST', '/v1/PatientContact', {
      PatientId: patient.id,
      FirstName: 'Sam',
      LastName: 'Rowan',
      Relationship: 'Parent',
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.body).toContain('Phone');
    expect(contact.body).toContain('give a phone or an e-mail');
    const relation = await call(me, 'POST', '/v1/PatientContact', {
      PatientId: patient.id,
      FirstName: 'Sam',
      LastName: 'Rowan',
      Relationship: 'Cousin',
      Phone: '2125550100',
    });
    expect(relation.statusCode).toBe(400);
    expect(relation.body).toContain('Relationship');
  });

  it('keeps emergency contacts in the order they were added, each removable', async () => {
    const me = bearer(patient.token);
    for (const [first, relationship] of [
      ['Sam', 'Parent'],
      ['Alex', 'Sibling'],
    ] as const) {
      const added = await call(provider.headers, 'POST', '/v1/PatientContact', {
        PatientId: patient.id,
        FirstName: first,
        LastName: 'Rowan',
        Relationship: relationship,
        Email: `${first.toLowerCase()}@example.com`,
      });
      expect(added.statusCode).toBe(200);
      clock.advance(60_000);
    }
    const list = await call<List<{ Id: string; FirstName: string; Relationship: string; Email: string }>>(
      me,
      'POST',
      '/v1/PatientContact/advance-search',
      { PatientId: patient.id },
    );
    expect(list.json.Data.map((c) => [c.FirstName, c.Relationship])).toEqual([
      ['Sam', 'Parent'],
      ['Alex', 'Sibling'],
    ]);
    expect(
      (await call(me, 'DELETE', `/v1/patients/${patient.id}/contacts/${list.json.Data[0]!.Id}`)).statusCode,
    ).toBe(204);
    const after = await call<List<{ FirstName: string }>>(me, 'POST', '/v1/PatientContact/advance-search', {
      PatientId: patient.id,
    });
    expect(after.json.Data.map((c) => c.FirstName)).toEqual(['Alex']);
  });

  it('adds a family member the holder books for; one added at the desk is cared for by that practice', async () => {
    const mine = await call<{ data: { RelatedPatientId: string; Relationship: string } }>(
      bearer(patient.token),
      'POST',
      `/v2/patient/${patient.id}/family-member?relation=Child`,
      { FirstName: 'Robin', LastName: 'Rowan', BirthDate: '2018-03-04', Gender: 'Male' },
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json.data.Relationship).toBe('Child');
    const byDesk = await call<{ data: { RelatedPatientId: string } }>(
      provider.headers,
      'POST',
      `/v2/patient/${patient.id}/family-member?relation=Spouse`,
      { FirstName: 'Jo', LastName: 'Rowan', BirthDate: '1985-07-08', Gender: 'Female' },
    );
    expect(byDesk.statusCode).toBe(200);
    const family = await call<List<{ Relationship: string }>>(
      bearer(patient.token),
      'GET',
      `/v1/patients/${patient.id}/related-persons`,
    );
    expect(family.json.Data.map((r) => r.Relationship).sort()).toEqual(['Child', 'Spouse']);
    expect(
      (await call(provider.headers, 'GET', `/v2/patient/${byDesk.json.data.RelatedPatientId}`)).statusCode,
    ).toBe(200);
    const bad = await call(
      bearer(patient.token),
      'POST',
      `/v2/patient/${patient.id}/family-member?relation=Boss`,
      {
        FirstName: 'Jo',
        LastName: 'Rowan',
        BirthDate: '1985-07-08',
        Gender: 'Female',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('relation');
  });
});
