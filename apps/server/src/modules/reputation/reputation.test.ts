import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPUTATION_BASE,
  type ReputationOrganizationSettings,
  type ReputationSignOn,
} from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, demoPerson } from '../../seed';

const ADMIN = 'admin@demo.careslot.health';
const STAFF = 'staff@demo.careslot.health';
const PROVIDER_ADMIN = 'provider-admin@demo.careslot.health';
const PRACTICE = demoPerson('admin').practiceId;
const OTHER_PRACTICE = demoPerson('provider-admin').practiceId;
const KEY = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4P5q6';
const BUSINESS_ID = '123456789012345';

let t: TestApp;
let admin: string;
let staff: string;
let otherAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  // The demo seed gives the practices with reputation on their settings; these tests start from none.
  await t.database.query('delete from reputation_organization_settings');
  admin = await signIn(t, ADMIN, DEMO_PASSWORD);
  staff = await signIn(t, STAFF, DEMO_PASSWORD);
  otherAdmin = await signIn(t, PROVIDER_ADMIN, DEMO_PASSWORD);
}, 60_000);
afterAll(() => t.close());

const org = (token: string, method: 'POST' | 'PUT', payload: object, id?: string) =>
  t.call<ReputationOrganizationSettings & { errors?: { field: string; rule: string; message: string }[] }>({
    method,
    url: `${REPUTATION_BASE}/OrganizationSettings${id ? `/${id}` : ''}`,
    headers: bearer(token),
    payload,
  });
const readOrg = (token: string, organizationId = PRACTICE) =>
  t.call<ReputationOrganizationSettings | null>({
    url: `${REPUTATION_BASE}/OrganizationSettings?organizationId=${organizationId}`,
    headers: bearer(token),
  });
const signOn = (token: string) =>
  t.call<ReputationSignOn>({
    method: 'POST',
    url: `${REPUTATION_BASE}/single-sign-on`,
    headers: bearer(token),
  });
const firstLocation = async (organizationId: string) =>
  (
    await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [organizationId],
    )
  )[0]!.id;

