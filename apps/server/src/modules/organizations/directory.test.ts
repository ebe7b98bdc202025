import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  type CareTeam,
  type Coverage,
  type HealthcareService,
  type Location,
  type Organization,
  type Patient,
  type Practitioner,
  type PractitionerRole,
  type RelatedPerson,
  type WebOrganization,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PEOPLE, DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { seedId } from '../../seed/ids';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
type List<T> = { Data: T[]; Total: number };
type ErrorBody = {
  status_code: number;
  message: string;
  data: null;
  errors?: { field: string; rule: string; message: string }[];
};

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const [PRACTICE_1, PRACTICE_2] = DEMO_PRACTICE_IDS;
const demoPatient = demoPerson('patient');
const demoProvider = demoPerson('provider');
const providerAdmin = demoPerson('provider-admin');
/** Jordan Ellis's family (seed households): spouse Sam and daughter Riley. */
const spouseId = seedId('demo:patient:1:member:1');
const childId = seedId('demo:patient:1:member:2');
/** Marcus Johnson, another patient of practice 1, unrelated to Jordan. */
const otherPracticeOnePatient = seedId('demo:patient:2:holder');

describe('directory: public reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a practitioner by id without any token', async () => {
    const res = await t.call<Practitioner>({ url: `${V2}/practitioner/${demoProvider.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      Id: demoProvider.id,
      Type: 'Practitioner',
      Name: [{ Prefix: ['Dr.'], Given: ['Olivia'], Family: 'Bennett', Suffix: 'MD', Title: 'Dr.' }],
      Gender: 'Female',
      Specialities: [{ Name: 'Internist' }],
      hide_public_profile: false,
      HidePublicProfile: false,
      Photos: [{ Url: '/avatars/provider-f1.svg' }],
    });
    expect(res.json.Npi).toMatch(/^[0-9]{10}$/);
    expect(res.json.AuditTrail.CreatedBySystem).toBe('careslot');
  });

  it('finds a practitioner by identifier, System|Value or bare value', async () => {
    const [identifier] = (await t.call<Practitioner>({ url: `${V2}/practitioner/${demoProvider.id}` })).json
      .Identifier;
    const full = await t.call<Practitioner>({
      url: `${V2}/practitioner?identifier=${encodeURIComponent(`${identifier!.System}|${identifier!.Value}`)}`,
    });
    expect(full.json.Id).toBe(demoProvider.id);
    const bare = await t.call<Practitioner>({ url: `${V2}/practitioner?identifier=${identifier!.Value}` });
    expect(bare.json.Id).toBe(demoProvider.id);
    const unknown = await t.call<ErrorBody>({ url: `${V2}/practitioner?identifier=IdentityProvider|nobody` });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a practitioner id that is not a uuid with 400 naming params.id', async () => {
    const res = await t.call<ErrorBody>({ url: `${V2}/practitioner/not-a-uuid` });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]).toMatchObject({ field: 'params.id' });
  });

  it.each(['practitioner', 'organization', 'location', 'healthcareservice'])(
    'answers an unknown %s id with the 404 envelope',
    async (kind) => {
      const res = await t.call<ErrorBody>({ url: `${V2}/${kind}/${UNKNOWN_ID}` });
      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual({ status_code: 404, message: HTTP_STATUS_MESSAGES[404], data: null });
    },
  );

  it('searches practitioners by practice and role, reporting the total beside the page', async () => {
    const res = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { OrganizationId: PRACTICE_1, UserRoles: ['provider'], Limit: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data).toHaveLength(5);
    expect(res.json.Total).toBe(20);
    const page4 = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { OrganizationId: PRACTICE_1, UserRoles: ['provider'], Limit: 5, Offset: 4 },
    });
    expect(page4.json.Data).toHaveLength(5);
    expect(page4.json.Data.map((p) => p.Id)).not.toContain(res.json.Data[0]!.Id);
  });

  it('searches practitioners by e-mail, family name, NPI and ids', async () => {
    const byEmail = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { Email: 'PROVIDER-ADMIN@demo.careslot.health' },
    });
    expect(byEmail.json.Data.map((p) => p.Id)).toEqual([providerAdmin.id]);
    const byName = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { FamilyName: 'benn', GivenName: 'oliv' },
    });
    expect(byName.json.Data.map((p) => p.Id)).toEqual([demoProvider.id]);
    const npi = byName.json.Data[0]!.Npi!;
    const byNpi = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { Npi: npi },
    });
    expect(byNpi.json.Total).toBe(1);
    const byIds = await t.call<List<Practitioner>>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { Ids: [demoProvider.id, providerAdmin.id] },
    });
    expect(byIds.json.Data.map((p) => p.Id).sort()).toEqual([demoProvider.id, providerAdmin.id].sort());
  });

  it('rejects a search Limit of 10000 with 400 naming body.Limit', async () => {
    const res = await t.call<ErrorBody>({
      method: 'POST',
      url: `${V2}/practitioner/advance-search`,
      payload: { Limit: 10000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.map((e) => e.field)).toEqual(['body.Limit']);
  });

  it('lists every practitioner of a practice, staff and admins included', async () => {
    const res = await t.call<List<Practitioner>>({
      url: `${V2}/practitioner/get-by-organization/${PRACTICE_1}`,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json.Data.map((p) => p.Id);
    expect(ids).toEqual(
      expect.arrayContaining([demoProvider.id, demoPerson('staff').id, demoPerson('admin').id]),
    );
    expect(ids).not.toContain(providerAdmin.id);
    expect(res.json.Total).toBe(22);
  });

  it('returns practitioner roles with their practice and codes', async () => {
    const res = await t.call<List<PractitionerRole>>({
      method: 'POST',
      url: `${V2}/practitionerrole/advance-search`,
      payload: { PractitionerId: providerAdmin.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data).toEqual([
      expect.objectContaining({
        PractitionerId: providerAdmin.id,
        OrganizationId: PRACTICE_2,
        Code: ['provider', 'practiceadmin'],
      }),
    ]);
    expect(res.json.Data[0]!.LocationIds.length).toBeGreaterThan(0);
    const none = await t.call<List<PractitionerRole>>({
      method: 'POST',
      url: `${V2}/practitionerrole/advance-search`,
      payload: { PractitionerId: providerAdmin.id, OrganizationId: PRACTICE_1 },
    });
    expect(none.json).toEqual({ Data: [], Total: 0 });
  });

  it('reads a practice by id and by identifier, and searches practices by name', async () => {
    const res = await t.call<Organization>({ url: `${V2}/organization/${PRACTICE_1}` });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      Id: PRACTICE_1,
      Name: 'Riverside Health Partners',
      has_reputation_enabled: true,
    });
    const identifier = res.json.Identifier[0]!;
    const byIdentifier = await t.call<Organization>({
      url: `${V2}/organization?identifier=${encodeURIComponent(`${identifier.System}|${identifier.Value}`)}`,
    });
    expect(byIdentifier.json.Id).toBe(PRACTICE_1);
    const search = await t.call<List<Organization>>({
      method: 'POST',
      url: `${V2}/organization/advance-search`,
      payload: { Name: 'summit' },
    });
    expect(search.json.Data.map((o) => o.Id)).toEqual([PRACTICE_2]);
    const all = await t.call<List<Organization>>({
      method: 'POST',
      url: `${V2}/organization/advance-search`,
      payload: {},
    });
    expect(all.json.Total).toBe(3);
  });

  it('answers a practice with its facilities, practitioners and resources in one call (v1/web/organizations)', async () => {
    const res = await t.call<WebOrganization>({ url: `${V1}/web/organizations/${PRACTICE_2}` });
    expect(res.statusCode).toBe(200);
    expect(res.json.Organization).toMatchObject({ Id: PRACTICE_2, Name: 'Summit Family Medicine' });
    expect(res.json.Locations.length).toBeGreaterThan(0);
    expect(res.json.Locations.every((l) => l.OrganizationId === PRACTICE_2)).toBe(true);
    expect(res.json.Locations.map((l) => l.Name)).toContain('Summit Arcadia');
    const practitioners = res.json.Practitioners.map((p) => p.Id);
    expect(practitioners).toContain(providerAdmin.id);
    expect(practitioners).not.toContain(demoProvider.id);
    // The same as the public reads answer one by one.
    const one = await t.call<List<Practitioner>>({
      url: `${V2}/practitioner/get-by-organization/${PRACTICE_2}`,
    });
    expect(practitioners.sort()).toEqual(one.json.Data.map((p) => p.Id).sort());
    expect(res.json.HealthcareServices.every((s) => s.OrganizationId === PRACTICE_2)).toBe(true);

    expect((await t.call({ url: `${V1}/web/organizations/${UNKNOWN_ID}` })).statusCode).toBe(404);
    const bad = await t.call<ErrorBody>({ url: `${V1}/web/organizations/not-an-id` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.map((e) => e.field)).toEqual(['params.id']);
  });

  it('reads facilities with their IANA zone, address and coordinates', async () => {
    const search = await t.call<List<Location>>({
      method: 'POST',
      url: `${V2}/location/advance-search`,
      payload: { OrganizationId: PRACTICE_2, Name: 'arcadia' },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json.Total).toBe(1);
    const arcadia = search.json.Data[0]!;
    const res = await t.call<Location>({ url: `${V2}/location/${arcadia.Id}` });
    expect(res.json).toMatchObject({
      Name: 'Summit Arcadia',
      OrganizationId: PRACTICE_2,
      TimeZone: 'America/Phoenix',
      iana_time_zone: 'America/Phoenix',
      address: { city: 'Phoenix', state: 'AZ', zip_code: '85018', county: 'Maricopa' },
    });
    expect(res.json.address.latitude).toBeCloseTo(33.4958, 3);
    expect(res.json.contact_person_name.full_name).toBeTruthy();
    const zones = new Set(
      (
        await t.call<List<Location>>({ method: 'POST', url: `${V2}/location/advance-search`, payload: {} })
      ).json.Data.map((l) => l.TimeZone),
    );
    expect(zones.size).toBeGreaterThanOrEqual(4);
  });

  it('reads healthcare services and finds them by facility', async () => {
    const search = await t.call<List<HealthcareService>>({
      method: 'POST',
      url: `${V2}/healthcareservice/advance-search`,
      payload: { Name: 'MRI' },
    });
    expect(search.json.Total).toBe(1);
    const mri = search.json.Data[0]!;
    expect(mri.Photo.Url).toBe('/avatars/service-imaging.svg');
    const one = await t.call<HealthcareService>({ url: `${V2}/healthcareservice/${mri.Id}` });
    expect(one.json).toEqual(mri);
    const atFacility = await t.call<List<HealthcareService>>({
      method: 'POST',
      url: `${V2}/healthcareservice/advance-search`,
      payload: { LocationId: mri.LocationIds[0] },
    });
    expect(atFacility.json.Data.map((s) => s.Name)).toContain('MRI');
  });

  it('finds care teams by practice and by member', async () => {
    const res = await t.call<List<CareTeam>>({
      method: 'POST',
      url: `${V2}/careteam/advance-search`,
      payload: { OrganizationId: PRACTICE_1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data.map((c) => c.Name)).toEqual(['Heart Health Team']);
    const member = await t.call<List<CareTeam>>({
      method: 'POST',
      url: `${V2}/careteam/advance-search`,
      payload: { PractitionerId: demoPerson('staff').id },
    });
    expect(member.json.Total).toBe(1);
  });
});

describe('directory: patient reads are signed-in, patient-scoped and audited', () => {
  let t: TestApp;
  let patientToken: string;
  let practiceOneProvider: string;
  let practiceTwoProvider: string;

  beforeAll(async () => {
    t = await createTestApp();
    patientToken = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: demoPatient.id,
      email: demoPatient.email,
    });
    practiceOneProvider = await tokenFor(t.tokens, {
      user_roles: ['provider'],
      user_type: 'Practitioner',
      careslot_id: demoProvider.id,
      PracticeId: PRACTICE_1,
      email: demoProvider.email,
    });
    practiceTwoProvider = await tokenFor(t.tokens, {
      user_roles: ['provider', 'practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: providerAdmin.id,
      PracticeId: PRACTICE_2,
      email: providerAdmin.email,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const auditRows = (entityId: string) =>
    t.database.query<{ actor_id: string; entity_type: string; outcome: string; patient_id: string }>(
      'select actor_id, entity_type, outcome, patient_id from audit_events where entity_id = $1 order by id',
      [entityId],
    );

  it('refuses patient reads without a token, and with a guest token, with 401', async () => {
    expect((await t.call({ url: `${V2}/patient/${demoPatient.id}` })).statusCode).toBe(401);
    const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
    const res = await t.call<ErrorBody>({ url: `${V2}/patient/${demoPatient.id}`, headers: bearer(guest) });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[401]);
  });

  it('lets a patient read their own record, with verified telecom and family contacts', async () => {
    const res = await t.call<Patient>({
      url: `${V2}/patient/${demoPatient.id}`,
      headers: bearer(patientToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      Id: demoPatient.id,
      Name: [{ Use: 'Official', Given: ['Jordan'], Family: 'Ellis' }],
      BirthDate: '1988-04-17',
      Gender: 'Female',
      ManagingOrganization: PRACTICE_1,
      TimeZone: 'America/New_York',
      Address: { City: 'New York', State: 'NY', ZipCode: '10017' },
    });
    expect(res.json.Telecom).toContainEqual({
      System: 'Email',
      Value: demoPatient.email,
      Use: 'home',
      IsVerified: true,
    });
    expect(res.json.Contact.map((c) => c.PatientId).sort()).toEqual([spouseId, childId].sort());
  });

  it('lets a patient read a family member and list their family', async () => {
    const child = await t.call<Patient>({ url: `${V2}/patient/${childId}`, headers: bearer(patientToken) });
    expect(child.statusCode).toBe(200);
    expect(child.json.Name[0]).toMatchObject({ Given: ['Riley'], Family: 'Ellis' });
    const family = await t.call<List<RelatedPerson>>({
      url: `${V1}/patients/${demoPatient.id}/related-persons`,
      headers: bearer(patientToken),
    });
    expect(family.statusCode).toBe(200);
    expect(family.json.Data.map((r) => [r.RelatedPatientId, r.Relationship]).sort()).toEqual(
      [
        [spouseId, 'Spouse'],
        [childId, 'Child'],
      ].sort(),
    );
  });

  it('gives patient B nothing of patient A: 404, exactly like an unknown id', async () => {
    const other = await t.call<ErrorBody>({
      url: `${V2}/patient/${otherPracticeOnePatient}`,
      headers: bearer(patientToken),
    });
    const unknown = await t.call<ErrorBody>({
      url: `${V2}/patient/${UNKNOWN_ID}`,
      headers: bearer(patientToken),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json).toEqual(unknown.json);
    const family = await t.call({
      url: `${V1}/patients/${otherPracticeOnePatient}/related-persons`,
      headers: bearer(patientToken),
    });
    expect(family.statusCode).toBe(404);
    const coverage = await t.call({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      payload: { PatientId: otherPracticeOnePatient },
      headers: bearer(patientToken),
    });
    expect(coverage.statusCode).toBe(404);
  });

  it('lets a practice user read the patients of their own practice only', async () => {
    const own = await t.call<Patient>({
      url: `${V2}/patient/${demoPatient.id}`,
      headers: bearer(practiceOneProvider),
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.call<ErrorBody>({
      url: `${V2}/patient/${demoPatient.id}`,
      headers: bearer(practiceTwoProvider),
    });
    expect(foreign.statusCode).toBe(404);
    const coverage = await t.call({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      payload: { PatientId: demoPatient.id },
      headers: bearer(practiceTwoProvider),
    });
    expect(coverage.statusCode).toBe(404);
  });

  it('finds a patient by identifier only for callers allowed to see them', async () => {
    const own = await t.call<Patient>({
      url: `${V2}/patient/${demoPatient.id}`,
      headers: bearer(patientToken),
    });
    const identifier = own.json.Identifier[0]!;
    const query = `?identifier=${encodeURIComponent(`${identifier.System}|${identifier.Value}`)}`;
    const mine = await t.call<Patient>({ url: `${V2}/patient${query}`, headers: bearer(patientToken) });
    expect(mine.json.Id).toBe(demoPatient.id);
    const theirs = await t.call({ url: `${V2}/patient${query}`, headers: bearer(practiceTwoProvider) });
    expect(theirs.statusCode).toBe(404);
  });

  it('returns coverages primary first, with the fields booking reads', async () => {
    const res = await t.call<List<Coverage>>({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      payload: { PatientId: demoPatient.id },
      headers: bearer(patientToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data[0]).toMatchObject({
      PatientId: demoPatient.id,
      Priority: 'Primary',
      Status: 'Active',
      Relationship: 'Self',
      Name: 'Aetna Open Access Managed Choice',
      Insurance: { Display: 'Aetna Open Access Managed Choice' },
      IsDefault: true,
    });
    expect(res.json.Data[0]!.PolicyNumber).toBe(res.json.Data[0]!.SubscriberId);
    const child = await t.call<List<Coverage>>({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      payload: { PatientId: childId },
      headers: bearer(patientToken),
    });
    expect(child.json.Data[0]).toMatchObject({
      Relationship: 'Child',
      Subscriber: { Id: demoPatient.id, Name: { Family: 'Ellis' } },
    });
  });

  it('rejects a coverage search without a valid PatientId with 400', async () => {
    const res = await t.call<ErrorBody>({
      method: 'POST',
      url: `${V2}/PatientCoverage/advance-search`,
      payload: { PatientId: 'abc' },
      headers: bearer(patientToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors?.[0]?.field).toBe('body.PatientId');
  });

  it('writes an audit row for every patient read, with its outcome', async () => {
    const reader = seedId('demo:patient:9:holder');
    const token = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: reader,
      email: 'mei.chen@example.com',
    });
    await t.call({ url: `${V2}/patient/${reader}`, headers: bearer(token) });
    await t.call({ url: `${V2}/patient/${spouseId}`, headers: bearer(token) });
    const unknown = '11111111-1111-4111-8111-111111111111';
    await t.call({ url: `${V2}/patient/${unknown}`, headers: bearer(token) });
    expect(await auditRows(reader)).toEqual([
      { actor_id: reader, entity_type: 'Patient', outcome: 'success', patient_id: reader },
    ]);
    expect((await auditRows(spouseId)).filter((r) => r.actor_id === reader)).toEqual([
      { actor_id: reader, entity_type: 'Patient', outcome: 'denied', patient_id: spouseId },
    ]);
    expect(await auditRows(unknown)).toEqual([
      { actor_id: reader, entity_type: 'Patient', outcome: 'not_found', patient_id: unknown },
    ]);
  });

  describe('patient search (v2/patient/advance-search)', () => {
    // Support states why it looks (decision 0026); the header is harmless for everyone else.
    const search = (
      token: string,
      payload: Record<string, unknown>,
      purpose: string | null = 'Ticket 4711: patient cannot sign in',
    ) =>
      t.call<List<Patient> & ErrorBody>({
        method: 'POST',
        url: `${V2}/patient/advance-search`,
        payload,
        headers: { ...bearer(token), ...(purpose ? { 'x-access-purpose': purpose } : {}) },
      });
    const namesOf = (list: List<Patient>) =>
      list.Data.map((p) => `${p.Name[0]!.Given[0]} ${p.Name[0]!.Family}`).sort();
    const staffToken = (role: string) =>
      tokenFor(t.tokens, {
        user_roles: [role],
        user_type: 'SuperUser',
        careslot_id: seedId(`test:${role}`),
        email: `${role}@careslot.health`,
      });

    it('lets a support agent find a patient of any practice by name words, birth date, e-mail or phone', async () => {
      const support = await staffToken('supportagent');
      const byName = await search(support, { Name: 'jord ELL' });
      expect(byName.statusCode).toBe(200);
      expect(byName.json.Data.map((p) => p.Id)).toEqual([demoPatient.id]);
      expect(byName.json.Total).toBe(1);
      expect(
        (await search(support, { BirthDate: '1988-04-17', Name: 'Ellis' })).json.Data.map((p) => p.Id),
      ).toEqual([demoPatient.id]);
      expect(
        (await search(support, { Email: demoPatient.email.toUpperCase() })).json.Data.map((p) => p.Id),
      ).toEqual([demoPatient.id]);
      const phone = byName.json.Data[0]!.Telecom.find((c) => c.System === 'Mobile' || c.System === 'Phone')!
        .Value.replace(/\D/g, '')
        .slice(-10);
      expect((await search(support, { Phone: phone })).json.Data.map((p) => p.Id)).toContain(demoPatient.id);
      const superUser = await staffToken('superuser');
      expect((await search(superUser, { Name: 'Ellis', OrganizationId: PRACTICE_2 })).json.Total).toBe(0);
    });

    it('refuses a support search without a stated purpose with 403 naming the X-Access-Purpose header, audited as denied', async () => {
      const support = await staffToken('supportagent');
      const res = await search(support, { Name: 'Ellis' }, null);
      expect(res.statusCode).toBe(403);
      expect(res.json.errors?.[0]).toMatchObject({ field: 'header.X-Access-Purpose', rule: 'required' });
      const [row] = await t.database.query<{ outcome: string; detail: { reason: string } }>(
        "select outcome, detail from audit_events where workflow = 'patient_search' and actor_id = $1 order by id desc limit 1",
        [seedId('test:supportagent')],
      );
      expect(row).toMatchObject({ outcome: 'denied', detail: { reason: 'purpose_required' } });
    });

    it('keeps a practice user to their own practice, whatever OrganizationId says', async () => {
      expect(
        (await search(practiceOneProvider, { Name: 'Jordan Ellis' })).json.Data.map((p) => p.Id),
      ).toEqual([demoPatient.id]);
      expect((await search(practiceTwoProvider, { Name: 'Jordan Ellis' })).json.Total).toBe(0);
      const widened = await search(practiceTwoProvider, { Name: 'Jordan Ellis', OrganizationId: PRACTICE_1 });
      expect(widened.statusCode).toBe(200);
      expect(widened.json.Total).toBe(0);
    });

    it('gives a patient only themself and their family: patient B finds nothing of patient A', async () => {
      const family = await search(patientToken, { Name: 'Ellis' });
      expect(family.json.Data.map((p) => p.Id).sort()).toEqual([demoPatient.id, spouseId, childId].sort());
      const other = await t.call<Patient>({
        url: `${V2}/patient/${otherPracticeOnePatient}`,
        headers: bearer(practiceOneProvider),
      });
      const otherName = other.json.Name[0]!.Family;
      expect((await search(patientToken, { Name: otherName })).json.Data.map((p) => p.Id)).not.toContain(
        otherPracticeOnePatient,
      );
      expect(namesOf((await search(practiceOneProvider, { Name: otherName })).json)).toContain(
        `${other.json.Name[0]!.Given[0]} ${otherName}`,
      );
    });

    it('refuses roles that may not search patients with 403, and guests with 401', async () => {
      const finance = await staffToken('FinancialSuperUser');
      const res = await search(finance, { Name: 'Ellis' });
      expect(res.statusCode).toBe(403);
      expect(res.json.message).toBe(HTTP_STATUS_MESSAGES[403]);
      const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
      expect((await search(guest, { Name: 'Ellis' })).statusCode).toBe(401);
    });

    it('names the field and the rule for a search without criteria or with a bad phone or date', async () => {
      const support = await staffToken('supportagent');
      const empty = await search(support, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json.errors?.[0]?.field).toBe('body.Name');
      expect(empty.json.errors?.[0]?.message).toContain('at least one of Name');
      const phone = await search(support, { Phone: '555-0100' });
      expect(phone.json.errors?.[0]?.field).toBe('body.Phone');
      expect(phone.json.errors?.[0]?.message).toContain('10 digits');
      const date = await search(support, { BirthDate: '17/04/1988' });
      expect(date.json.errors?.[0]?.field).toBe('body.BirthDate');
    });

    it('audits each search with the criteria used, the patients shown and the stated purpose, never the values searched for', async () => {
      const support = await staffToken('supportagent');
      await search(support, { Name: 'Jordan', BirthDate: '1988-04-17' });
      const rows = await t.database.query<{
        action: string;
        outcome: string;
        purpose: string;
        patient_ids: string[];
        detail: { criteria: Record<string, boolean>; total: number };
      }>(
        "select action, outcome, purpose, patient_ids, detail from audit_events where workflow = 'patient_search' and actor_id = $1 order by id desc limit 1",
        [seedId('test:supportagent')],
      );
      expect(rows[0]).toMatchObject({
        action: 'search',
        outcome: 'success',
        purpose: 'Ticket 4711: patient cannot sign in',
        patient_ids: [demoPatient.id],
        detail: { criteria: { Name: true, BirthDate: true, Phone: false }, total: 1 },
      });
      expect(JSON.stringify(rows[0])).not.toContain('1988-04-17');
      expect(JSON.stringify(rows[0])).not.toContain('Jordan');
    });
  });

  it('gives every demo person a directory record under their fixed id', async () => {
    for (const person of DEMO_PEOPLE) {
      const url =
        person.userType === 'Patient' ? `${V2}/patient/${person.id}` : `${V2}/practitioner/${person.id}`;
      const res = await t.call({
        url,
        headers: bearer(person.userType === 'Patient' ? patientToken : practiceOneProvider),
      });
      expect(res.statusCode, person.key).toBe(200);
    }
  });
});
