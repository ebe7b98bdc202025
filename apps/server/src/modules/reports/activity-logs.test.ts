import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  createTestPractice,
  createTestPracticeUser,
  type TestPractice,
  type TestPracticeUser,
} from '../../testing/factories';

const LOGGING = '/careslot-logging/api/v1';
const PASSWORD = 'Logs-are-kept-2468';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const EVER = { From: '2000-01-01', To: '2999-12-31' };

type Row = {
  ActionTime: string;
  UserId: string | null;
  UserName: string | null;
  Action: string;
  Entity: string | null;
  UserWorkflow: string | null;
  Outcome: string;
  ClientIp: string | null;
  Browser: string | null;
  DeviceOs: string | null;
};
type Page = {
  data: { Data: Row[]; Total: number; Users: { UserId: string; UserName: string }[] };
  errors?: { field: string; rule: string }[];
};

/** A practice user's sign-in account (as an activated invitation leaves it): a password, the practice's id. */
async function staffAccount(t: TestApp, practice: TestPractice, givenName: string) {
  const email = `logs-${randomUUID()}@practice.example`;
  const userId = randomUUID();
  await t.database.query(
    `insert into identity_users (email, password_hash, given_name, family_name, user_type, user_roles, careslot_id,
       practice_id, eula_accepted, oha_accepted)
     values ($1, $2, $3, 'Staff', 'Practitioner', '{staff}', $4, $5, true, true)`,
    [email, await hash(PASSWORD), givenName, userId, practice.OrganizationId],
  );
  return { email, userId };
}

describe('the activity log and the session log of a practice (issue 28)', () => {
  let t: TestApp;
  let practice: TestPractice;
  let other: TestPractice;
  let staff: TestPracticeUser;
  let sam: { email: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    practice = await createTestPractice(t);
    other = await createTestPractice(t);
    staff = await createTestPracticeUser(t, practice, ['staff']);
    sam = await staffAccount(t, practice, 'Sam');
    const olga = await staffAccount(t, other, 'Olga');
    for (const [who, agent] of [
      [sam, CHROME_ON_WINDOWS],
      [olga, SAFARI_ON_IPHONE],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'user-agent': agent },
        payload: { UserName: who.email, Password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A wrong password names no account: it is in no practice's log.
    await t.call({
      method: 'POST',
      url: '/api/account/login',
      payload: { UserName: sam.email, Password: 'not-the-password-1' },
    });
  }, 120_000);
  afterAll(() => t.close());

  const find = (kind: string, token: string, body: Record<string, unknown>, agent = CHROME_ON_WINDOWS) =>
    t.call<Page>({
      method: 'POST',
      url: `${LOGGING}/${kind}/find`,
      headers: { ...bearer(token), 'user-agent': agent },
      payload: { ...EVER, ...body },
    });

  it("lets only the practice's admins read its logs: staff 403, another practice 404, no token 401", async () => {
    expect((await find('UserActivities', staff.token, {})).statusCode).toBe(403);
    expect((await find('UserSessions', staff.token, {})).statusCode).toBe(403);
    const stranger = await find('UserActivities', other.adminToken, {
      OrganizationId: practice.OrganizationId,
    });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await t.call({ method: 'POST', url: `${LOGGING}/UserSessions/find`, payload: EVER });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows what the practice's users did, when and from where, and nothing of another practice", async () => {
    await find('UserActivities', other.adminToken, {});
    await find('UserActivities', staff.token, {});
    const res = await find('UserActivities', practice.adminToken, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json.data.Data;
    const refused = rows.find((r) => r.UserId === staff.id && r.Outcome === 'denied');
    expect(refused).toMatchObject({
      Action: 'search',
      Entity: 'UserActivityLog',
      UserWorkflow: 'Activity_Log_Web',
      Browser: 'Chrome',
      DeviceOs: 'Windows',
    });
    expect(refused!.ClientIp).toEqual(expect.any(String));
    expect(rows.some((r) => r.UserId === other.PractitionerId)).toBe(false);
    // Newest first; kinds of objects only, never an id of one.
    const times = rows.map((r) => r.ActionTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const row of rows) expect(Object.keys(row).some((key) => /patient|entityid/i.test(key))).toBe(false);
  });

  it('filters by user, action and date range, and pages', async () => {
    const mine = await find('UserActivities', practice.adminToken, { UserId: staff.id });
    expect(mine.json.data.Total).toBeGreaterThanOrEqual(2);
    expect(mine.json.data.Data.every((r) => r.UserId === staff.id)).toBe(true);
    const creates = await find('UserActivities', practice.adminToken, { Action: 'create' });
    expect(creates.json.data.Data.every((r) => r.Action === 'create')).toBe(true);
    const past = await find('UserActivities', practice.adminToken, { From: '2001-01-01', To: '2001-01-31' });
    expect(past.json.data).toMatchObject({ Total: 0, Data: [] });
    // The staff user's rows stay put while the admin reads (each read of the log is itself an activity).
    const first = await find('UserActivities', practice.adminToken, { UserId: staff.id, PageSize: 1 });
    const second = await find('UserActivities', practice.adminToken, {
      UserId: staff.id,
      PageSize: 1,
      PageNumber: 2,
    });
    expect(first.json.data.Total).toBeGreaterThan(1);
    expect(first.json.data.Data).toHaveLength(1);
    expect(second.json.data.Data).toHaveLength(1);
    const both = await find('UserActivities', practice.adminToken, { UserId: staff.id, PageSize: 2 });
    expect([...first.json.data.Data, ...second.json.data.Data]).toEqual(both.json.data.Data);
  });

  it("lists the practice's users' sign-ins with their device, without another practice's or a failed guess", async () => {
    const res = await find('UserSessions', practice.adminToken, {});
    expect(res.statusCode, res.body).toBe(200);
    const { Data, Total, Users } = res.json.data;
    expect(Total).toBe(1);
    expect(Data[0]).toMatchObject({
      UserId: sam.userId,
      UserName: 'Sam Staff',
      Action: 'login',
      Outcome: 'success',
      Browser: 'Chrome',
      DeviceOs: 'Windows',
    });
    expect(Users).toContainEqual(expect.objectContaining({ UserId: sam.userId, UserName: 'Sam Staff' }));
    expect(Users.some((u) => u.UserName === 'Olga Staff')).toBe(false);
    const outs = await find('UserSessions', practice.adminToken, { Action: 'logout' });
    expect(outs.json.data.Total).toBe(0);
    const nobody = await find('UserSessions', practice.adminToken, { UserId: randomUUID() });
    expect(nobody.json.data.Total).toBe(0);
  });

  it('downloads the range as CSV and names the field a bad filter breaks', async () => {
    const file = await t.call({
      method: 'POST',
      url: `${LOGGING}/UserSessions/download`,
      headers: bearer(practice.adminToken),
      payload: EVER,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","User","User id","Action","Outcome","IP","Browser","OS"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Sam Staff"');
    const wrongAction = await find('UserActivities', practice.adminToken, { Action: 'login' });
    expect(wrongAction.statusCode).toBe(400);
    expect(wrongAction.json.errors?.[0]?.field).toMatch(/Action/);
    const backwards = await find('UserSessions', practice.adminToken, {
      From: '2026-12-02',
      To: '2026-12-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.errors?.[0]?.field).toMatch(/To/);
  });
});
