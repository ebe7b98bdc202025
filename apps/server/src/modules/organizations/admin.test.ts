import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CareTeam,
  EntityInsurances,
  HealthcareService,
  HealthcareServiceSettings,
  InsuranceMapping,
  Location,
  Organization,
  OrganizationSettings,
  PatientPortalSettings,
  PracticeClinicalSettings,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
const LIBRARY = '/careslot-resource-library/api/v1';
const GATEWAY = '/careslot-gateway';
const [PRACTICE_1, PRACTICE_2] = DEMO_PRACTICE_IDS;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
type Envelope<T> = { status_code: number; message: string; data: T };
type List<T> = { Data: T[]; Total: number };
type ErrorBody = { status_code: number; errors?: { field: string; rule: string; message: string }[] };

const goodLocation = (organizationId: string) => ({
  Name: 'Lakeside Clinic',
  OrganizationId: organizationId,
  TimeZone: 'America/Chicago',
  Address: {
    Address1: '233 S Wacker Dr',
    Address2: 'Suite 400',
    City: 'Chicago',
    State: 'IL',
    ZipCode: '60606',
  },
  Phone: '(312) 555-0142',
  Emails: ['front.desk@lakeside.example.com'],
  CheckInEnabled: true,
});

describe('practice administration', () => {
  let t: TestApp;
  let admin1: Record<string, string>;
  let admin2: Record<string, string>;
  let staff1: Record<string, string>;
  let patient: Record<string, string>;
  let superUser: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const a = demoPerson('admin');
    admin1 = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: a.id,
        PracticeId: PRACTICE_1,
        email: a.email,
      }),
    );
    const b = demoPerson('provider-admin');
    admin2 = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['provider', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: b.id,
        PracticeId: PRACTICE_2,
        email: b.email,
      }),
    );
    const s = demoPerson('staff');
    staff1 = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: s.id,
        PracticeId: PRACTICE_1,
        email: s.email,
      }),
    );
    const p = demoPerson('patient');
    patient = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['patient'],
        user_type: 'Patient',
        careslot_id: p.id,
        email: p.email,
      }),
    );
    superUser = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['superuser'],
        user_type: 'SuperUser',
        careslot_id: 'su-1',
        email: 'su@example.com',
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const audits = (entityType: string, entityId: string) =>
    t.database.query<{ action: string; outcome: string; workflow: string | null }>(
      'select action, outcome, workflow from audit_events where entity_type = $1 and entity_id = $2 order by id',
      [entityType, entityId],
    );
  const changedEvents = (organizationId: string) =>
    t.database.query<{ payload: { reason: string; practitionerIds: string[] | null } | string }>(
      "select payload from domain_events where type = 'directory.changed' and aggregate_type = 'organization' and aggregate_id = $1 order by version",
      [organizationId],
    );

  describe('organization', () => {
    it('lets a practice admin rename the practice, audited as Organization_Update_Web, and tells search', async () => {
      const before = (await changedEvents(PRACTICE_1)).length;
      const res = await t.call<Envelope<Organization>>({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}`,
        headers: admin1,
        payload: {
          Name: 'Harbor Family Care',
          TimeZone: 'America/New_York',
          Phone: '(617) 555-0100',
          Email: 'hello@harbor.example.com',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toMatchObject({
        Id: PRACTICE_1,
        Name: 'Harbor Family Care',
        Phone: '(617) 555-0100',
        TimeZone: 'America/New_York',
      });
      const read = await t.call<Organization>({ url: `${V2}/organization/${PRACTICE_1}` });
      expect(read.json.Name).toBe('Harbor Family Care');
      expect(await audits('Organization', PRACTICE_1)).toContainEqual({
        action: 'update',
        outcome: 'success',
        workflow: 'Organization_Update_Web',
      });
      const events = await changedEvents(PRACTICE_1);
      expect(events.length).toBe(before + 1);
      const payload = events.at(-1)!.payload;
      expect(typeof payload === 'string' ? JSON.parse(payload) : payload).toEqual({
        organizationId: PRACTICE_1,
        practitionerIds: null,
        reason: 'organization.updated',
      });
    });

    it("answers another practice's admin 404 and audits the refusal; staff get 403", async () => {
      const other = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}`,
        headers: admin2,
        payload: { Name: 'Taken Over', TimeZone: 'America/New_York' },
      });
      expect(other.statusCode).toBe(404);
      expect(await audits('Organization', PRACTICE_1)).toContainEqual({
        action: 'update',
        outcome: 'denied',
        workflow: 'Organization_Update_Web',
      });
      const staff = await t.call({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}`,
        headers: staff1,
        payload: { Name: 'Staff Rename', TimeZone: 'America/New_York' },
      });
      expect(staff.statusCode).toBe(403);
      const anon = await t.call({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}`,
        payload: { Name: 'Nobody', TimeZone: 'America/New_York' },
      });
      expect(anon.statusCode).toBe(401);
      expect((await t.call<Organization>({ url: `${V2}/organization/${PRACTICE_1}` })).json.Name).not.toMatch(
        /Taken Over|Staff Rename|Nobody/,
      );
    });

    it('rejects a name over 75 characters and an unknown time zone, naming the field', async () => {
      const res = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}`,
        headers: admin1,
        payload: { Name: 'x'.repeat(76), TimeZone: 'Mars/Olympus' },
      });
      expect(res.statusCode).toBe(400);
      const fields = res.json.errors!.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['body.Name', 'body.TimeZone']));
    });

    it('finds a practice by name ignoring case, and says 204 when none has it', async () => {
      const found = await t.call<Envelope<{ Id: string; Name: string } | null>>({
        url: `${V2}/organization/name?name=${encodeURIComponent('harbor family care')}`,
      });
      expect(found.json).toMatchObject({ status_code: 200, data: { Id: PRACTICE_1 } });
      const none = await t.call<Envelope<null>>({ url: `${V2}/organization/name?name=No%20Such%20Practice` });
      expect(none.json).toEqual({ status_code: 204, message: 'No record found', data: null });
    });

    it('stores a logo, serves it publicly, and removes it', async () => {
      const up = await t.call<Envelope<Organization>>({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}/logo`,
        headers: admin1,
        payload: { Name: 'logo.png', ContentType: 'image/png', Data: PNG.toString('base64') },
      });
      expect(up.statusCode).toBe(200);
      expect(up.json.data.Logo).toMatch(
        new RegExp(`^${V2}/organization/${PRACTICE_1}/logo\\?v=[0-9a-f]{12}$`),
      );
      const image = await t.app.inject({ url: up.json.data.Logo! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
      const lie = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/organization/${PRACTICE_1}/banner`,
        headers: admin1,
        payload: { Name: 'b.jpg', ContentType: 'image/jpeg', Data: PNG.toString('base64') },
      });
      expect(lie.statusCode).toBe(400);
      expect(lie.json.errors![0]).toMatchObject({ field: 'Data', rule: 'file_type' });
      const del = await t.call<Envelope<Organization>>({
        method: 'DELETE',
        url: `${V2}/organization/${PRACTICE_1}/logo`,
        headers: admin1,
      });
      expect(del.json.data.Logo).toBeNull();
      expect((await t.app.inject({ url: `${V2}/organization/${PRACTICE_1}/logo` })).statusCode).toBe(404);
    });
  });

  describe('organization settings', () => {
    it('reads defaults until saved, then replaces, patches and refuses a second add', async () => {
      const first = await t.call<Envelope<OrganizationSettings>>({
        url: `${V1}/organizationsettings/${PRACTICE_2}`,
        headers: admin2,
      });
      expect(first.json.data).toMatchObject({
        Id: PRACTICE_2,
        Saved: false,
        DefaultLanguage: 'en',
        SendAppointmentDetailsInPatientCommunication: true,
        HideReasonInNotifications: false,
      });
      const body = {
        OrganizationId: PRACTICE_2,
        ContactEmail: 'office@example.com',
        ContactPhone: '(206) 555-0110',
        TimeZone: 'America/Los_Angeles',
        DefaultLanguage: 'es',
        SendAppointmentDetailsInPatientCommunication: false,
        HideReasonInNotifications: true,
      };
      const put = await t.call<Envelope<OrganizationSettings>>({
        method: 'PUT',
        url: `${V1}/organizationsettings/${PRACTICE_2}`,
        headers: admin2,
        payload: body,
      });
      expect(put.json.data).toMatchObject({ ...body, Saved: true });
      const patch = await t.call<Envelope<OrganizationSettings>>({
        method: 'PATCH',
        url: `${V1}/organizationsettings/${PRACTICE_2}`,
        headers: admin2,
        payload: { DefaultLanguage: 'ko' },
      });
      expect(patch.json.data).toMatchObject({
        DefaultLanguage: 'ko',
        HideReasonInNotifications: true,
        ContactEmail: 'office@example.com',
      });
      const again = await t.call({
        method: 'POST',
        url: `${V1}/organizationsettings`,
        headers: admin2,
        payload: body,
      });
      expect(again.statusCode).toBe(409);
      const viaGateway = await t.call<Envelope<OrganizationSettings>>({
        url: `${GATEWAY}/organization/organization-settings/${PRACTICE_2}`,
        headers: admin2,
      });
      expect(viaGateway.json.data.DefaultLanguage).toBe('ko');
      expect(await audits('OrganizationSettings', PRACTICE_2)).toContainEqual({
        action: 'update',
        outcome: 'success',
        workflow: 'Organization_Settings_Edit_Web',
      });
    });

    it("hides a practice's settings from other practices and patients", async () => {
      expect(
        (await t.call({ url: `${V1}/organizationsettings/${PRACTICE_2}`, headers: admin1 })).statusCode,
      ).toBe(404);
      expect(
        (await t.call({ url: `${V1}/organizationsettings/${PRACTICE_2}`, headers: patient })).statusCode,
      ).toBe(404);
      const upsert = await t.call({
        method: 'POST',
        url: `${V1}/organizationsettings/upsert`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_2, TimeZone: 'America/New_York' },
      });
      expect(upsert.statusCode).toBe(404);
      const bad = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V1}/organizationsettings/${PRACTICE_1}`,
        headers: admin1,
        payload: {
          OrganizationId: PRACTICE_1,
          TimeZone: 'America/New_York',
          ContactEmail: 'not-an-email',
          DefaultLanguage: 'fr',
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json.errors!.map((e) => e.field)).toEqual(
        expect.arrayContaining(['body.ContactEmail', 'body.DefaultLanguage']),
      );
    });
  });

  describe('clinical and patient-portal settings', () => {
    it('keeps one clinical-settings record per practice', async () => {
      const get = await t.call<List<PracticeClinicalSettings>>({
        method: 'POST',
        url: `${V1}/practiceclinicalsettings/get`,
        headers: staff1,
        payload: { OrganizationId: PRACTICE_1 },
      });
      expect(get.json.Data).toEqual([expect.objectContaining({ Id: PRACTICE_1, Saved: false })]);
      const add = await t.call<Envelope<PracticeClinicalSettings>>({
        method: 'POST',
        url: `${V1}/practiceclinicalsettings`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_1, Sections: ['Vitals', 'Allergies'], RequireSummaryNote: true },
      });
      expect(add.json.data).toMatchObject({
        Sections: ['Vitals', 'Allergies'],
        RequireSummaryNote: true,
        Saved: true,
      });
      expect(
        (
          await t.call({
            method: 'POST',
            url: `${V1}/practiceclinicalsettings`,
            headers: admin1,
            payload: { OrganizationId: PRACTICE_1 },
          })
        ).statusCode,
      ).toBe(409);
      const put = await t.call<Envelope<PracticeClinicalSettings>>({
        method: 'PUT',
        url: `${V1}/practiceclinicalsettings/${PRACTICE_1}`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_1, Sections: ['Medications'] },
      });
      expect(put.json.data.Sections).toEqual(['Medications']);
      const bad = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V1}/practiceclinicalsettings/${PRACTICE_1}`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_1, Sections: ['Astrology'] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json.errors![0]!.field).toBe('body.Sections.0');
    });

    it('saves the patient-portal settings with their limits', async () => {
      const search = await t.call<List<PatientPortalSettings>>({
        method: 'POST',
        url: `${V1}/PatientPortalSettings/advance-search`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_1 },
      });
      expect(search.json.Data[0]).toMatchObject({ Saved: false, CancellationCutoffHours: 24 });
      const tooLong = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V1}/PatientPortalSettings/${PRACTICE_1}`,
        headers: admin1,
        payload: { OrganizationId: PRACTICE_1, CancellationCutoffHours: 200 },
      });
      expect(tooLong.json.errors![0]).toMatchObject({ field: 'body.CancellationCutoffHours' });
      const put = await t.call<Envelope<PatientPortalSettings>>({
        method: 'PUT',
        url: `${V1}/PatientPortalSettings/${PRACTICE_1}`,
        headers: admin1,
        payload: {
          OrganizationId: PRACTICE_1,
          AllowOnlineReschedule: false,
          CancellationCutoffHours: 48,
          WelcomeMessage: 'Welcome to Harbor',
        },
      });
      expect(put.json.data).toMatchObject({
        AllowOnlineReschedule: false,
        CancellationCutoffHours: 48,
        WelcomeMessage: 'Welcome to Harbor',
        Saved: true,
      });
      const read = await t.call<Envelope<PatientPortalSettings>>({
        url: `${V1}/PatientPortalSettings/${PRACTICE_1}`,
        headers: staff1,
      });
      expect(read.json.data.CancellationCutoffHours).toBe(48);
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${V1}/PatientPortalSettings/${PRACTICE_1}`,
            headers: staff1,
            payload: { OrganizationId: PRACTICE_1 },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('audits each record with its own workflow, refuses a second add and an id that is not the practice', async () => {
      const records = [
        {
          url: `${V1}/practiceclinicalsettings`,
          entityType: 'PracticeClinicalSettings',
          workflow: 'Practice_Clinical_Settings_Edit_Web',
          body: { OrganizationId: PRACTICE_2, Sections: ['Vitals', 'Vitals'] },
          saved: {
            Id: PRACTICE_2,
            OrganizationId: PRACTICE_2,
            Sections: ['Vitals'],
            RequireSummaryNote: false,
          },
          conflict: 'The practice already has clinical settings; change them with PUT.',
        },
        {
          url: `${V1}/PatientPortalSettings`,
          entityType: 'PatientPortalSettings',
          workflow: 'Patient_Portal_Settings_Edit_Web',
          body: { OrganizationId: PRACTICE_2, ShowBalance: false },
          saved: {
            Id: PRACTICE_2,
            OrganizationId: PRACTICE_2,
            PortalEnabled: true,
            AllowOnlineCancellation: true,
            AllowOnlineReschedule: true,
            CancellationCutoffHours: 24,
            ShowBalance: false,
            AllowFamilyMembers: true,
            WelcomeMessage: '',
          },
          conflict: 'The practice already has patient-portal settings; change them with PUT.',
        },
      ];
      for (const record of records) {
        const add = await t.call<Envelope<unknown>>({
          method: 'POST',
          url: record.url,
          headers: admin2,
          payload: record.body,
        });
        expect(add.json).toEqual({
          status_code: 200,
          message: 'success',
          data: { ...record.saved, Saved: true },
        });
        const again = await t.call<ErrorBody & { message: string }>({
          method: 'POST',
          url: record.url,
          headers: admin2,
          payload: record.body,
        });
        expect(again.statusCode).toBe(409);
        expect(again.json.message).toBe(record.conflict);
        const elsewhere = await t.call<ErrorBody>({
          method: 'PUT',
          url: `${record.url}/${PRACTICE_1}`,
          headers: admin2,
          payload: record.body,
        });
        expect(elsewhere.statusCode).toBe(400);
        expect(elsewhere.json.errors).toEqual([
          { field: 'body.OrganizationId', rule: 'matches_id', message: 'must equal the id in the path' },
        ]);
        const stranger = await t.call({
          method: 'PUT',
          url: `${record.url}/${PRACTICE_2}`,
          headers: admin1,
          payload: record.body,
        });
        expect(stranger.statusCode).toBe(404);
        const rows = await t.database.query<{
          action: string;
          outcome: string;
          workflow: string;
          detail: unknown;
        }>(
          'select action, outcome, workflow, detail from audit_events where entity_type = $1 and entity_id = $2 order by id',
          [record.entityType, PRACTICE_2],
        );
        expect(rows[0]).toEqual({
          action: 'create',
          outcome: 'success',
          workflow: record.workflow,
          detail: { organizationId: PRACTICE_2 },
        });
        expect(rows.at(-1)).toEqual({
          action: 'update',
          outcome: 'denied',
          workflow: record.workflow,
          detail: { organizationId: PRACTICE_2, reason: 'other_practice' },
        });
        // The refused second add left no success row: one create, the first.
        expect(rows.filter((row) => row.action === 'create')).toHaveLength(1);
      }
    });
  });

  describe('locations', () => {
    let locationId: string;

    it('adds a facility whose county and coordinates come from the zip, audited as Location_Add_Web', async () => {
      const res = await t.call<Envelope<Location>>({
        method: 'POST',
        url: `${V2}/location`,
        headers: admin1,
        payload: goodLocation(PRACTICE_1),
      });
      expect(res.statusCode).toBe(200);
      locationId = res.json.data.Id;
      expect(res.json.data).toMatchObject({
        Name: 'Lakeside Clinic',
        OrganizationId: PRACTICE_1,
        TimeZone: 'America/Chicago',
        check_in_enabled: true,
        emails: ['front.desk@lakeside.example.com'],
        Phone: '(312) 555-0142',
      });
      expect(res.json.data.address).toMatchObject({
        address1: '233 S Wacker Dr',
        address2: 'Suite 400',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60606',
      });
      expect(res.json.data.address.county).toMatch(/Cook/);
      expect(res.json.data.address.latitude).toBeCloseTo(41.88, 0);
      const listed = await t.call<List<Location>>({
        method: 'POST',
        url: `${V2}/location/advance-search`,
        payload: { OrganizationId: PRACTICE_1 },
      });
      expect(listed.json.Data.map((l) => l.Id)).toContain(locationId);
      expect(await audits('Location', locationId)).toContainEqual({
        action: 'create',
        outcome: 'success',
        workflow: 'Location_Add_Web',
      });
      const payload = (await changedEvents(PRACTICE_1)).at(-1)!.payload;
      const event = (typeof payload === 'string' ? JSON.parse(payload) : payload) as { reason: string };
      expect(event.reason).toBe('location.added');
    });

    it('rejects the spec limits, naming each field and rule', async () => {
      const body = goodLocation(PRACTICE_1);
      const res = await t.call<ErrorBody>({
        method: 'POST',
        url: `${V2}/location`,
        headers: admin1,
        payload: {
          ...body,
          Name: 'n'.repeat(76),
          Phone: '1'.repeat(15),
          Emails: ['nope'],
          Address: { Address1: 'a'.repeat(51), City: 'Chicago 2', State: 'Illinois', ZipCode: '606061' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.errors!.map((e) => e.field)).toEqual(
        expect.arrayContaining([
          'body.Name',
          'body.Phone',
          'body.Emails.0',
          'body.Address.Address1',
          'body.Address.City',
          'body.Address.State',
          'body.Address.ZipCode',
        ]),
      );
      const unknownZip = await t.call<ErrorBody>({
        method: 'POST',
        url: `${V2}/location`,
        headers: admin1,
        payload: { ...body, Address: { ...body.Address, ZipCode: '00000' } },
      });
      expect(unknownZip.json.errors![0]).toMatchObject({
        field: 'body.Address.ZipCode',
        rule: 'unknown_zip',
      });
      const wrongState = await t.call<ErrorBody>({
        method: 'POST',
        url: `${V2}/location`,
        headers: admin1,
        payload: { ...body, Address: { ...body.Address, State: 'WI' } },
      });
      expect(wrongState.json.errors![0]).toMatchObject({ field: 'body.Address.State', rule: 'matches_zip' });
      const coordinates = await t.call<ErrorBody>({
        method: 'POST',
        url: `${V2}/location`,
        headers: admin1,
        payload: {
          ...body,
          Address: { ...body.Address, Latitude: 41.1234567890123, Longitude: -87.123456789012 },
        },
      });
      expect(coordinates.statusCode).toBe(200);
    });

    it('edits a facility of the practice and refuses one of another practice with 404', async () => {
      const edit = await t.call<Envelope<Location>>({
        method: 'PUT',
        url: `${V2}/location/${locationId}`,
        headers: admin1,
        payload: { ...goodLocation(PRACTICE_1), Name: 'Lakeside Clinic West', CheckInEnabled: false },
      });
      expect(edit.json.data).toMatchObject({ Name: 'Lakeside Clinic West', check_in_enabled: false });
      const stranger = await t.call({
        method: 'PUT',
        url: `${V2}/location/${locationId}`,
        headers: admin2,
        payload: { ...goodLocation(PRACTICE_2), Name: 'Mine Now' },
      });
      expect(stranger.statusCode).toBe(404);
      const move = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/location/${locationId}`,
        headers: admin1,
        payload: goodLocation(PRACTICE_2),
      });
      expect(move.json.errors![0]).toMatchObject({ field: 'body.OrganizationId', rule: 'immutable' });
      expect(await audits('Location', locationId)).toEqual(
        expect.arrayContaining([
          { action: 'update', outcome: 'success', workflow: 'Location_Edit_Web' },
          { action: 'update', outcome: 'denied', workflow: 'Location_Edit_Web' },
        ]),
      );
    });

    it("audits the practice's own users reading a facility (Location_View_Web), not the public", async () => {
      await t.call({ url: `${V2}/location/${locationId}` });
      const viewsBefore = (await audits('Location', locationId)).filter(
        (a) => a.workflow === 'Location_View_Web',
      ).length;
      expect(viewsBefore).toBe(0);
      const read = await t.call<Location>({ url: `${V2}/location/${locationId}`, headers: admin1 });
      expect(read.json.Name).toBe('Lakeside Clinic West');
      expect(await audits('Location', locationId)).toContainEqual({
        action: 'read',
        outcome: 'success',
        workflow: 'Location_View_Web',
      });
    });

    it('replaces the insurances a facility accepts and shows them publicly', async () => {
      const mappings = await t.call<List<InsuranceMapping>>({ url: `${LIBRARY}/insurances/mappings` });
      const plans = mappings.json.Data.slice(0, 2).map((m) => m.PlanId);
      const up = await t.call<Envelope<EntityInsurances>>({
        method: 'POST',
        url: `${LIBRARY}/EntityInsurances/upsert?type=Location&id=${locationId}&identifier=${PRACTICE_1}`,
        headers: admin1,
        payload: { InsurancePlanIds: plans },
      });
      expect(up.statusCode).toBe(200);
      expect(up.json.data.InsurancePlanIds.sort()).toEqual([...plans].sort());
      const get = await t.call<Envelope<EntityInsurances>>({
        method: 'POST',
        url: `${LIBRARY}/EntityInsurances/get`,
        payload: { EntityType: 'Location', EntityId: locationId },
      });
      expect(get.json.data.Insurances.map((i) => i.PlanId).sort()).toEqual([...plans].sort());
      const reference = await t.call<List<{ Plans: { Id: string }[] }>>({
        url: `${LIBRARY}/insurances/reference-entity?type=Location&id=${locationId}`,
      });
      expect(reference.json.Data.flatMap((c) => c.Plans.map((p) => p.Id)).sort()).toEqual([...plans].sort());
      const unknown = await t.call<ErrorBody>({
        method: 'POST',
        url: `${LIBRARY}/EntityInsurances/upsert?type=Location&id=${locationId}`,
        headers: admin1,
        payload: { InsurancePlanIds: ['00000000-0000-4000-8000-000000000000'] },
      });
      expect(unknown.json.errors![0]).toMatchObject({ field: 'body.InsurancePlanIds.0', rule: 'exists' });
      const stranger = await t.call({
        method: 'POST',
        url: `${LIBRARY}/EntityInsurances/upsert?type=Location&id=${locationId}`,
        headers: admin2,
        payload: { InsurancePlanIds: [] },
      });
      expect(stranger.statusCode).toBe(404);
      const wrongPractice = await t.call({
        method: 'POST',
        url: `${LIBRARY}/EntityInsurances/upsert?type=Location&id=${locationId}&identifier=${PRACTICE_2}`,
        headers: superUser,
        payload: { InsurancePlanIds: [] },
      });
      expect(wrongPractice.statusCode).toBe(404);
    });
  });

  describe('resources and care teams', () => {
    it('adds a resource with a photo and settings', async () => {
      const locations = await t.call<List<Location>>({
        method: 'POST',
        url: `${V2}/location/advance-search`,
        payload: { OrganizationId: PRACTICE_1 },
      });
      const add = await t.call<Envelope<HealthcareService>>({
        method: 'POST',
        url: `${V2}/healthcareservice`,
        headers: admin1,
        payload: {
          Name: 'Ultrasound Room',
          OrganizationId: PRACTICE_1,
          Category: 'Imaging',
          LocationIds: [locations.json.Data[0]!.Id],
        },
      });
      expect(add.statusCode).toBe(200);
      const id = add.json.data.Id;
      const photo = await t.call<Envelope<HealthcareService>>({
        method: 'PUT',
        url: `${V2}/healthcareservice/${id}/profile-picture`,
        headers: admin1,
        payload: { Name: 'room.png', ContentType: 'image/png', Data: PNG.toString('base64') },
      });
      expect(photo.json.data.Photo.Url).toMatch(/profile-picture\?v=/);
      expect((await t.app.inject({ url: photo.json.data.Photo.Url! })).statusCode).toBe(200);
      const settings = await t.call<Envelope<HealthcareServiceSettings>>({
        method: 'PUT',
        url: `${GATEWAY}/healthcareservice/settings/update`,
        headers: admin1,
        payload: {
          HealthcareServiceId: id,
          OnlineBookingEnabled: false,
          PatientSurveyInstructions: 'Tell us about the room.',
        },
      });
      expect(settings.json.data).toMatchObject({ OnlineBookingEnabled: false, Saved: true });
      const read = await t.call<Envelope<HealthcareServiceSettings>>({
        method: 'POST',
        url: `${GATEWAY}/healthcareservice/settings`,
        headers: staff1,
        payload: { HealthcareServiceId: id },
      });
      expect(read.json.data.PatientSurveyInstructions).toBe('Tell us about the room.');
      const otherLocation = await t.call<List<Location>>({
        method: 'POST',
        url: `${V2}/location/advance-search`,
        payload: { OrganizationId: PRACTICE_2 },
      });
      const wrong = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/healthcareservice/${id}`,
        headers: admin1,
        payload: {
          Name: 'Ultrasound',
          OrganizationId: PRACTICE_1,
          LocationIds: [otherLocation.json.Data[0]!.Id],
        },
      });
      expect(wrong.json.errors![0]).toMatchObject({ field: 'body.LocationIds.0', rule: 'exists' });
      const removed = await t.call<Envelope<HealthcareService>>({
        method: 'DELETE',
        url: `${V2}/healthcareservice/${id}/profile-picture`,
        headers: admin1,
      });
      expect(removed.json.data.Photo.Url).toBeNull();
      expect(
        (
          await t.call({
            method: 'DELETE',
            url: `${V2}/healthcareservice/${id}/profile-picture`,
            headers: admin2,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('makes a care team of the practice’s own practitioners only', async () => {
      const provider = demoPerson('provider');
      const otherProvider = demoPerson('provider-admin');
      const add = await t.call<Envelope<CareTeam>>({
        method: 'POST',
        url: `${V2}/careteam`,
        headers: admin1,
        payload: {
          Name: 'Diabetes team',
          OrganizationId: PRACTICE_1,
          Participants: [{ PractitionerId: provider.id, Role: 'Lead' }],
        },
      });
      expect(add.statusCode).toBe(200);
      expect(add.json.data).toMatchObject({
        Name: 'Diabetes team',
        Status: 'active',
        Participants: [{ PractitionerId: provider.id, Role: 'Lead' }],
      });
      const stranger = await t.call<ErrorBody>({
        method: 'PUT',
        url: `${V2}/careteam/${add.json.data.Id}`,
        headers: admin1,
        payload: {
          Name: 'Diabetes team',
          OrganizationId: PRACTICE_1,
          Participants: [{ PractitionerId: otherProvider.id, Role: 'Member' }],
        },
      });
      expect(stranger.json.errors![0]).toMatchObject({
        field: 'body.Participants.0.PractitionerId',
        rule: 'exists',
      });
      const edit = await t.call<Envelope<CareTeam>>({
        method: 'PUT',
        url: `${V2}/careteam/${add.json.data.Id}`,
        headers: admin1,
        payload: { Name: 'Diabetes care', OrganizationId: PRACTICE_1, Status: 'inactive', Participants: [] },
      });
      expect(edit.json.data).toMatchObject({ Name: 'Diabetes care', Status: 'inactive', Participants: [] });
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${V2}/careteam/${add.json.data.Id}`,
            headers: admin2,
            payload: { Name: 'x', OrganizationId: PRACTICE_2 },
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('resource library look-ups', () => {
    it('serves hospitals and the procedures catalog as coded items', async () => {
      const hospitals = await t.call<List<{ Code: string; Display: string }>>({
        url: `${LIBRARY}/hospitals`,
      });
      expect(hospitals.json.Data).toContainEqual(
        expect.objectContaining({ Code: 'MGH', Display: 'Massachusetts General Hospital' }),
      );
      const procedures = await t.call<List<{ Code: string; System: string | null }>>({
        url: `${LIBRARY}/procedurescatalog/all`,
      });
      expect(procedures.json.Data).toContainEqual(
        expect.objectContaining({ Code: '99213', System: 'http://www.ama-assn.org/go/cpt' }),
      );
      for (const path of [
        'ethnicities',
        'races',
        'languages',
        'professional-suffixes',
        'cancellation-reasons',
        'board-certifications',
        'relations',
      ]) {
        const res = await t.call<List<unknown>>({ url: `${LIBRARY}/${path}` });
        expect(res.json.Total, path).toBeGreaterThan(0);
      }
    });
  });
});
