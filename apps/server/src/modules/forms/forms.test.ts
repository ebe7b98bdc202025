import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  type CustomForm,
  type CustomFormResponse,
  type PreBookingResponse,
  type StoredFileRef,
} from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS } from '../../seed';
import { insertForm } from './store';

const FORMS = '/careslot-custom-form/api/v1';
const PREBOOKING = '/careslot-appointment-service/api/v1/WebPreBookingResponse';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string; message: string }[];
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('custom forms: association, eligibility, responses', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  let practice: string;
  let location: string;
  let provider: string;
  let otherProvider: string;
  const ids = {
    kneeOnly: '6f1f0c50-0000-4000-8000-000000000001',
    otherProvider: '6f1f0c50-0000-4000-8000-000000000002',
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
    practice = DEMO_PRACTICE_IDS[2];
    const rows = await t.database.query<{ location_id: string; practitioner_id: string }>(
      `select s.location_id, s.practitioner_id from schedules s join locations l on l.id = s.location_id
        where l.organization_id = $1 and s.practitioner_id is not null order by s.id`,
      [practice],
    );
    location = rows[0]!.location_id;
    provider = rows[0]!.practitioner_id;
    otherProvider =
      rows.find((r) => r.practitioner_id !== provider)?.practitioner_id ??
      '6f1f0c50-0000-4000-8000-0000000000ff';
    // A form for one reason only, and one for another provider: neither is the practice's 'all reasons' form.
    await insertForm(t.database, {
      id: ids.kneeOnly,
      organizationId: practice,
      name: 'Knee questions',
      description: null,
      formType: 'Screening Form',
      definition: {
        Sections: [
          {
            Key: 's',
            Title: 'Knee',
            Components: [
              {
                Key: 'side',
                Type: 'choice',
                Label: 'Which knee?',
                Required: true,
                Options: [
                  { Value: 'left', Label: 'Left' },
                  { Value: 'right', Label: 'Right' },
                ],
              },
            ],
          },
        ],
      },
      serviceTypes: [{ Id: 'knee-visit', Name: 'Knee pain' }],
      sortOrder: 5,
    });
    await insertForm(t.database, {
      id: ids.otherProvider,
      organizationId: practice,
      name: 'Other provider only',
      description: null,
      formType: 'Screening Form',
      definition: {
        Sections: [{ Key: 's', Title: 'x', Components: [{ Key: 'q', Type: 'text', Label: 'Q' }] }],
      },
      practitionerIds: [otherProvider],
      serviceTypes: [{ Id: '-1', Name: 'All Reasons' }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const associate = (
    path: 'associateforms' | 'eligibleForms',
    body: Record<string, unknown>,
    formType = 'Screening Form',
  ) =>
    t.call<CustomForm[]>({
      method: 'POST',
      url: `${FORMS}/customform/${path}?formType=${encodeURIComponent(formType)}`,
      payload: body,
    });

  it('associates the practice forms of the type with the booking (facility, provider), the seeded screening form first', async () => {
    const answer = await associate('associateforms', {
      OrganizationId: practice,
      LocationId: location,
      ProviderId: provider,
      ReasonId: 'knee-visit',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json.map((f) => f.Name)).toEqual(['Health screening', 'Knee questions']);
    expect(answer.json[0]!.AssociatedServiceTypes).toEqual([{ Id: '-1', Name: 'All Reasons' }]);
    expect(answer.json[0]!.Definition.Sections[0]!.Components.map((c) => c.Type)).toContain('yes-no');
    const intake = await associate(
      'associateforms',
      { OrganizationId: practice, ProviderId: provider },
      'Intake Form',
    );
    expect(intake.json.map((f) => f.Name)).toEqual(['New patient intake']);
  });

  it('keeps every form when the first applies to all reasons, and filters by reason otherwise (4.3 step 7)', async () => {
    const all = await associate('eligibleForms', {
      OrganizationId: practice,
      ProviderId: provider,
      ReasonId: 'other-reason',
    });
    expect(all.json.map((f) => f.Name)).toEqual(['Health screening', 'Knee questions']);
    // Without the 'all reasons' form first, a form for another reason is left out.
    await t.database.query(
      'update custom_forms set active = false where organization_id = $1 and name = $2',
      [practice, 'Health screening'],
    );
    try {
      const other = await associate('eligibleForms', {
        OrganizationId: practice,
        ProviderId: provider,
        ReasonId: 'other-reason',
      });
      expect(other.json).toEqual([]);
      const knee = await associate('eligibleForms', {
        OrganizationId: practice,
        ProviderId: provider,
        ReasonId: 'knee-visit',
      });
      expect(knee.json.map((f) => f.Name)).toEqual(['Knee questions']);
      const anyReason = await associate('eligibleForms', {
        OrganizationId: practice,
        ProviderId: provider,
        ReasonId: -1,
      });
      expect(anyReason.json.map((f) => f.Name)).toEqual(['Knee questions']);
    } finally {
      await t.database.query(
        'update custom_forms set active = true where organization_id = $1 and name = $2',
        [practice, 'Health screening'],
      );
    }
  });

  it('refuses an association query without a practice or facility, and an unknown form type, naming the field', async () => {
    const none = await associate('associateforms', { ProviderId: provider });
    expect(none.statusCode).toBe(400);
    expect(none.json as unknown as Answer<null>).toMatchObject({
      errors: [{ field: 'OrganizationId', rule: 'required' }],
    });
    const badType = await associate('associateforms', { OrganizationId: practice }, 'Quiz');
    expect(badType.statusCode).toBe(400);
    expect((badType.json as unknown as Answer<null>).errors?.[0]?.field).toBe('querystring.formType');
  });

  async function screeningFormId(): Promise<string> {
    return (await associate('associateforms', { OrganizationId: practice, ProviderId: provider })).json[0]!
      .Id;
  }

  it('saves a screening answer as WebPreBookingResponse, reads it back, and keeps only the visible answers', async () => {
    const formId = await screeningFormId();
    const saved = await t.call<Answer<PreBookingResponse>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(a.token),
      payload: {
        CustomFormId: formId,
        CustomFormResponse: {
          fever_or_cough: false,
          symptoms_started: '2026-11-01',
          visit_kind: 'new',
          signature: 'Avery Tester',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data.PatientId).toBe(a.id);
    // symptoms_started shows only after a 'yes': its stale answer is not kept.
    expect(saved.json.data.CustomFormResponse).toEqual({
      fever_or_cough: false,
      visit_kind: 'new',
      signature: 'Avery Tester',
    });
    const read = await t.call<Answer<PreBookingResponse>>({
      method: 'GET',
      url: `${PREBOOKING}/${saved.json.data.Id}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.CustomFormResponse).toEqual(saved.json.data.CustomFormResponse);
  });

  it('refuses answers that miss a required visible question, name unknown questions or pick unknown options', async () => {
    const formId = await screeningFormId();
    const missing = await t.call<Answer<null>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(a.token),
      payload: {
        CustomFormId: formId,
        CustomFormResponse: { fever_or_cough: true, visit_kind: 'new', signature: 'A' },
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors?.map((e) => [e.field, e.rule])).toEqual([
      ['CustomFormResponse.symptoms_started', 'required'],
      ['CustomFormResponse.symptom_list', 'required'],
    ]);
    expect(missing.json.errors?.[0]?.message).toBe('When did the symptoms start?: an answer is required');
    const unknown = await t.call<Answer<null>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(a.token),
      payload: { CustomFormId: formId, CustomFormResponse: { shoe_size: '9' } },
    });
    expect(unknown.json.errors?.[0]).toMatchObject({
      field: 'CustomFormResponse.shoe_size',
      rule: 'unknown',
    });
    const option = await t.call<Answer<null>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(a.token),
      payload: {
        CustomFormId: formId,
        CustomFormResponse: { fever_or_cough: false, visit_kind: 'surgery', signature: 'A' },
      },
    });
    expect(option.json.errors?.[0]).toMatchObject({ field: 'CustomFormResponse.visit_kind', rule: 'option' });
  });

  it("answers 404 for another patient's responses and for answering on another patient's behalf", async () => {
    const formId = await screeningFormId();
    const answers = { fever_or_cough: false, visit_kind: 'checkup', signature: 'Avery Tester' };
    const pre = await t.call<Answer<PreBookingResponse>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(a.token),
      payload: { CustomFormId: formId, CustomFormResponse: answers },
    });
    const otherRead = await t.call<Answer<null>>({
      method: 'GET',
      url: `${PREBOOKING}/${pre.json.data.Id}`,
      headers: bearer(b.token),
    });
    expect(otherRead.statusCode).toBe(404);
    expect(otherRead.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    const onBehalf = await t.call<Answer<null>>({
      method: 'POST',
      url: PREBOOKING,
      headers: bearer(b.token),
      payload: { CustomFormId: formId, CustomFormResponse: answers, PatientId: a.id },
    });
    expect(onBehalf.statusCode).toBe(404);

    const response = await t.call<Answer<CustomFormResponse>>({
      method: 'POST',
      url: `${FORMS}/customformresponse`,
      headers: bearer(a.token),
      payload: { CustomFormId: formId, UserId: a.id, Components: answers, WorkFlow: 'Online_Booking_Web' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      UserId: a.id,
      Components: answers,
      WorkFlow: 'Online_Booking_Web',
    });
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${FORMS}/customformresponse/${response.json.data.Id}`,
          headers: bearer(a.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${FORMS}/customformresponse/${response.json.data.Id}`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(404);
    const forOther = await t.call({
      method: 'POST',
      url: `${FORMS}/customformresponse`,
      headers: bearer(b.token),
      payload: { CustomFormId: formId, UserId: a.id, Components: answers },
    });
    expect(forOther.statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: PREBOOKING,
          payload: { CustomFormId: formId, CustomFormResponse: answers },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("takes a file answer only when it is the patient's own upload of an allowed type", async () => {
    const intake = (
      await associate('associateforms', { OrganizationId: practice, ProviderId: provider }, 'Intake Form')
    ).json[0]!;
    const upload = (who: TestPatient, patientId: string, body: Record<string, unknown>) =>
      t.call<Answer<StoredFileRef>>({
        method: 'POST',
        url: `${FORMS}/customformresponse/files`,
        headers: bearer(who.token),
        payload: { PatientId: patientId, ...body },
      });
    const file = await upload(a, a.id, {
      Name: 'referral.png',
      ContentType: 'image/png',
      Data: PNG.toString('base64'),
    });
    expect(file.statusCode).toBe(200);
    expect(file.json.data).toMatchObject({
      Name: 'referral.png',
      ContentType: 'image/png',
      Size: PNG.length,
    });
    const lying = await upload(a, a.id, {
      Name: 'x.png',
      ContentType: 'image/png',
      Data: Buffer.from('MZ not an image').toString('base64'),
    });
    expect(lying.json.errors?.[0]).toMatchObject({ field: 'Data', rule: 'file_type' });
    const exe = await upload(a, a.id, {
      Name: 'x.exe',
      ContentType: 'application/x-msdownload',
      Data: PNG.toString('base64'),
    });
    expect(exe.json.errors?.[0]).toMatchObject({ field: 'ContentType', rule: 'file_type' });
    expect(
      (await upload(b, a.id, { Name: 'r.png', ContentType: 'image/png', Data: PNG.toString('base64') }))
        .statusCode,
    ).toBe(404);

    const answers = { pain_level: 4, allergies: false, referral: file.json.data };
    const saved = await t.call<Answer<CustomFormResponse>>({
      method: 'POST',
      url: `${FORMS}/customformresponse`,
      headers: bearer(a.token),
      payload: { CustomFormId: intake.Id, UserId: a.id, Components: answers },
    });
    expect(saved.statusCode).toBe(200);
    const bFile = await upload(b, b.id, {
      Name: 'b.png',
      ContentType: 'image/png',
      Data: PNG.toString('base64'),
    });
    const stolen = await t.call<Answer<null>>({
      method: 'POST',
      url: `${FORMS}/customformresponse`,
      headers: bearer(a.token),
      payload: {
        CustomFormId: intake.Id,
        UserId: a.id,
        Components: { ...answers, referral: bFile.json.data },
      },
    });
    expect(stolen.json.errors?.[0]).toMatchObject({ field: 'Components', rule: 'file' });
    const tooHigh = await t.call<Answer<null>>({
      method: 'POST',
      url: `${FORMS}/customformresponse`,
      headers: bearer(a.token),
      payload: { CustomFormId: intake.Id, UserId: a.id, Components: { pain_level: 11, allergies: false } },
    });
    expect(tooHigh.json.errors?.[0]).toMatchObject({ field: 'Components.pain_level', rule: 'max' });
    const read = await t.app.inject({
      method: 'GET',
      url: `${FORMS}/customformresponse/files/${file.json.data.FileId}`,
      headers: bearer(a.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(Buffer.from(read.rawPayload).equals(PNG)).toBe(true);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${FORMS}/customformresponse/files/${file.json.data.FileId}`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});
