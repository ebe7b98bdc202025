import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CONTROL_BASE, type EntityConfiguration } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const ADMIN = 'admin@demo.careslot.health';
const STAFF = 'staff@demo.careslot.health';
const PROVIDER_ADMIN = 'provider-admin@demo.careslot.health';
const PRACTICE = demoPerson('admin').practiceId;
const V2 = '/careslot-appointment-service/api/v2';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN, DEMO_PASSWORD);
  staff = await signIn(t, STAFF, DEMO_PASSWORD);
}, 60_000);
afterAll(() => t.close());

const configurations = (token: string, organizationId = PRACTICE) =>
  t.call<{ Data: EntityConfiguration[] }>({
    method: 'POST',
    url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/get`,
    headers: bearer(token),
    payload: { OrganizationId: organizationId },
  });
const update = (token: string, id: string, services: { ServiceCode: string; Enabled: boolean }[]) =>
  t.call({
    method: 'PUT',
    url: `${ACCESS_CONTROL_BASE}/EntityConfigurations/${id}`,
    headers: bearer(token),
    payload: { Services: services },
  });
const staffConfiguration = async () =>
  (await configurations(admin)).json.Data.find((c) => c.EntityId === 'staff')!;
const blockedTime = (token: string) =>
  t.call({
    url: `${V2}/practice/blocked-time?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z`,
    headers: bearer(token),
  });
const auditRows = (entityId: string) =>
  t.database.query<{ outcome: string; workflow: string | null; actor_id: string | null }>(
    "select outcome, workflow, actor_id from audit_events where entity_type = 'Feature' and entity_id = $1 order by occurred_at",
    [entityId],
  );

describe('access control: GET Service, POST EntityConfigurations/get, PUT EntityConfigurations/{id} (practice-portal.md §6, §7)', () => {
  it("lists the features with the roles the menu rules allow and the admin's locked settings", async () => {
    const answer = await t.call<{ Data: { Code: string; Roles: string[]; LockedRoles: string[] }[] }>({
      url: `${ACCESS_CONTROL_BASE}/Service`,
      headers: bearer(staff),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json.Data.find((s) => s.Code === 'reports')).toEqual({
      Code: 'reports',
      Roles: ['practiceadmin'],
      LockedRoles: [],
    });
    expect(answer.json.Data.find((s) => s.Code === 'settings')?.LockedRoles).toEqual(['practiceadmin']);
  });

  it('gives every role of a practice its configuration, everything the menu rules allow switched on', async () => {
    const answer = await configurations(staff);
    expect(answer.statusCode).toBe(200);
    expect(answer.json.Data.map((c) => c.EntityId)).toEqual(['practiceadmin', 'provider', 'staff']);
    const forStaff = answer.json.Data.find((c) => c.EntityId === 'staff')!;
    expect(forStaff.Services).toEqual([
      { ServiceCode: 'checkInSummary', Enabled: true },
      { ServiceCode: 'calendar', Enabled: true },
      { ServiceCode: 'requests', Enabled: true },
      { ServiceCode: 'reputation', Enabled: true },
    ]);
  });

  it("is 404 for another practice's configurations, read or changed, and audits it", async () => {
    const other = await signIn(t, PROVIDER_ADMIN, DEMO_PASSWORD);
    expect((await configurations(other, PRACTICE)).statusCode).toBe(404);
    const id = (await staffConfiguration()).Id;
    const answer = await update(other, id, [{ ServiceCode: 'calendar', Enabled: false }]);
    expect(answer.statusCode).toBe(404);
    const rows = await t.database.query<{ outcome: string; workflow: string }>(
      "select outcome, workflow from audit_events where entity_type = 'AccessEntityConfiguration' and entity_id = $1 and action = 'update'",
      [id],
    );
    expect(rows).toEqual([{ outcome: 'denied', workflow: 'Access_Control_Edit_Web' }]);
    expect((await staffConfiguration()).Services.find((s) => s.ServiceCode === 'calendar')?.Enabled).toBe(
      true,
    );
  });

  it('lets only the practice admin change switches (staff: 403), never its own settings, nor a feature the role cannot have', async () => {
    const id = (await staffConfiguration()).Id;
    expect((await update(staff, id, [{ ServiceCode: 'calendar', Enabled: false }])).statusCode).toBe(403);
    const adminRow = (await configurations(admin)).json.Data.find((c) => c.EntityId === 'practiceadmin')!;
    const locked = await update(admin, adminRow.Id, [{ ServiceCode: 'settings', Enabled: false }]);
    expect(locked.statusCode).toBe(400);
    expect(locked.json).toMatchObject({ errors: [{ field: 'body.Services.0.Enabled', rule: 'locked' }] });
    const notForRole = await update(admin, id, [{ ServiceCode: 'reports', Enabled: true }]);
    expect(notForRole.statusCode).toBe(400);
    expect(notForRole.json).toMatchObject({
      errors: [{ field: 'body.Services.0.ServiceCode', rule: 'not_for_role' }],
    });
    const unknown = await update(admin, id, [{ ServiceCode: 'billing', Enabled: false }]);
    expect(unknown.statusCode).toBe(400);
  });

  it("enforces a switch at once: staff lose the calendar's calls (403, audited) and keep them when it is on again", async () => {
    expect((await blockedTime(staff)).statusCode).toBe(200);
    const id = (await staffConfiguration()).Id;
    const off = await update(admin, id, [{ ServiceCode: 'calendar', Enabled: false }]);
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-type']).toContain('text/plain');
    expect(off.body).toBe('Entity configuration updated');
    expect((await staffConfiguration()).Services.find((s) => s.ServiceCode === 'calendar')?.Enabled).toBe(
      false,
    );

    const refused = await blockedTime(staff);
    expect(refused.statusCode).toBe(403);
    const schedule = await t.call({
      method: 'POST',
      url: `${V2}/appointments/schedule`,
      headers: bearer(staff),
      payload: { CalendarId: DEMO_PRACTICE_IDS[0], From: '2026-11-01T00:00:00Z', To: '2026-11-02T00:00:00Z' },
    });
    expect([400, 403]).toContain(schedule.statusCode);
    expect((await auditRows('calendar')).at(-1)).toMatchObject({
      outcome: 'denied',
      workflow: 'Calendar_Web',
      actor_id: demoPerson('staff').id,
    });
    // The practice admin and the other roles keep it.
    expect((await blockedTime(admin)).statusCode).toBe(200);

    expect((await update(admin, id, [{ ServiceCode: 'calendar', Enabled: true }])).statusCode).toBe(200);
    expect((await blockedTime(staff)).statusCode).toBe(200);
  });

  it('switches the check-in summary and requests off for a role, and the change event is delivered once', async () => {
    const id = (await staffConfiguration()).Id;
    await update(admin, id, [
      { ServiceCode: 'checkInSummary', Enabled: false },
      { ServiceCode: 'requests', Enabled: false },
    ]);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/appointments/check-in/get`,
          headers: bearer(staff),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/appointments/requests/get`,
          headers: bearer(staff),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/appointments/check-in/get`,
          headers: bearer(admin),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const [counts] = await t.database.query<{ events: string; delivered: string }>(
      `select (select count(*) from domain_events where type = 'access.configuration-changed') as events,
              (select count(*) from domain_event_deliveries d join domain_events e on e.id = d.event_id
                where d.consumer = 'access-control.feature-cache' and e.type = 'access.configuration-changed') as delivered`,
    );
    expect(Number(counts!.events)).toBe(3);
    expect(Number(counts!.delivered)).toBe(3);
    await update(admin, id, [
      { ServiceCode: 'checkInSummary', Enabled: true },
      { ServiceCode: 'requests', Enabled: true },
    ]);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/appointments/check-in/get`,
          headers: bearer(staff),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });
});