describe('reputation settings (practice-portal.md §3.8, §5, §7 "Review platform")', () => {
  it('refuses a key of 31 characters and a business id of 14, naming the field and the rule', async () => {
    const answer = await org(admin, 'POST', {
      OrganizationId: PRACTICE,
      ApiKey: KEY.slice(1),
      BusinessId: BUSINESS_ID.slice(1),
    });
    expect(answer.statusCode).toBe(400);
    const issues = answer.json.errors ?? [];
    expect(issues.map((i) => [i.field, i.rule])).toEqual([
      ['body.ApiKey', 'exact_length'],
      ['body.BusinessId', 'exact_length'],
    ]);
    expect(issues[0]!.message).toContain('exactly 32 characters');
    expect(issues[1]!.message).toContain('exactly 15 characters');
    const symbols = await org(admin, 'POST', {
      OrganizationId: PRACTICE,
      ApiKey: `${KEY.slice(1)}!`,
      BusinessId: BUSINESS_ID,
    });
    expect(symbols.json.errors).toEqual([
      expect.objectContaining({ field: 'body.ApiKey', rule: 'alphanumeric' }),
    ]);
  });

  it('adds, reads masked and changes the settings; the key is never answered in full by the settings calls', async () => {
    const added = await org(admin, 'POST', {
      OrganizationId: PRACTICE,
      ApiKey: KEY,
      BusinessId: BUSINESS_ID,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json).toMatchObject({
      OrganizationId: PRACTICE,
      BusinessId: BUSINESS_ID,
      IsActive: true,
      HasApiKey: true,
      ApiKeyMasked: `${'•'.repeat(28)}P5q6`,
    });
    expect(added.body).not.toContain(KEY);
    const read = await readOrg(admin);
    expect(read.json).toMatchObject({ Id: added.json.Id, ApiKeyMasked: `${'•'.repeat(28)}P5q6` });
    expect(read.body).not.toContain(KEY);
    expect(
      (await org(admin, 'POST', { OrganizationId: PRACTICE, ApiKey: KEY, BusinessId: BUSINESS_ID }))
        .statusCode,
    ).toBe(409);

    // Without ApiKey the stored one stays; the database holds it sealed, never in clear (decision 0088).
    const changed = await org(
      admin,
      'PUT',
      { OrganizationId: PRACTICE, BusinessId: '987654321098765' },
      added.json.Id,
    );
    expect(changed.json).toMatchObject({
      BusinessId: '987654321098765',
      ApiKeyMasked: `${'•'.repeat(28)}P5q6`,
    });
    const [stored] = await t.database.query<{ api_key: string }>(
      'select api_key from reputation_organization_settings where id = $1',
      [added.json.Id],
    );
    expect(stored!.api_key).not.toContain(KEY);
    expect(stored!.api_key.startsWith(`sealed:v1:${t.secrets.currentKeyId}:`)).toBe(true);
    expect(t.secrets.open(stored!.api_key, 'reputation_organization_settings.api_key')).toBe(KEY);
  });

  it("is the practice admin's own: another practice's settings answer 404 and are audited; staff are refused", async () => {
    const id = (await readOrg(admin)).json.Id;
    expect((await readOrg(otherAdmin, PRACTICE)).statusCode).toBe(404);
    const moved = await org(
      otherAdmin,
      'PUT',
      { OrganizationId: PRACTICE, ApiKey: KEY, BusinessId: BUSINESS_ID },
      id,
    );
    expect(moved.statusCode).toBe(404);
    const hijack = await org(
      otherAdmin,
      'PUT',
      { OrganizationId: OTHER_PRACTICE, ApiKey: KEY, BusinessId: BUSINESS_ID },
      id,
    );
    expect(hijack.statusCode).toBe(404);
    const rows = await t.database.query<{ outcome: string; workflow: string }>(
      "select outcome, workflow from audit_events where entity_type = 'ReputationSettings' and entity_id = $1 and action = 'update' and outcome <> 'success'",
      [id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.outcome === 'denied' && r.workflow === 'Reputation_Settings_Edit_Web')).toBe(
      true,
    );
    expect((await readOrg(staff)).statusCode).toBe(403);
  });

  it('keeps location and provider listings of the practice only, and deletes them', async () => {
    const location = await firstLocation(PRACTICE);
    const otherLocation = await firstLocation(OTHER_PRACTICE);
    const added = await t.call<{ Id: string; LocationId: string }>({
      method: 'POST',
      url: `${REPUTATION_BASE}/LocationSettings`,
      headers: bearer(admin),
      payload: { OrganizationId: PRACTICE, LocationId: location, BusinessId: BUSINESS_ID },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json.LocationId).toBe(location);
    const foreign = await t.call({
      method: 'POST',
      url: `${REPUTATION_BASE}/LocationSettings`,
      headers: bearer(admin),
      payload: { OrganizationId: PRACTICE, LocationId: otherLocation, BusinessId: BUSINESS_ID },
    });
    expect(foreign.statusCode).toBe(404);
    const list = await t.call<{ Total: number }>({
      url: `${REPUTATION_BASE}/LocationSettings/organizations/${PRACTICE}`,
      headers: bearer(admin),
    });
    expect(list.json.Total).toBe(1);
    expect(
      (
        await t.call({
          url: `${REPUTATION_BASE}/LocationSettings/locations/${location}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `${REPUTATION_BASE}/LocationSettings/${added.json.Id}`,
          headers: bearer(otherAdmin),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `${REPUTATION_BASE}/LocationSettings/${added.json.Id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);

    const provider = demoPerson('provider').id;
    const providerAdded = await t.call<{ ProviderId: string }>({
      method: 'POST',
      url: `${REPUTATION_BASE}/ProviderSettings`,
      headers: bearer(admin),
      payload: {
        OrganizationId: PRACTICE,
        ProviderId: provider,
        BusinessId: BUSINESS_ID,
        ReviewSiteUrl: 'https://reviews.example.com/olivia',
      },
    });
    expect(providerAdded.statusCode).toBe(200);
    const badId = await t.call<{ errors: { field: string; rule: string }[] }>({
      method: 'POST',
      url: `${REPUTATION_BASE}/ProviderSettings`,
      headers: bearer(admin),
      payload: { OrganizationId: PRACTICE, ProviderId: provider, BusinessId: '12345' },
    });
    expect(badId.json.errors).toEqual([
      expect.objectContaining({ field: 'body.BusinessId', rule: 'exact_length' }),
    ]);
    // Staff hold a role at the practice but no provider role: no provider listing for them.
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${REPUTATION_BASE}/ProviderSettings`,
          headers: bearer(admin),
          payload: { OrganizationId: PRACTICE, ProviderId: demoPerson('staff').id, BusinessId: BUSINESS_ID },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${REPUTATION_BASE}/ProviderSettings`,
          headers: bearer(otherAdmin),
          payload: { OrganizationId: OTHER_PRACTICE, ProviderId: provider, BusinessId: BUSINESS_ID },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("reads every entity's review-request configuration in one call, and only the caller's practice's (issue 29 item 5)", async () => {
    const location = await firstLocation(PRACTICE);
    const entities = [
      { EntityType: 'Organization', EntityId: PRACTICE },
      { EntityType: 'Location', EntityId: location },
    ];
    const all = await t.call<{
      Data: { EntityType: string; EntityId: string; ReviewRequestDelayHours: number }[];
    }>({
      method: 'POST',
      url: `${REPUTATION_BASE}/EntityConfiguration/entities`,
      headers: bearer(admin),
      payload: { Entities: entities },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json.Data.map((c) => ({ EntityType: c.EntityType, EntityId: c.EntityId }))).toEqual(entities);
    // The same rows the one-entity read answers.
    const one = await t.call<{ Id: string }>({
      url: `${REPUTATION_BASE}/EntityConfiguration/Location/entities/${location}`,
      headers: bearer(admin),
    });
    expect((all.json.Data[1] as unknown as { Id: string }).Id).toBe(one.json.Id);
    const foreign = await t.call({
      method: 'POST',
      url: `${REPUTATION_BASE}/EntityConfiguration/entities`,
      headers: bearer(otherAdmin),
      payload: { Entities: entities },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps a review-request configuration per entity, made with defaults on first read', async () => {
    const location = await firstLocation(PRACTICE);
    const read = await t.call<{ Id: string; SendReviewRequests: boolean; ReviewRequestDelayHours: number }>({
      url: `${REPUTATION_BASE}/EntityConfiguration/Location/entities/${location}`,
      headers: bearer(admin),
    });
    expect(read.json).toMatchObject({ SendReviewRequests: true, ReviewRequestDelayHours: 2 });
    const changed = await t.call<{ ReviewRequestDelayHours: number }>({
      method: 'PUT',
      url: `${REPUTATION_BASE}/EntityConfiguration/${read.json.Id}`,
      headers: bearer(admin),
      payload: { SendReviewRequests: false, ReviewRequestDelayHours: 24 },
    });
    expect(changed.json).toMatchObject({ SendReviewRequests: false, ReviewRequestDelayHours: 24 });
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${REPUTATION_BASE}/EntityConfiguration/${read.json.Id}`,
          headers: bearer(otherAdmin),
          payload: { SendReviewRequests: true, ReviewRequestDelayHours: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          url: `${REPUTATION_BASE}/EntityConfiguration/Location/entities/${location}`,
          headers: bearer(otherAdmin),
        })
      ).statusCode,
    ).toBe(404);
    const tooLong = await t.call<{ errors: { field: string; rule: string }[] }>({
      method: 'PUT',
      url: `${REPUTATION_BASE}/EntityConfiguration/${read.json.Id}`,
      headers: bearer(admin),
      payload: { SendReviewRequests: true, ReviewRequestDelayHours: 169 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json.errors).toEqual([
      expect.objectContaining({ field: 'body.ReviewRequestDelayHours', rule: 'too_big' }),
    ]);
    const halfHour = await t.call<{ errors: { field: string }[] }>({
      method: 'PUT',
      url: `${REPUTATION_BASE}/EntityConfiguration/${read.json.Id}`,
      headers: bearer(admin),
      payload: { SendReviewRequests: true, ReviewRequestDelayHours: 1.5 },
    });
    expect(halfHour.statusCode).toBe(400);
    expect(halfHour.json.errors[0]!.field).toBe('body.ReviewRequestDelayHours');
    // Every read and change is audited under the review-request workflows; the change row says what moved.
    const rows = await t.database.query<{
      action: string;
      outcome: string;
      workflow: string;
      detail: { from?: unknown; to?: unknown } | null;
    }>(
      "select action, outcome, workflow, detail from audit_events where entity_type = 'ReputationEntityConfiguration' and entity_id in ($1, $2) order by id",
      [location, read.json.Id],
    );
    expect(
      rows.filter((r) => r.action === 'read' && r.outcome === 'success').map((r) => r.workflow),
    ).toContain('Review_Request_Settings_View_Web');
    const edits = rows.filter((r) => r.action === 'update');
    expect(edits.map((r) => [r.outcome, r.workflow])).toEqual([
      ['success', 'Review_Request_Settings_Edit_Web'],
      ['denied', 'Review_Request_Settings_Edit_Web'],
    ]);
    expect(edits[0]!.detail).toMatchObject({
      from: { SendReviewRequests: true, ReviewRequestDelayHours: 2 },
      to: { SendReviewRequests: false, ReviewRequestDelayHours: 24 },
    });
  });

  it('hands the full key only to the sign-on form of a user of the practice, and the stand-in site shows it masked', async () => {
    const form = await signOn(staff);
    expect(form.statusCode).toBe(200);
    expect(form.json).toEqual({
      Target: `${t.config.publicUrl}/careslot-reputation-service/sign-on`,
      Fields: { emailId: STAFF, apiKey: KEY, redirectURL: '/dashboard/home' },
    });
    // A practice without settings has no form.
    expect((await signOn(otherAdmin)).statusCode).toBe(404);
    const page = await t.call({
      method: 'POST',
      url: '/careslot-reputation-service/sign-on',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `emailId=${encodeURIComponent(STAFF)}&apiKey=${KEY}&redirectURL=%2Fdashboard%2Fhome`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('staff@demo.careslot.health');
    expect(page.body).toContain('P5q6 (32 characters)');
    expect(page.body).toContain('/dashboard/home');
    expect(page.body).not.toContain(KEY);
  });

  it('turns the practice reputation switch with the settings: inactive settings hide the item and close the form', async () => {
    const id = (await readOrg(admin)).json.Id;
    await org(admin, 'PUT', { OrganizationId: PRACTICE, BusinessId: BUSINESS_ID, IsActive: false }, id);
    const details = await t.call({
      url: `${REPUTATION_BASE}/users/${encodeURIComponent(STAFF)}/${PRACTICE}`,
      headers: bearer(staff),
    });
    expect(details.statusCode).toBe(404);
    expect((await signOn(staff)).statusCode).toBe(404);
    await org(admin, 'PUT', { OrganizationId: PRACTICE, BusinessId: BUSINESS_ID, IsActive: true }, id);
    expect(
      (
        await t.call({
          url: `${REPUTATION_BASE}/users/${encodeURIComponent(STAFF)}/${PRACTICE}`,
          headers: bearer(staff),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('closes the form when the practice switched Reputation Management off for the role (403)', async () => {
    const configurations = await t.call<{ Data: { Id: string; EntityId: string }[] }>({
      method: 'POST',
      url: '/careslot-access-control/api/v1/EntityConfigurations/get',
      headers: bearer(admin),
      payload: { OrganizationId: PRACTICE },
    });
    const staffRow = configurations.json.Data.find((c) => c.EntityId === 'staff')!;
    await t.call({
      method: 'PUT',
      url: `/careslot-access-control/api/v1/EntityConfigurations/${staffRow.Id}`,
      headers: bearer(admin),
      payload: { Services: [{ ServiceCode: 'reputation', Enabled: false }] },
    });
    expect((await signOn(staff)).statusCode).toBe(403);
    expect((await signOn(admin)).statusCode).toBe(200);
  });
});

describe('a configured reputation site (REPUTATION_SIGN_ON_URL)', () => {
  it('is the form target, and the only other place the page may post a form to', async () => {
    const configured = await createTestApp({
      env: { REPUTATION_SIGN_ON_URL: 'https://reputation.example.com/sso/login' },
    });
    try {
      const health = await configured.call({ url: '/api/app-config' });
      expect(health.headers['content-security-policy']).toContain(
        "form-action 'self' https://reputation.example.com",
      );
    } finally {
      await configured.close();
    }
  });
});
