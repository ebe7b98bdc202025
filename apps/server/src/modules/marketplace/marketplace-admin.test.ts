import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindCareResult, PageProfile, PageProfileSettings } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';

const BASE = '/careslot-marketplace/api/v1';
const NOW = '2026-11-23T15:00:00Z';

type List = { Data: PageProfileSettings[]; Total: number };
type ErrorBody = { errors: { field: string; rule: string }[] };

describe('page profile and catalog edits', () => {
  let t: TestApp;
  let practiceA: string;
  let practiceB: string;
  let adminA: Record<string, string>;
  let superUser: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const practices = await t.database.query<{ organization_id: string }>(
      'select distinct organization_id from provider_search order by organization_id limit 2',
    );
    practiceA = practices[0]!.organization_id;
    practiceB = practices[1]!.organization_id;
    adminA = bearer(
      await tokenFor(t.tokens, {
        user_roles: ['practiceadmin'],
        PracticeId: practiceA,
        careslot_id: randomUUID(),
      }),
    );
    superUser = bearer(await tokenFor(t.tokens, { user_roles: ['superuser'], sub: 'super-2' }));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const listOf = async (headers: Record<string, string>, query = '') =>
    (await t.call<List>({ method: 'GET', url: `${BASE}/pageProfiles/settings?Limit=100${query}`, headers }))
      .json;
  /** The provider's search rows, once the search index's consumer (background) has run. */
  const searchOf = async (practitionerId: string) => {
    await t.events.drain();
    return (
      await t.database.query('select 1 from provider_search where practitioner_id = $1', [practitionerId])
    ).length;
  };

  it('lists the profiles without writing anything (issue 29 item 5)', async () => {
    await listOf(adminA);
    const sent: string[] = [];
    t.database.onStatement = (text) => sent.push(text.trim().toLowerCase());
    try {
      expect((await listOf(adminA)).Data.length).toBeGreaterThan(0);
      expect((await listOf(superUser, `&OrganizationId=${practiceA}`)).Data.length).toBeGreaterThan(0);
    } finally {
      t.database.onStatement = null;
    }
    // The policy's own record of each read (its audit row) is the only write. A `begin` writes nothing by itself
    // (PostgreSQL's pool opens transactions that only read), so only the writing statements count.
    const writes = sent.filter((text) => /^(insert|update|delete)\b/.test(text) && !/audit/.test(text));
    expect(writes).toEqual([]);
  });

  it("lets a practice admin edit its own practice's profiles, and search follows publishing", async () => {
    const own = await listOf(adminA);
    expect(own.Data.some((p) => p.Entity.Type === 'Organization' && p.Entity.Id === practiceA)).toBe(true);
    const provider = own.Data.find((p) => p.Entity.Type === 'Provider' && p.IsPublished)!;
    expect(await searchOf(provider.Entity.Id)).toBeGreaterThan(0);

    const off = await t.call<PageProfileSettings>({
      method: 'PUT',
      url: `${BASE}/pageProfiles/${provider.Id}`,
      headers: adminA,
      payload: { IsPublished: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json.IsPublished).toBe(false);
    expect(await searchOf(provider.Entity.Id)).toBe(0);

    const on = await t.call<PageProfileSettings>({
      method: 'POST',
      url: `${BASE}/pageProfiles/${provider.Id}`,
      headers: adminA,
      payload: {
        IsPublished: true,
        DisplayInsurances: false,
        ScheduleViaReferrer: true,
        ReferrerUrl: 'https://referrer.example/book',
        ReferrerInstructions: 'Call first',
      },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json).toMatchObject({
      IsPublished: true,
      DisplayInsurances: false,
      ScheduleViaReferrer: true,
      ReferrerUrl: 'https://referrer.example/book',
    });
    expect(await searchOf(provider.Entity.Id)).toBeGreaterThan(0);

    const audit = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_id = $1 and workflow = 'Page_Profile_Edit_Web' and action = 'update'",
      [provider.Id],
    );
    expect(audit.map((a) => a.outcome)).toEqual(['success', 'success']);
  });

  it("hides a facility of the practice's page and refuses another practice's facility", async () => {
    const own = await listOf(adminA);
    const practice = own.Data.find((p) => p.Entity.Type === 'Organization')!;
    const [facility] = await t.database.query<{ location_id: string }>(
      'select location_id from provider_search where organization_id = $1 limit 1',
      [practiceA],
    );
    const [foreign] = await t.database.query<{ location_id: string }>(
      'select location_id from provider_search where organization_id = $1 limit 1',
      [practiceB],
    );

    const hidden = await t.call<PageProfileSettings>({
      method: 'PUT',
      url: `${BASE}/pageProfiles/${practice.Id}`,
      headers: adminA,
      payload: { IsPublished: true, HiddenFacilities: [{ facilityId: facility!.location_id }] },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const page = await t.call<PageProfile>({
      method: 'GET',
      url: `${BASE}/pageProfiles/entity/${practice.NameIdentity}`,
    });
    expect(page.json.Locations.map((l) => l.Id)).not.toContain(facility!.location_id);

    const refused = await t.call<ErrorBody>({
      method: 'PUT',
      url: `${BASE}/pageProfiles/${practice.Id}`,
      headers: adminA,
      payload: { HiddenFacilities: [{ facilityId: foreign!.location_id }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({
      field: 'HiddenFacilities.0.facilityId',
      rule: 'not_found',
    });
    const referrer = await t.call<ErrorBody>({
      method: 'PUT',
      url: `${BASE}/pageProfiles/${practice.Id}`,
      headers: adminA,
      payload: { ScheduleViaReferrer: true },
    });
    expect(referrer.statusCode).toBe(400);
    expect(referrer.json.errors[0]?.field).toBe('ReferrerUrl');
  });

  it("answers 404 for another practice's profile, audited as denied", async () => {
    const other = (await listOf(superUser, `&OrganizationId=${practiceB}`)).Data.find(
      (p) => p.Entity.Type === 'Organization',
    )!;
    const res = await t.call({
      method: 'PUT',
      url: `${BASE}/pageProfiles/${other.Id}`,
      headers: adminA,
      payload: { IsPublished: false },
    });
    expect(res.statusCode).toBe(404);
    const audit = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_id = $1 and outcome = 'denied'",
      [practiceB],
    );
    expect(audit).toHaveLength(1);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${BASE}/pageProfiles/settings`,
          headers: bearer(await tokenFor(t.tokens, { user_roles: ['provider'], PracticeId: practiceA })),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets super users remove, edit and add catalog entries (calendars)', async () => {
    const entry = (await listOf(superUser, `&OrganizationId=${practiceB}&EntityType=Provider`)).Data.find(
      (p) => p.IsPublished,
    )!;
    const removed = await t.call<PageProfileSettings>({
      method: 'DELETE',
      url: `${BASE}/catalogs/${entry.Id}`,
      headers: superUser,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await searchOf(entry.Entity.Id)).toBe(0);
    const name = entry.Name.split(' ').at(-1)!;
    const found = await t.call<FindCareResult>({
      method: 'POST',
      url: `${BASE}/WebCatalog/find-care/catalogs`,
      payload: { TextField: name, Limit: 50 },
    });
    expect(found.json.providers.map((p) => p.practitioner_id)).not.toContain(entry.Entity.Id);

    const added = await t.call<{ Ids: string[] }>({
      method: 'POST',
      url: '/careslot-gateway/market-place/calendar/add',
      headers: superUser,
      payload: { Entities: [{ EntityType: 'Provider', EntityId: entry.Entity.Id }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json.Ids).toEqual([entry.Id]);
    expect(await searchOf(entry.Entity.Id)).toBeGreaterThan(0);

    const edited = await t.call<PageProfileSettings>({
      method: 'PUT',
      url: `${BASE}/catalogs/${entry.Id}`,
      headers: superUser,
      payload: { VisitTypes: ['Office', 'TeleHealth'] },
    });
    expect(edited.json.VisitTypes).toEqual(['Office', 'TeleHealth']);
    await t.events.drain();
    const [row] = await t.database.query<{ visit_types: string[] }>(
      'select visit_types from provider_search where practitioner_id = $1 limit 1',
      [entry.Entity.Id],
    );
    expect(row!.visit_types).toEqual(['Office', 'TeleHealth']);

    expect(
      (await t.call({ method: 'DELETE', url: `${BASE}/catalogs/${entry.Id}`, headers: adminA })).statusCode,
    ).toBe(403);
    const created = await t.call({
      method: 'POST',
      url: `${BASE}/pageProfiles`,
      headers: superUser,
      payload: { EntityType: 'Provider', EntityId: entry.Entity.Id },
    });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-type']).toMatch(/^text\/plain/);
    expect(created.body).toBe(entry.Id);
  });
});
