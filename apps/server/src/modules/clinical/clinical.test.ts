import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicalList, FhirResource } from '@careslot/contracts';
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

const CLINICAL = '/careslot-clinical-service/api/v1';
const ENCOUNTERS = (id: string) => `/careslot-administration/api/v1/patients/${id}/encounters`;

describe('the clinical record: the chart calls through the access policy', () => {
  let t: TestApp;
  let practice: TestPractice;
  let other: TestPractice;
  let provider: TestPracticeUser;
  let otherProvider: TestPracticeUser;
  let patient: TestPatient;
  let appointment: string;

  beforeAll(async () => {
    t = await createTestApp();
    practice = await createTestPractice(t);
    other = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    otherProvider = await practiceAdmin(t, other);
    patient = await createTestPatient(t, 'Robin');
    appointment = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice));
  }, 120_000);
  afterAll(() => t?.close());

  const post = (headers: Record<string, string>, path: string, payload: object) =>
    t.call<FhirResource & { errors?: { field: string }[] }>({
      method: 'POST',
      url: `${CLINICAL}/clinical/patients/${patient.id}/${path}`,
      headers,
      payload,
    });
  const list = (headers: Record<string, string>, path: string) =>
    t.call<ClinicalList>({
      method: 'GET',
      url: `${CLINICAL}/clinical/patients/${patient.id}/${path}`,
      headers,
    });

  it('records vitals, an allergy and a medication during a visit, coded, and the patient reads them', async () => {
    const bp = await post(provider.headers, 'observations', {
      AppointmentId: appointment,
      Code: '85354-9',
      Value: 128,
      Value2: 82,
    });
    expect(bp.statusCode).toBe(201);
    expect(bp.json).toMatchObject({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: `Patient/${patient.id}` },
      component: [
        { valueQuantity: { value: 128, code: 'mm[Hg]', system: 'http://unitsofmeasure.org' } },
        { valueQuantity: { value: 82 } },
      ],
    });
    const encounterRef = (bp.json.encounter as { reference: string }).reference;
    expect(encounterRef).toMatch(/^Encounter\//);

    const allergy = await post(provider.headers, 'allergy-intolerances', {
      AppointmentId: appointment,
      Code: '764146007',
      Criticality: 'high',
      Reaction: 'Hives',
    });
    expect(allergy.statusCode).toBe(201);
    expect(allergy.json).toMatchObject({
      resourceType: 'AllergyIntolerance',
      category: ['medication'],
      code: { coding: [{ system: 'http://snomed.info/sct', code: '764146007' }] },
    });
    // The same visit keeps one encounter.
    expect(allergy.json.encounter).toEqual({ reference: encounterRef });

    const med = await post(provider.headers, 'medication-statements', {
      AppointmentId: appointment,
      Code: '197361',
      Dosage: 'One tablet daily',
    });
    expect(med.statusCode).toBe(201);
    expect(med.json).toMatchObject({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm' }] },
    });

    const own = bearer(patient.token);
    expect((await list(own, 'observations')).json.Data.map((o) => o.id)).toEqual([bp.json.id]);
    expect((await list(own, 'allergy-intolerances')).json.Total).toBe(1);
    const meds = await t.call<ClinicalList>({
      method: 'GET',
      url: `${CLINICAL}/web/patient-medication/${patient.id}`,
      headers: own,
    });
    expect(meds.json.Data[0]).toMatchObject({ id: med.json.id });

    const encounters = await t.call<ClinicalList>({
      method: 'GET',
      url: ENCOUNTERS(patient.id),
      headers: own,
    });
    expect(encounters.json.Data).toHaveLength(1);
    expect(encounters.json.Data[0]).toMatchObject({
      resourceType: 'Encounter',
      class: { code: 'AMB' },
      appointment: [{ reference: `Appointment/${appointment}` }],
    });
    const encounterId = encounterRef.split('/')[1];
    const ofVisit = await t.call<ClinicalList>({
      method: 'GET',
      url: `${CLINICAL}/clinical/observations/encounters/${encounterId}`,
      headers: provider.headers,
    });
    expect(ofVisit.json.Total).toBe(1);

    // Every read is audited by the policy, naming the patient.
    const audit = await t.database.query<{ outcome: string }>(
      `select outcome from audit_events where patient_id = $1 and entity_type = 'Observation'`,
      [patient.id],
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('keeps another practice out: no relation answers 404, a relation still shows only its own entries', async () => {
    const denied = await list(otherProvider.headers, 'allergy-intolerances');
    expect(denied.statusCode).toBe(404);
    expect((await post(otherProvider.headers, 'allergy-intolerances', { Text: 'Dust' })).statusCode).toBe(
      404,
    );

    // The patient books the other practice too: it now cares for them, yet sees none of the first's entries.
    await bookTestAppointment(t, other, patient, openTimeAhead(t, other, 3));
    const related = await list(otherProvider.headers, 'allergy-intolerances');
    expect(related.statusCode).toBe(200);
    expect(related.json.Total).toBe(0);

    const [row] = (await list(provider.headers, 'observations')).json.Data;
    const encounterId = (row!.encounter as { reference: string }).reference.split('/')[1];
    const foreign = await t.call({
      method: 'GET',
      url: `${CLINICAL}/clinical/observations/encounters/${encounterId}`,
      headers: otherProvider.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets the patient add what they know, shared with the practices caring for them', async () => {
    const added = await post(bearer(patient.token), 'immunizations', {
      Code: '208',
      OccurrenceDate: '2021-04-01',
      LotNumber: 'EW0182',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json).toMatchObject({
      resourceType: 'Immunization',
      vaccineCode: { coding: [{ code: '208' }] },
    });
    const seen = await list(provider.headers, 'immunizations');
    expect(seen.json.Data.map((r) => r.id)).toContain(added.json.id);
  });

  it('changes a status only for who recorded the entry', async () => {
    const [allergy] = (await list(provider.headers, 'allergy-intolerances')).json.Data;
    const url = `${CLINICAL}/clinical/patients/${patient.id}/allergy-intolerances/${allergy!.id}`;
    const byOther = await t.call({
      method: 'PATCH',
      url,
      headers: otherProvider.headers,
      payload: { Status: 'resolved' },
    });
    expect(byOther.statusCode).toBe(404);
    const byPatient = await t.call({
      method: 'PATCH',
      url,
      headers: bearer(patient.token),
      payload: { Status: 'resolved' },
    });
    expect(byPatient.statusCode).toBe(404);
    const resolved = await t.call<FhirResource>({
      method: 'PATCH',
      url,
      headers: provider.headers,
      payload: { Status: 'resolved' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json).toMatchObject({
      clinicalStatus: { coding: [{ code: 'resolved' }] },
      meta: { versionId: '2' },
    });
  });

  it('refuses bad input with the field and rule named', async () => {
    const outOfRange = await post(provider.headers, 'observations', { Code: '8867-4', Value: 900 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.body).toContain('Value');
    const noCode = await post(provider.headers, 'allergy-intolerances', {});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('Code');
    const unknownVaccine = await post(provider.headers, 'immunizations', {
      Code: '999',
      OccurrenceDate: '2021-01-01',
    });
    expect(unknownVaccine.statusCode).toBe(400);
    const bp = await post(provider.headers, 'observations', { Code: '85354-9', Value: 120 });
    expect(bp.statusCode).toBe(400);
    expect(bp.body).toContain('Value2');
  });
});
