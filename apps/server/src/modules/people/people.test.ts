import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { PEOPLE_PATHS, type PracticeUser, type PractitionerDetail } from '@careslot/contracts';
import { isValidNpi } from '@careslot/domain';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/sign-in';
import { DEMO_PASSWORD, DEMO_PRACTICE_IDS } from '../../seed';

const ADMIN = 'admin@demo.careslot.health';
const STAFF = 'staff@demo.careslot.health';
const PRACTICE = DEMO_PRACTICE_IDS[0];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN, DEMO_PASSWORD);
}, 60_000);
afterAll(() => t.close());

let seq = 0;
/** A fresh valid NPI: nine random digits and the Luhn check digit (prefix 80840). */
function freshNpi(): string {
  const base = `1${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(2, '0')}`.slice(0, 9);
  for (let d = 0; d < 10; d += 1) if (isValidNpi(`${base}${d}`)) return `${base}${d}`;
  throw new Error('no check digit');
}

type Answer<T> = { status_code: number; data: T; errors?: { field: string; rule: string }[] };

function providerBody(overrides: Record<string, unknown> = {}) {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    OrganizationId: PRACTICE,
    Code: ['provider'],
    FirstName: 'Avery',
    LastName: "O'Brien",
    Suffix: 'MD',
    Email: `avery.${tag}@example.com`,
    Phone: '(555) 201-3344',
    Npi: freshNpi(),
    DeaNumber: 'AB1234563',
    Languages: ['en', 'es'],
    BoardCertifications: ['American Board of Family Medicine'],
    HospitalAffiliations: ['General Hospital'],
    HidePublicProfile: false,
    ...overrides,
  };
}

const addPerson = (token: string, body: Record<string, unknown>) =>
  t.call<Answer<PractitionerDetail>>({
    method: 'POST',
    url: PEOPLE_PATHS.practitioner,
    headers: bearer(token),
    payload: body,
  });

const list = (token: string, body: Record<string, unknown> = {}) =>
  t.call<{ Data: PracticeUser[]; CanEdit: boolean }>({
    method: 'POST',
    url: PEOPLE_PATHS.practiceUsers,
    headers: bearer(token),
    payload: { OrganizationId: PRACTICE, ...body },
  });

async function invitationLink(email: string): Promise<URL> {
  const [mail] = await t.sent({ to: email, template: 'staff-invitation' });
  const match = /https?:\/\/\S+\/account\/activate\?\S+/.exec(mail?.body ?? '');
  if (!match) throw new Error(`no invitation e-mail for ${email}`);
  return new URL(match[0]);
}

const linkQuery = (link: URL) => Object.fromEntries(link.searchParams.entries());

async function activate(link: URL, password: string, confirm = password) {
  return t.call<Answer<{ Email: string }>>({
    method: 'POST',
    url: PEOPLE_PATHS.activation,
    payload: {
      ...linkQuery(link),
      exp: Number(link.searchParams.get('exp')),
      Password: password,
      ConfirmPassword: confirm,
    },
  });
}

const login = (email: string, password: string) =>
  t.call<{ data: { access_token: string } }>({
    method: 'POST',
    url: '/api/account/login',
    payload: { UserName: email, Password: password },
  });

