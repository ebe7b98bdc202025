import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindCareResult, OnboardingRequest, OnboardingResult } from '@careslot/contracts';
import { isValidNpi } from '@careslot/domain';
import { appendEvents } from '../../platform/events';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DIRECTORY_CHANGED } from '../organizations';
import { SEARCH_INDEX_CONSUMER } from '../marketplace';

const ADD = '/careslot-gateway/organization/add';
const SEARCH = '/careslot-marketplace/api/v1/WebCatalog/find-care/catalogs';
// Monday 09:00 in Chicago.
const NOW = '2026-11-23T15:00:00Z';

/** A valid NPI from nine digits (the check digit of Luhn over 80840 + the nine). */
export function npiFrom(nine: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (isValidNpi(`${nine}${digit}`)) return `${nine}${digit}`;
  throw new Error('no check digit');
}

/** Digits as letters: names take letters only. */
const letters = (key: string) => key.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

type ErrorBody = { status_code: number; errors: { field: string; rule: string }[] };

describe('practice onboarding (POST careslot-gateway/organization/add)', () => {
  let t: TestApp;
  let superUser: Record<string, string>;
  let specialtyId: string;

  const request = (key: string, overrides: Partial<OnboardingRequest> = {}): OnboardingRequest => ({
    Organization: {
      Name: `Prairie Family Care ${key}`,
      Phone: '(312) 555-0100',
      Email: `office-${key}@prairie.example`,
      Website: null,
    },
    Location: {
      Name: 'Prairie Main Office',
      Address1: '100 Main Street',
      Address2: null,
      City: 'Chicago',
      State: 'IL',
      ZipCode: '60601',
      TimeZone: 'America/Chicago',
      Phone: '(312) 555-0101',
    },
    Provider: {
      Prefix: 'Dr.',
      FirstName: 'Nora',
      LastName: `Quill ${letters(key)}`,
      Suffix: 'MD',
      Gender: 'F',
      Npi: npiFrom(`19${key.padStart(7, '0')}`),
      SpecialtyId: specialtyId,
      Email: `nora-${key}@prairie.example`,
    },
    Schedule: {
      SlotMinutes: 30,
      Hours: [1, 2, 3, 4, 5].map((Weekday) => ({ Weekday, Start: '09:00', End: '17:00' })),
      CategoryName: 'Consultation',
      Reasons: [
        { Name: 'New Patient Visit', DurationMinutes: 30, VisitType: 'Office' },
        { Name: 'Follow-up Visit', DurationMinutes: 30, VisitType: 'Office' },
      ],
    },
    Payment: { EnableOnlinePayment: true, GatewayName: 'stripe' },
    Publish: true,
    ...overrides,
  });
  const add = (payload: unknown, headers = superUser) =>
    t.call<OnboardingResult & ErrorBody>({ method: 'POST', url: ADD, headers, payload: payload as object });
  /** Find Care, once the search index's consumer (background) has run. */
  const search = async (text: string) => {
    await t.events.drain();
    return (
      await t.call<FindCareResult>({ method: 'POST', url: SEARCH, payload: { TextField: text, Limit: 20 } })
    ).json;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, ...(process.env.DEBUG_LOG ? { logStream: process.stderr } : {}) });
    superUser = bearer(await tokenFor(t.tokens, { user_roles: ['superuser'], sub: 'super-1' }));
    const [row] = await t.database.query<{ id: string }>(
      "select id from specialties where display = 'Family Medicine' limit 1",
    );
    specialtyId =
      row?.id ??
      (await t.database.query<{ id: string }>('select id from specialties order by id limit 1'))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('takes a practice from nothing to bookable: the provider is found with open slots at the new location', async () => {
    const res = await add(request('1001'));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json;
    expect(result.Published).toBe(true);
    expect(result.ServiceTypeIds).toHaveLength(2);
    expect(result.ProviderNameIdentity).toBeTruthy();

    const found = await search('Prairie Family Care 1001');
    expect(found.count).toBe(1);
    const provider = found.providers[0]!;
    expect(provider.practitioner_id).toBe(result.PractitionerId);
    expect(provider.location.id).toBe(result.LocationId);
    expect(provider.location.iana_time_zone).toBe('America/Chicago');
    expect(provider.schedule_id).toBe(result.ScheduleId);
    // Monday 09:00 in Chicago: today's 09:30 onwards are open.
    expect(provider.slots.length).toBeGreaterThan(0);
    expect(provider.next_availability).not.toBeNull();

    const reasons = await t.call<{ Data: { Name: string; Duration: number }[] }>({
      method: 'POST',
      url: '/careslot-calendar/api/v2/servicetype/advance-search',
      payload: { ScheduleId: result.ScheduleId },
    });
    expect(reasons.json.Data.map((r) => `${r.Name} ${r.Duration}`).sort()).toEqual([
      'Follow-up Visit 30',
      'New Patient Visit 30',
    ]);

    const [payment] = await t.database.query<{ enable_online_payment: boolean; gateway_name: string }>(
      'select enable_online_payment, gateway_name from payment_org_configs where organization_id = $1',
      [result.OrganizationId],
    );
    expect(payment).toEqual({ enable_online_payment: true, gateway_name: 'stripe' });

    // The provider is invited as the users screen invites: identity made the account from the event after the
    // commit and queued one e-mail with the signed single-use activation link.
    const [account] = await t.database.query<{
      user_roles: string[];
      careslot_id: string;
      practice_id: string;
    }>('select user_roles, careslot_id, practice_id from identity_users where lower(email) = $1', [
      'nora-1001@prairie.example',
    ]);
    expect(account).toEqual({
      user_roles: ['provider', 'practiceadmin'],
      careslot_id: result.PractitionerId,
      practice_id: result.OrganizationId,
    });
    await t.events.drain();
    const mails = await t.sent({ to: 'nora-1001@prairie.example' });
    expect(mails.map((m) => m.template)).toEqual(['staff-invitation']);
    expect(mails[0]!.body).toMatch(/\/account\/activate\?invitation=[0-9a-f-]{36}&exp=\d+&sig=/);
    expect(mails[0]!.body).not.toContain('nora-1001@prairie.example');

    // Each part is audited by the service that wrote it, with the settings screens' workflows, and the whole.
    const audit = await t.database.query<{ workflow: string; entity_type: string; n: number }>(
      `select workflow, entity_type, count(*)::int as n from audit_events
        where outcome = 'success' and action in ('create', 'update') and (entity_id = any($1::text[]) or entity_id = any($2::text[]))
        group by workflow, entity_type order by workflow`,
      [
        [
          result.OrganizationId,
          result.LocationId,
          result.PractitionerId,
          result.ScheduleId,
          result.ServiceCategoryId,
        ],
        result.ServiceTypeIds,
      ],
    );
    expect(audit).toEqual([
      { workflow: 'Location_Add_Web', entity_type: 'Location', n: 1 },
      { workflow: 'Organization_Add_Web', entity_type: 'Organization', n: 1 },
      { workflow: 'Payment_Config_Edit_Web', entity_type: 'OrganizationPaymentConfig', n: 1 },
      { workflow: 'Practice_Onboarding_Web', entity_type: 'Organization', n: 1 },
      { workflow: 'Provider_Add_Web', entity_type: 'Practitioner', n: 1 },
      { workflow: 'Reason_Add_Web', entity_type: 'ServiceType', n: 2 },
      { workflow: 'Reason_Group_Add_Web', entity_type: 'ServiceCategory', n: 1 },
      { workflow: 'Schedule_Edit_Web', entity_type: 'Schedule', n: 1 },
    ]);
    const [summary] = await t.database.query<{ actor_id: string }>(
      "select actor_id from audit_events where entity_id = $1 and workflow = 'Practice_Onboarding_Web'",
      [result.OrganizationId],
    );
    expect(summary).toEqual({ actor_id: 'super-1' });
    // The directory's events announce the location and the provider (and scheduling the schedule) to the search.
    const announced = await t.database.query<{ reason: string }>(
      "select payload->>'reason' as reason from domain_events where type = $1 and aggregate_id = $2 order by version",
      [DIRECTORY_CHANGED, result.OrganizationId],
    );
    expect(announced.map((r) => r.reason)).toEqual([
      'location.added',
      'practitioner-added',
      'schedule.created',
    ]);
  });

  it('keeps an unpublished practice out of the search', async () => {
    const res = await add(request('1002', { Publish: false }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await search('Prairie Family Care 1002')).count).toBe(0);
  });

  it('keeps phones typed as digits as (xxx) xxx-xxxx: the search shows the office number formatted (issue 30, item 13)', async () => {
    const key = '1009';
    const base = request(key);
    const res = await add({
      ...base,
      Organization: { ...base.Organization, Phone: '3125550177' },
      Location: { ...base.Location, Phone: '13125550178' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const provider = (await search(`Prairie Family Care ${key}`)).providers[0]!;
    expect(provider.location.phone).toBe('(312) 555-0178');
    const organization = await t.call<{ Phone: string }>({
      method: 'GET',
      url: `/careslot-administration/api/v2/organization/${res.json.OrganizationId}`,
    });
    expect(organization.json.Phone).toBe('(312) 555-0177');
  });

  /** Nothing of the practice (key) nor of its provider e-mail is left: no rows, no events, no e-mail. */
  const nothingLeftOf = async (key: string, npi: string) => {
    await t.events.drain();
    const [left] = await t.database.query<Record<string, number>>(
      `select (select count(*)::int from organizations where name = $1) as organizations,
              (select count(*)::int from locations l join organizations o on o.id = l.organization_id where o.name = $1) as locations,
              (select count(*)::int from practitioners where npi = $2 or lower(email) = $3) as practitioners,
              (select count(*)::int from identity_users where lower(email) = $3) as accounts,
              (select count(*)::int from service_categories where name = $4) as categories`,
      [`Prairie Family Care ${key}`, npi, `nora-${key}@prairie.example`, `Consultation ${key}`],
    );
    expect(left).toEqual({ organizations: 0, locations: 0, practitioners: 0, accounts: 0, categories: 0 });
    expect(await t.sent({ to: `nora-${key}@prairie.example` })).toEqual([]);
  };
  const issuesOf = (res: { json: ErrorBody }) => res.json.errors.map((e) => `${e.field}:${e.rule}`).sort();

  it('names the field and the rule of bad input with the wizard step, by the same rules as the settings screens, and writes nothing', async () => {
    const bad = request('1003');
    const npi = bad.Provider.Npi;
    const wrongDigit = `${npi.slice(0, 9)}${(Number(npi[9]) + 1) % 10}`;
    // The provider step (people's rules: NPI check digit over 80840) fails after the organization and the location were written.
    const badNpi = await add({ ...bad, Provider: { ...bad.Provider, Npi: wrongDigit } });
    expect(badNpi.statusCode).toBe(400);
    expect(issuesOf(badNpi)).toEqual(['Provider.Npi:npi']);
    const badSpecialty = await add({
      ...bad,
      Provider: { ...bad.Provider, SpecialtyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(issuesOf(badSpecialty)).toEqual(['Provider.SpecialtyId:unknown']);
    // The location step (the facility's rules: the zip code's state).
    const otherState = await add({ ...bad, Location: { ...bad.Location, ZipCode: '10001' } });
    expect(issuesOf(otherState)).toEqual(['Location.State:matches_zip']);
    // The schedule step (scheduling's working-hours rules) fails after the provider was written and invited.
    const overlap = await add({
      ...bad,
      Schedule: {
        ...bad.Schedule,
        CategoryName: 'Consultation 1003',
        Hours: [
          { Weekday: 1, Start: '09:00', End: '12:00' },
          { Weekday: 1, Start: '11:00', End: '13:00' },
        ],
      },
    });
    expect(overlap.statusCode).toBe(400);
    expect(issuesOf(overlap)).toEqual(['Schedule.Hours.1.Start:overlap']);
    // What only the wizard asks.
    const wizard = await add({
      ...bad,
      Payment: { EnableOnlinePayment: true, GatewayName: null },
      Schedule: { ...bad.Schedule, SlotMinutes: 60, Hours: [{ Weekday: 1, Start: '09:00', End: '09:30' }] },
    });
    expect(issuesOf(wizard)).toEqual(['Payment.GatewayName:required', 'Schedule.SlotMinutes:fits_hours']);
    const zod = await add({ ...bad, Provider: { ...bad.Provider, FirstName: 'N0ra' } });
    expect(zod.statusCode).toBe(400);
    expect(zod.json.errors.map((e) => e.field)).toContain('body.Provider.FirstName');
    await nothingLeftOf('1003', wrongDigit);
    await nothingLeftOf('1003', npi);
  });

  it('refuses a provider e-mail or NPI already in use, naming the field (nothing half written, no invitation)', async () => {
    const first = request('1004');
    expect((await add(first)).statusCode).toBe(201);
    const sameEmail = await add({
      ...request('1005'),
      Provider: { ...request('1005').Provider, Email: first.Provider.Email },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(issuesOf(sameEmail)).toEqual(['Provider.Email:unique']);
    const sameNpi = await add({
      ...request('1006'),
      Provider: { ...request('1006').Provider, Npi: first.Provider.Npi },
    });
    expect(sameNpi.statusCode).toBe(409);
    expect(issuesOf(sameNpi)).toEqual(['Provider.Npi:unique']);
    await nothingLeftOf('1005', request('1005').Provider.Npi);
    await nothingLeftOf('1006', '-');
    // The first provider was invited once, however often the events are delivered.
    await t.events.drain();
    expect(await t.sent({ to: first.Provider.Email })).toHaveLength(1);
  });

  it("refuses an e-mail that is already someone's sign-in account", async () => {
    const [patient] = await t.database.query<{ email: string }>(
      'select email from identity_users where email is not null and careslot_id is not null limit 1',
    );
    const res = await add({
      ...request('1008'),
      Provider: { ...request('1008').Provider, Email: patient!.email },
    });
    expect(res.statusCode).toBe(409);
    expect(issuesOf(res)).toEqual(['Provider.Email:unique']);
    await nothingLeftOf('1008', request('1008').Provider.Npi);
  });

  it('is for super users only', async () => {
    for (const role of ['practiceadmin', 'provider', 'supportagent', 'patient']) {
      const headers = bearer(await tokenFor(t.tokens, { user_roles: [role] }));
      expect((await add(request('1007'), headers)).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'POST', url: ADD, payload: request('1007') })).statusCode).toBe(401);
  });

  it('keeps practice names unique ignoring case and spaces: of five parallel onboardings of one name exactly one wins, a rename to a taken name is refused, each 409 naming the field', async () => {
    // One name, written five ways (case and spaces differ), each with its own provider.
    const spellings = [
      'Lakeview Pediatrics',
      'LAKEVIEW PEDIATRICS',
      'lakeview  pediatrics',
      'Lake View Pediatrics',
      'LakeView Pediatrics',
    ];
    const answers = await Promise.all(
      spellings.map((name, i) =>
        add({ ...request(`20${i}1`), Organization: { ...request(`20${i}1`).Organization, Name: name } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json.status_code).toBe(409);
      expect(issuesOf(lost)).toEqual(['Organization.Name:unique']);
    }
    const rows = await t.database.query<{ id: string }>(
      "select id from organizations where lower(replace(name, ' ', '')) = 'lakeviewpediatrics'",
    );
    expect(rows.map((r) => r.id)).toEqual([answers.find((a) => a.statusCode === 201)!.json.OrganizationId]);
    // Nothing of the losers was left behind: no provider, no invitation.
    for (let i = 0; i < 5; i += 1)
      if (answers[i]!.statusCode === 409) await nothingLeftOf(`20${i}1`, request(`20${i}1`).Provider.Npi);

    // A practice renamed to a name another holds (another spelling of it) is refused; its own name it keeps.
    const other = await add(request('2101'));
    expect(other.statusCode).toBe(201);
    const admin = bearer(
      await tokenFor(t.tokens, {
        sub: 'names-admin',
        user_roles: ['provider', 'practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: other.json.PractitionerId,
        PracticeId: other.json.OrganizationId,
      }),
    );
    const rename = (Name: string) =>
      t.call<ErrorBody>({
        method: 'PUT',
        url: `/careslot-administration/api/v2/organization/${other.json.OrganizationId}`,
        headers: admin,
        payload: { Name, TimeZone: 'America/Chicago' },
      });
    const taken = await rename('lake view PEDIATRICS');
    expect(taken.statusCode).toBe(409);
    expect(issuesOf(taken)).toEqual(['body.Name:unique']);
    expect((await rename('Prairie Family Care 2101')).statusCode).toBe(200);
    // Looking a name up finds it however it is spelled.
    const byName = await t.call<{ data: { Id: string } }>({
      method: 'GET',
      url: `/careslot-administration/api/v2/organization/name?name=${encodeURIComponent('LAKEVIEW pediatrics')}`,
      headers: admin,
    });
    expect(byName.json.data.Id).toBe(rows[0]!.id);
  });
});

describe(`the ${SEARCH_INDEX_CONSUMER} consumer of ${DIRECTORY_CHANGED}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const rowsOf = async (practitionerId: string) =>
    (
      await t.database.query<{ n: number }>(
        'select count(*)::int as n from provider_search where practitioner_id = $1',
        [practitionerId],
      )
    )[0]!.n;
  const change = async (organizationId: string, practitionerIds: string[] | null) => {
    await t.database.transaction((tx) =>
      appendEvents(tx, [
        {
          aggregateType: 'organization',
          aggregateId: organizationId,
          type: DIRECTORY_CHANGED,
          payload: { organizationId, practitionerIds, reason: 'test' },
        },
      ]),
    );
    await t.events.drain();
  };

  it('rebuilds the named practitioners, and every practitioner of the practice for null, idempotently', async () => {
    const [listed] = await t.database.query<{ practitioner_id: string; organization_id: string }>(
      'select practitioner_id, organization_id from provider_search order by practitioner_id limit 1',
    );
    const { practitioner_id: practitionerId, organization_id: organizationId } = listed!;
    const before = await rowsOf(practitionerId);
    expect(before).toBeGreaterThan(0);

    // A directory write hides the provider: the event takes them out of the search.
    await t.database.query('update practitioners set hide_public_profile = true where id = $1', [
      practitionerId,
    ]);
    await change(organizationId, [practitionerId]);
    expect(await rowsOf(practitionerId)).toBe(0);

    // Shown again, announced for the whole practice (null), twice: the same rows as before, once.
    await t.database.query('update practitioners set hide_public_profile = false where id = $1', [
      practitionerId,
    ]);
    await change(organizationId, null);
    await change(organizationId, null);
    expect(await rowsOf(practitionerId)).toBe(before);
    const deliveries = await t.database.query<{ n: number }>(
      'select count(*)::int as n from domain_events where type = $1 and dispatched_at is not null',
      [DIRECTORY_CHANGED],
    );
    expect(deliveries[0]!.n).toBe(3);
  });
});
