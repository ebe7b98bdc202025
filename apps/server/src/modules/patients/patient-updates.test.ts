import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  HTTP_STATUS_MESSAGES,
  type BookingResult,
  type Coverage,
  type Patient,
  type ScheduleSettings,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS } from '../../seed';
import { addFamilyMember } from './service';

const V2 = '/careslot-administration/api/v2';
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string; message: string }[];
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

const demographics = {
  FirstName: 'Avery',
  LastName: "O'Neil",
  BirthDate: '1988-02-29',
  Gender: 'Female',
  Email: 'avery.oneil@example.com',
  Mobile: '(212) 555-0199',
  Address: {
    Address1: '12 Grove Street',
    Address2: ['Apt 4'],
    City: 'New York',
    State: 'ny',
    ZipCode: '10014-1234',
  },
};

describe('patient demographics and coverages', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
  });
  afterAll(async () => {
    await t.close();
  });

  const audits = (patientId: string, entityType: string) =>
    t.database.query<{ action: string; outcome: string; workflow: string | null; detail: unknown }>(
      'select action, outcome, workflow, detail from audit_events where patient_id = $1 and entity_type = $2 order by id',
      [patientId, entityType],
    );

  it('replaces the demographics with PUT, says so with the spec text, and audits the fields changed (not their values)', async () => {
    const put = await t.call<Answer<Patient>>({
      method: 'PUT',
      url: `${V2}/patient/${a.id}?workflow=Online_Booking_Web`,
      headers: bearer(a.token),
      payload: demographics,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json.message).toBe(ACCOUNT_MESSAGES.patientUpdated);
    expect(put.json.data).toMatchObject({
      BirthDate: '1988-02-29',
      Gender: 'Female',
      Address: { Address1: '12 Grove Street', City: 'New York', State: 'NY', ZipCode: '100141234' },
    });
    expect(put.json.data.Name[0]).toMatchObject({ Given: ['Avery'], Family: "O'Neil" });
    expect(put.json.data.Telecom.find((x) => x.System === 'Mobile')).toMatchObject({ IsVerified: false });
    const trail = await audits(a.id, 'Patient');
    const last = trail.at(-1)!;
    expect(last).toMatchObject({ action: 'update', outcome: 'success', workflow: 'Online_Booking_Web' });
    expect(JSON.stringify(last.detail)).not.toContain('Grove');
    expect(last.detail).toEqual({
      fields: ['FirstName', 'LastName', 'BirthDate', 'Gender', 'Email', 'Mobile', 'Address'],
      relation: 'self',
    });
  });

  it('keeps a verified mobile verified when PATCH repeats the same number, and unverifies a changed one', async () => {
    await t.database.query(
      "update patients set mobile = '+12125550111', mobile_verified = true where id = $1",
      [a.id],
    );
    const same = await t.call<Answer<Patient>>({
      method: 'PATCH',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(a.token),
      payload: { Mobile: '212-555-0111', FirstName: 'Avery' },
    });
    expect(same.json.data.Telecom.find((x) => x.System === 'Mobile')).toMatchObject({ IsVerified: true });
    const changed = await t.call<Answer<Patient>>({
      method: 'PATCH',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(a.token),
      payload: { Mobile: '212-555-0112' },
    });
    expect(changed.json.data.Telecom.find((x) => x.System === 'Mobile')).toMatchObject({ IsVerified: false });
  });

  it('refuses bad demographics naming each field and rule', async () => {
    const bad = await t.call<Answer<null>>({
      method: 'PUT',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(a.token),
      payload: {
        ...demographics,
        FirstName: 'R2D2',
        BirthDate: '1990-02-30',
        Mobile: '555-01',
        Address: { ...demographics.Address, ZipCode: '1234' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.map((e) => e.field).sort()).toEqual([
      'body.Address.ZipCode',
      'body.BirthDate',
      'body.FirstName',
      'body.Mobile',
    ]);
    const empty = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(a.token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 when a patient changes another patient's demographics, and records the refusal", async () => {
    const other = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(b.token),
      payload: { FirstName: 'Mallory' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json.message).toBe(HTTP_STATUS_MESSAGES[404]);
    expect((await audits(a.id, 'Patient')).at(-1)).toMatchObject({ outcome: 'denied' });
    const read = await t.call<Patient>({
      method: 'GET',
      url: `${V2}/patient/${a.id}`,
      headers: bearer(a.token),
    });
    expect(read.json.Name[0]!.Given).toEqual(['Avery']);
  });

  it('sets ManagingOrganization once to an organization that exists (4.5 step 3), audited; patient B gets 404', async () => {
    const fresh = await createTestPatient(t, 'Casey');
    const [org1, org2] = [DEMO_PRACTICE_IDS[0], DEMO_PRACTICE_IDS[1]];
    const byOther = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${fresh.id}`,
      headers: bearer(b.token),
      payload: { ManagingOrganization: org1 },
    });
    expect(byOther.statusCode).toBe(404);
    const unknown = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${fresh.id}`,
      headers: bearer(fresh.token),
      payload: { ManagingOrganization: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.errors?.[0]).toMatchObject({ field: 'ManagingOrganization', rule: 'exists' });
    const notId = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${fresh.id}`,
      headers: bearer(fresh.token),
      payload: { ManagingOrganization: 'clinic' },
    });
    expect(notId.statusCode).toBe(400);
    expect(notId.json.errors?.[0]?.field).toBe('body.ManagingOrganization');

    const set = await t.call<Answer<Patient>>({
      method: 'PATCH',
      url: `${V2}/patient/${fresh.id}?workflow=Online_Booking_Web`,
      headers: bearer(fresh.token),
      payload: { ManagingOrganization: org1 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json.data.ManagingOrganization).toBe(org1);
    expect((await audits(fresh.id, 'Patient')).at(-1)).toMatchObject({
      outcome: 'success',
      workflow: 'Online_Booking_Web',
      detail: { fields: ['ManagingOrganization'] },
    });
    const [row] = await t.database.query<{ managing_organization_id: string }>(
      'select managing_organization_id from patients where id = $1',
      [fresh.id],
    );
    expect(row?.managing_organization_id).toBe(org1);

    // Set once: the same value again is fine, another organization is refused and nothing changes.
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `${V2}/patient/${fresh.id}`,
          headers: bearer(fresh.token),
          payload: { ManagingOrganization: org1 },
        })
      ).statusCode,
    ).toBe(200);
    const other = await t.call<Answer<null>>({
      method: 'PATCH',
      url: `${V2}/patient/${fresh.id}`,
      headers: bearer(fresh.token),
      payload: { ManagingOrganization: org2 },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json.errors?.[0]).toMatchObject({ field: 'ManagingOrganization', rule: 'already_set' });
    const read = await t.call<Patient>({
      method: 'GET',
      url: `${V2}/patient/${fresh.id}`,
      headers: bearer(fresh.token),
    });
    expect(read.json.ManagingOrganization).toBe(org1);
  });

  it('lets the account holder change a family member', async () => {
    const member = await addFamilyMember(t.database, a.id, 'Child', {
      firstName: 'Robin',
      lastName: 'Tester',
      birthDate: '2015-06-01',
    });
    const patched = await t.call<Answer<Patient>>({
      method: 'PATCH',
      url: `${V2}/patient/${member.RelatedPatientId}`,
      headers: bearer(a.token),
      payload: { Gender: 'Male' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json.data.Gender).toBe('Male');
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `${V2}/patient/${member.RelatedPatientId}`,
          headers: bearer(b.token),
          payload: { Gender: 'Male' },
        })
      ).statusCode,
    ).toBe(404);
  });

  const coverageBody = (patientId: string, extra: Record<string, unknown> = {}) => ({
    PatientId: patientId,
    Insurance: { Display: 'Aetna Choice POS II' },
    SubscriberId: 'AET-12345678',
    ...extra,
  });

  it('creates, finds and updates a primary coverage; a new primary cancels the old one', async () => {
    const plan = (
      await t.database.query<{ id: string }>(
        'select id from insurance_plans where active order by code limit 1',
      )
    )[0]!.id;
    const created = await t.call<Answer<Coverage>>({
      method: 'POST',
      url: `${V2}/web/patient-coverage?workflow=Online_Booking_Web`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { InsurancePlanId: plan }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json.data).toMatchObject({
      PatientId: a.id,
      Priority: 'Primary',
      Status: 'Active',
      Name: 'Aetna Choice POS II',
      PolicyNumber: 'AET-12345678',
      Relationship: 'Self',
      Insurance: { Reference: plan },
    });
    const updated = await t.call<Answer<Coverage>>({
      method: 'PUT',
      url: `${V2}/PatientCoverage/${created.json.data.Id}`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { SubscriberId: 'AET-87654321' }),
    });
    expect(updated.json.data.PolicyNumber).toBe('AET-87654321');
    const second = await t.call<Answer<Coverage>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, {
        Insurance: { Display: 'Cigna Open Access Plus' },
        Relationship: 'Spouse',
        Subscriber: { FirstName: 'Sam', LastName: 'Tester', BirthDate: '1985-01-02' },
      }),
    });
    expect(second.json.data.Subscriber.Name.Text).toBe('Sam Tester');
    const search = await t.call<{ Data: Coverage[] }>({
      method: 'POST',
      url: `${V2}/web/patient-coverage/advance-search`,
      headers: bearer(a.token),
      payload: { PatientId: a.id, Status: 'Active' },
    });
    expect(search.json.Data.map((c) => c.Name)).toEqual(['Cigna Open Access Plus']);
    expect((await audits(a.id, 'Coverage')).filter((r) => r.action !== 'read').map((r) => r.action)).toEqual([
      'create',
      'update',
      'create',
    ]);
  });

  it('refuses a coverage without member id, with a bad one, or for a spouse without the policy holder', async () => {
    const missing = await t.call<Answer<null>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { SubscriberId: '' }),
    });
    expect(missing.json.errors?.[0]).toMatchObject({ field: 'body.SubscriberId' });
    const spaces = await t.call<Answer<null>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { SubscriberId: 'AB 12' }),
    });
    expect(spaces.json.errors?.[0]?.message).toContain('letters, digits and dashes');
    const spouse = await t.call<Answer<null>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { Relationship: 'Spouse' }),
    });
    expect(spouse.json.errors?.[0]).toMatchObject({ field: 'Subscriber', rule: 'required' });
    const plan = await t.call<Answer<null>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id, { InsurancePlanId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(plan.json.errors?.[0]).toMatchObject({ field: 'InsurancePlanId', rule: 'exists' });
  });

  it("answers 404 for another patient's coverages: create, update, search, pictures", async () => {
    const mine = await t.call<Answer<Coverage>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id),
    });
    const id = mine.json.data.Id;
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/PatientCoverage`,
          headers: bearer(b.token),
          payload: coverageBody(a.id),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${V2}/PatientCoverage/${id}`,
          headers: bearer(b.token),
          payload: coverageBody(b.id),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/web/patient-coverage/advance-search`,
          headers: bearer(b.token),
          payload: { PatientId: a.id },
        })
      ).statusCode,
    ).toBe(404);
    const moved = await t.call<Answer<null>>({
      method: 'PUT',
      url: `${V2}/PatientCoverage/${id}`,
      headers: bearer(a.token),
      payload: coverageBody(b.id),
    });
    expect(moved.json.errors?.[0]).toMatchObject({ field: 'PatientId', rule: 'immutable' });
    const picture = { Name: 'front.png', ContentType: 'image/png', Data: PNG.toString('base64') };
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/PatientCoverage/${id}/card-pictures?side=Front`,
          headers: bearer(b.token),
          payload: picture,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('stores card pictures per side (images only, checked by content, 5 MB) and serves them to the patient only', async () => {
    const mine = await t.call<Answer<Coverage>>({
      method: 'POST',
      url: `${V2}/PatientCoverage`,
      headers: bearer(a.token),
      payload: coverageBody(a.id),
    });
    const id = mine.json.data.Id;
    const post = (side: string, body: Record<string, unknown>) =>
      t.call<Answer<Coverage>>({
        method: 'POST',
        url: `${V2}/PatientCoverage/${id}/card-pictures?side=${side}&auditTrail=Online_Booking_Web`,
        headers: bearer(a.token),
        payload: body,
      });
    const front = await post('Front', {
      Name: 'front.png',
      ContentType: 'image/png',
      Data: PNG.toString('base64'),
    });
    expect(front.statusCode).toBe(200);
    await post('Back', { Name: 'back.jpg', ContentType: 'image/jpeg', Data: JPEG.toString('base64') });
    const again = await post('Front', {
      Name: 'front2.jpg',
      ContentType: 'image/jpeg',
      Data: JPEG.toString('base64'),
    });
    expect(again.json.data.CardPictures.map((p) => p.Side)).toEqual(['Back', 'Front']);
    const pdf = await post('Front', {
      Name: 'card.pdf',
      ContentType: 'application/pdf',
      Data: Buffer.from('%PDF-1.4').toString('base64'),
    });
    expect(pdf.json.errors?.[0]).toMatchObject({ field: 'ContentType', rule: 'file_type' });
    const renamed = await post('Front', {
      Name: 'card.png',
      ContentType: 'image/png',
      Data: JPEG.toString('base64'),
    });
    expect(renamed.json.errors?.[0]).toMatchObject({ field: 'Data', rule: 'file_type' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await post('Front', {
      Name: 'big.png',
      ContentType: 'image/png',
      Data: big.toString('base64'),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json.errors?.[0]?.message).toContain('5 MB');

    const url = again.json.data.CardPictures.find((p) => p.Side === 'Front')!.Url;
    const image = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(image.rawPayload).equals(JPEG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(b.token) })).statusCode).toBe(404);
    // The replaced front picture is no longer served through the coverage.
    const oldUrl = front.json.data.CardPictures.find((p) => p.Side === 'Front')!.Url;
    expect((await t.app.inject({ method: 'GET', url: oldUrl, headers: bearer(a.token) })).statusCode).toBe(
      404,
    );
  });

  it("serves a schedule's booking settings and the provider's insurances", async () => {
    const [row] = await t.database.query<{ id: string }>(
      'select s.id from schedules s join locations l on l.id = s.location_id where l.organization_id = $1 and s.practitioner_id is not null order by s.id limit 1',
      [DEMO_PRACTICE_IDS[0]],
    );
    const settings = await t.call<ScheduleSettings>({
      method: 'GET',
      url: `/careslot-calendar/api/v2/schedule/${row!.id}/booking-settings`,
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json).toMatchObject({
      ScheduleId: row!.id,
      CollectPatientDemographics: true,
      EnableInsurance: true,
      EnableSelfPay: true,
      supported_regions: ['US'],
    });
    expect(settings.json.Insurances.length).toBeGreaterThan(0);
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/careslot-calendar/api/v2/schedule/00000000-0000-4000-8000-000000000000/booking-settings',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('booking for a family member', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
  });
  afterAll(async () => {
    await t.close();
  });

  async function freeSlot(): Promise<{ scheduleId: string; start: string }> {
    const [schedule] = await t.database.query<{ id: string }>(
      'select s.id from schedules s join locations l on l.id = s.location_id where l.organization_id = $1 and s.practitioner_id is not null order by s.id limit 1',
      [DEMO_PRACTICE_IDS[2]],
    );
    const from = new Date(Date.now() + 2 * 86_400_000);
    const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const slots = await t.call<{ Data: { Start: string }[] }>({
      method: 'POST',
      url: '/careslot-calendar/api/v2/slot/advance-search',
      payload: {
        ScheduleIds: [schedule!.id],
        StartDate: fmt(from),
        EndDate: fmt(new Date(from.getTime() + 7 * 86_400_000)),
      },
    });
    return { scheduleId: schedule!.id, start: slots.json.Data[0]!.Start };
  }

  const book = (who: TestPatient, patientId: string, slot: { scheduleId: string; start: string }) =>
    t.call<BookingResult>({
      method: 'POST',
      url: '/careslot-appointment-service/api/v2/Appointments',
      headers: bearer(who.token),
      payload: {
        CalendarId: slot.scheduleId,
        StartTime: slot.start,
        Participants: [{ Type: 'Patient', ParticipantId: patientId }],
        Reasons: [{ Id: null, Name: 'Check-up' }],
      },
    });

  it('books for the family member named as the Patient participant, and refuses another household', async () => {
    const member = await addFamilyMember(t.database, a.id, 'Child', {
      firstName: 'Robin',
      lastName: 'Tester',
      birthDate: '2015-06-01',
    });
    const slot = await freeSlot();
    const refused = await book(b, member.RelatedPatientId, slot);
    expect(refused.statusCode).toBe(404);
    const booked = await book(a, member.RelatedPatientId, slot);
    expect(booked.statusCode).toBe(200);
    const appointment = await t.call<{ data: { Participants: { Type: string; ParticipantId: string }[] } }>({
      method: 'GET',
      url: `/careslot-appointment-service/api/v2/Appointments/${booked.json.data}`,
      headers: bearer(a.token),
    });
    expect(appointment.json.data.Participants).toEqual([
      { Type: 'Patient', ParticipantId: member.RelatedPatientId },
    ]);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/careslot-appointment-service/api/v2/Appointments/${booked.json.data}`,
          headers: bearer(b.token),
        })
      ).statusCode,
    ).toBe(404);
    // A staff member of another practice cannot book for the child either.
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      organization_id: DEMO_PRACTICE_IDS[1],
    } as never);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/careslot-appointment-service/api/v2/Appointments',
          headers: bearer(staff),
          payload: {
            CalendarId: slot.scheduleId,
            StartTime: slot.start,
            Participants: [{ Type: 'Patient', ParticipantId: member.RelatedPatientId }],
          },
        })
      ).statusCode,
    ).toBe(404);
  });
});