describe('adding a provider (POST v2/practitioner)', () => {
  it('refuses an NPI whose check digit is wrong, naming the field and the rule', async () => {
    const npi = freshNpi();
    const wrong = `${npi.slice(0, 9)}${(Number(npi[9]) + 1) % 10}`;
    const answer = await addPerson(admin, providerBody({ Npi: wrong }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json.errors).toContainEqual(expect.objectContaining({ field: 'body.Npi', rule: 'npi' }));
  });

  it('refuses a bad DEA number, a name with digits and a suffix over 25 characters', async () => {
    const answer = await addPerson(
      admin,
      providerBody({ DeaNumber: 'IB1234563', FirstName: 'Av3ry', Suffix: 'M'.repeat(26) }),
    );
    expect(answer.statusCode).toBe(400);
    const fields = answer.json.errors!.map((e) => `${e.field}:${e.rule}`);
    expect(fields).toEqual(
      expect.arrayContaining(['body.DeaNumber:dea', 'body.FirstName:pattern', 'body.Suffix:max_length']),
    );
  });

  it('adds the provider, audits Provider_Add_Web, announces directory.changed and e-mails a single-use activation link', async () => {
    const body = providerBody();
    const added = await addPerson(admin, body);
    expect(added.statusCode).toBe(200);
    const id = added.json.data.Id;
    expect(added.json.data).toMatchObject({
      Npi: body.Npi,
      DeaNumber: 'AB1234563',
      BoardCertifications: body.BoardCertifications,
      Email: body.Email,
    });

    const [audit] = await t.database.query<{ workflow: string; outcome: string }>(
      "select workflow, outcome from audit_events where entity_type = 'Practitioner' and entity_id = $1 and action = 'create'",
      [id],
    );
    expect(audit).toEqual({ workflow: 'Provider_Add_Web', outcome: 'success' });
    const events = await t.database.query<{ type: string; payload: { practitionerIds: string[] } }>(
      "select type, payload from domain_events where type = 'directory.changed' and aggregate_id = $1",
      [PRACTICE],
    );
    expect(events.some((e) => e.payload.practitionerIds.includes(id))).toBe(true);

    const listed = await list(admin, { SearchTerm: body.Email });
    expect(listed.json.Data).toEqual([
      expect.objectContaining({ PractitionerId: id, State: 'Invited', Code: ['provider'] }),
    ]);

    // The invited user cannot sign in before activating.
    const link = await invitationLink(body.Email);
    expect((await login(body.Email, 'Chosen-pass-42')).statusCode).toBe(401);

    const info = await t.call<Answer<{ Email: string }>>({ url: `${PEOPLE_PATHS.activation}${link.search}` });
    expect(info.statusCode).toBe(200);
    expect(info.json.data.Email).toBe(body.Email);

    expect((await activate(link, 'password1')).json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.Password' }),
    );
    expect((await activate(link, 'Chosen-pass-42', 'Other-pass-42')).json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.ConfirmPassword', rule: 'mismatch' }),
    );
    const tampered = new URL(link);
    tampered.searchParams.set('exp', String(Number(link.searchParams.get('exp')) + 3600));
    expect((await activate(tampered, 'Chosen-pass-42')).json.errors).toContainEqual(
      expect.objectContaining({ rule: 'link_invalid' }),
    );

    const done = await activate(link, 'Chosen-pass-42');
    expect(done.statusCode).toBe(200);
    // Single use.
    const again = await activate(link, 'Chosen-pass-43');
    expect(again.statusCode).toBe(400);
    expect(again.json.errors).toContainEqual(expect.objectContaining({ rule: 'link_invalid' }));

    const signedIn = await login(body.Email, 'Chosen-pass-42');
    expect(signedIn.statusCode).toBe(200);
    const claims = decodeJwt(signedIn.json.data.access_token) as {
      user_roles: string[];
      careslot_id: string;
      PracticeId: string;
    };
    expect(claims).toMatchObject({ user_roles: ['provider'], careslot_id: id, PracticeId: PRACTICE });
    expect((await list(admin, { SearchTerm: body.Email })).json.Data[0]!.State).toBe('Active');
  });

  it('a resent invitation makes the earlier link stop working', async () => {
    const body = providerBody({ Code: ['staff'], Npi: null, DeaNumber: null });
    const added = await addPerson(admin, body);
    expect(added.statusCode).toBe(200);
    const first = await invitationLink(body.Email);
    const resent = await t.call({
      method: 'POST',
      url: PEOPLE_PATHS.resendInvitation(added.json.data.Id),
      headers: bearer(admin),
    });
    expect(resent.statusCode).toBe(200);
    const second = await invitationLink(body.Email);
    expect(second.href).not.toBe(first.href);
    expect((await activate(first, 'Chosen-pass-42')).statusCode).toBe(400);
    expect((await activate(second, 'Chosen-pass-42')).statusCode).toBe(200);
    const [audit] = await t.database.query<{ workflow: string }>(
      "select workflow from audit_events where entity_type = 'Practitioner' and entity_id = $1 and action = 'create'",
      [added.json.data.Id],
    );
    expect(audit!.workflow).toBe('Staff_Add_Web');
  });
});

describe('own practice only', () => {
  it("answers 404 to another practice's admin, with a denied audit row, and 403 to staff adding people", async () => {
    const added = await addPerson(admin, providerBody());
    const id = added.json.data.Id;
    const other = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      PracticeId: DEMO_PRACTICE_IDS[1],
      careslot_id: crypto.randomUUID(),
    });
    const edit = await t.call({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitioner}/${id}`,
      headers: bearer(other),
      payload: providerBody(),
    });
    expect(edit.statusCode).toBe(404);
    const [audit] = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_type = 'Practitioner' and entity_id = $1 and action = 'update'",
      [id],
    );
    expect(audit!.outcome).toBe('denied');
    expect((await list(other)).statusCode).toBe(404);
    expect((await addPerson(other, providerBody())).statusCode).toBe(404);

    const staff = await signIn(t, STAFF, DEMO_PASSWORD);
    expect((await addPerson(staff, providerBody())).statusCode).toBe(403);
    const staffList = await list(staff);
    expect(staffList.statusCode).toBe(200);
    expect(staffList.json.CanEdit).toBe(false);
    expect(staffList.json.Data.some((u) => u.PractitionerId === id)).toBe(true);
  });
});

describe('a provider and their settings', () => {
  async function activatedProvider() {
    const body = providerBody();
    const added = await addPerson(admin, body);
    await activate(await invitationLink(body.Email), 'Chosen-pass-42');
    return { id: added.json.data.Id, body };
  }

  it('the provider edits their own profile and hides it; a picture is stored and served', async () => {
    const { id, body } = await activatedProvider();
    const token = (await login(body.Email, 'Chosen-pass-42')).json.data.access_token;
    const edited = await t.call<Answer<PractitionerDetail>>({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitioner}/${id}`,
      headers: bearer(token),
      payload: { ...body, FirstName: 'Avery Jo', HidePublicProfile: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json.data.Name[0]!.Given).toEqual(['Avery', 'Jo']);
    expect(edited.json.data.HidePublicProfile).toBe(true);

    const settings = await t.call<Answer<{ HidePublicProfile: boolean; Languages: string[] }>>({
      method: 'PUT',
      url: PEOPLE_PATHS.settingsUpdate,
      headers: bearer(token),
      payload: { PractitionerId: id, HidePublicProfile: false, Languages: ['en'] },
    });
    expect(settings.json.data).toMatchObject({ HidePublicProfile: false, Languages: ['en'] });

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const put = await t.call<Answer<{ Url: string }>>({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitioner}/${id}/profile-picture`,
      headers: bearer(token),
      payload: { Name: 'me.png', ContentType: 'image/png', Data: png.toString('base64') },
    });
    expect(put.statusCode).toBe(200);
    const served = await t.app.inject({ url: put.json.data.Url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const removed = await t.call({
      method: 'DELETE',
      url: `${PEOPLE_PATHS.practitioner}/${id}/profile-picture`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: put.json.data.Url })).statusCode).toBe(404);

    // A provider cannot edit a colleague: 403, the practice's own person being no secret to its users (decision 0080).
    const colleague = await addPerson(admin, providerBody());
    const foreign = await t.call({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitioner}/${colleague.json.data.Id}`,
      headers: bearer(token),
      payload: providerBody(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('changing the password needs the current one and ends the other sessions; the old password no longer signs in', async () => {
    const { id, body } = await activatedProvider();
    const current = (await login(body.Email, 'Chosen-pass-42')).json.data.access_token;
    const other = (await login(body.Email, 'Chosen-pass-42')).json.data.access_token;
    const change = (token: string, payload: Record<string, string>, userId = id) =>
      t.call<Answer<{ OtherSessionsEnded: number }>>({
        method: 'POST',
        url: PEOPLE_PATHS.updatePassword(userId),
        headers: bearer(token),
        payload,
      });
    const readSettings = (token: string) =>
      t.call({
        method: 'POST',
        url: PEOPLE_PATHS.settings,
        headers: bearer(token),
        payload: { PractitionerId: id },
      });

    const wrong = await change(current, {
      CurrentPassword: 'not-it-1',
      NewPassword: 'Fresh-pass-77',
      ConfirmPassword: 'Fresh-pass-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.CurrentPassword', rule: 'incorrect' }),
    );
    const common = await change(current, {
      CurrentPassword: 'Chosen-pass-42',
      NewPassword: 'password1',
      ConfirmPassword: 'password1',
    });
    expect(common.statusCode).toBe(400);
    expect(
      (
        await change(current, {
          CurrentPassword: 'Chosen-pass-42',
          NewPassword: 'short1',
          ConfirmPassword: 'short1',
        })
      ).statusCode,
    ).toBe(400);
    const someoneElse = await change(
      current,
      { CurrentPassword: 'Chosen-pass-42', NewPassword: 'Fresh-pass-77', ConfirmPassword: 'Fresh-pass-77' },
      crypto.randomUUID(),
    );
    expect(someoneElse.statusCode).toBe(404);

    const done = await change(current, {
      CurrentPassword: 'Chosen-pass-42',
      NewPassword: 'Fresh-pass-77',
      ConfirmPassword: 'Fresh-pass-77',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json.data.OtherSessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await readSettings(current)).statusCode).toBe(200);
    expect((await readSettings(other)).statusCode).toBe(401);
    expect((await login(body.Email, 'Chosen-pass-42')).statusCode).toBe(401);
    expect((await login(body.Email, 'Fresh-pass-77')).statusCode).toBe(200);
  });

  it('deactivating a user takes their roles away and signs them out', async () => {
    const { id, body } = await activatedProvider();
    const token = (await login(body.Email, 'Chosen-pass-42')).json.data.access_token;
    const [user] = (await list(admin, { SearchTerm: body.Email })).json.Data;
    const off = await t.call({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitionerRole}/${user!.RoleId}?email=${encodeURIComponent(body.Email)}`,
      headers: bearer(admin),
      payload: { Code: ['provider'], Active: false },
    });
    expect(off.statusCode).toBe(200);
    // The identity consumer of the access change (background) ends the sessions.
    await t.events.drain();
    expect(
      (
        await t.call({
          method: 'POST',
          url: PEOPLE_PATHS.settings,
          headers: bearer(token),
          payload: { PractitionerId: id },
        })
      ).statusCode,
    ).toBe(401);
    expect((await list(admin, { SearchTerm: body.Email })).json.Data[0]!.State).toBe('Inactive');
    const again = await login(body.Email, 'Chosen-pass-42');
    expect((decodeJwt(again.json.data.access_token) as { user_roles: string[] }).user_roles).toEqual([]);
  });
});

describe('roles (POST and PUT v2/practitionerrole)', () => {
  it("gives a role only to a practitioner who holds none; a colleague answers 409, another practice's person 404", async () => {
    const orphan = crypto.randomUUID();
    await t.database.query(
      "insert into practitioners (id, given_names, family_name, email) values ($1, '{Robin}', 'Vale', $2)",
      [orphan, `robin.${orphan.slice(0, 8)}@example.com`],
    );
    const give = (token: string, practitionerId: string) =>
      t.call<Answer<{ Code: string[]; OrganizationId: string }>>({
        method: 'POST',
        url: PEOPLE_PATHS.practitionerRole,
        headers: bearer(token),
        payload: { PractitionerId: practitionerId, OrganizationId: PRACTICE, Code: ['staff'] },
      });
    const given = await give(admin, orphan);
    expect(given.statusCode).toBe(200);
    expect(given.json.data).toMatchObject({ Code: ['staff'], OrganizationId: PRACTICE });
    expect((await give(admin, orphan)).statusCode).toBe(409);

    const other = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      PracticeId: DEMO_PRACTICE_IDS[1],
      careslot_id: crypto.randomUUID(),
    });
    const taken = await t.call({
      method: 'POST',
      url: PEOPLE_PATHS.practitionerRole,
      headers: bearer(other),
      payload: { PractitionerId: orphan, OrganizationId: DEMO_PRACTICE_IDS[1], Code: ['staff'] },
    });
    expect(taken.statusCode).toBe(404);
  });

  it("refuses an admin's taking away their own admin role", async () => {
    const me = decodeJwt(admin) as { careslot_id: string };
    const [mine] = (await list(admin)).json.Data.filter((u) => u.PractitionerId === me.careslot_id);
    const answer = await t.call<Answer<null>>({
      method: 'PUT',
      url: `${PEOPLE_PATHS.practitionerRole}/${mine!.RoleId}`,
      headers: bearer(admin),
      payload: { Code: ['staff'], Active: true },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json.errors).toContainEqual(
      expect.objectContaining({ field: 'body.Code', rule: 'own_admin_role' }),
    );
  });
});
